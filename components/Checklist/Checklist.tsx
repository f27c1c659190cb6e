import { Icon } from '../Icon/Icon';

export interface ChecklistItem {
  title: string;
  text: string;
}

export interface ChecklistProps {
  items: readonly ChecklistItem[];
}

/** Reasons to choose, each a short claim with one sentence behind it. */
export function Checklist({ items }: ChecklistProps) {
  return (
    <ul className="c-checklist" data-module="reveal">
      {items.map((item) => (
        <li className="c-checklist__item" key={item.title}>
          <Icon name="checkCircle" className="c-checklist__icon" />
          <div>
            <h3 className="c-checklist__title">{item.title}</h3>
            <p className="c-checklist__text">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

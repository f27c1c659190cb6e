import * as v from 'valibot';
import { Icon } from '../Icon/Icon';
import { list, text } from '../site/schema';

export const checklistContent = v.strictObject({
  items: list(v.strictObject({ title: text, text })),
});

export type ChecklistProps = v.InferOutput<typeof checklistContent>;

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

export interface Item {
  title: string;
  text: string;
}

export interface ItemGridProps {
  items: readonly Item[];
}

/** A list of short titled points (features, steps, benefits), laid out as a responsive grid. */
export function ItemGrid({ items }: ItemGridProps) {
  return (
    <ul className="c-item-grid">
      {items.map((item) => (
        <li className="c-item-grid__item" key={item.title}>
          <h3 className="c-item-grid__title">{item.title}</h3>
          <p className="c-item-grid__text">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

import * as v from 'valibot';
import { Card, cardContent } from '../Card/Card';
import { list } from '../site/schema';

export const cardGridContent = v.strictObject({
  cards: list(cardContent),
  columns: v.optional(v.picklist([2, 3, 4])),
  /**
   * Cards fade in one after another: 'short' steps 0.1 s (product cards), 'long' 0.2 s (pillars).
   * The delays come from the stylesheet, never from inline styles.
   */
  stagger: v.optional(v.picklist(['none', 'short', 'long'])),
});

export type CardGridProps = v.InferOutput<typeof cardGridContent>;

/** Cards in a responsive grid, as a list. */
export function CardGrid({ cards, columns = 3, stagger = 'none' }: CardGridProps) {
  const classes = ['c-card-grid', `c-card-grid--cols-${columns}`, stagger === 'none' ? '' : `c-card-grid--stagger-${stagger}`];
  return (
    <ul className={classes.filter(Boolean).join(' ')} data-module="reveal">
      {cards.map((card) => (
        <li className="c-card-grid__item" key={card.title}>
          <Card {...card} />
        </li>
      ))}
    </ul>
  );
}

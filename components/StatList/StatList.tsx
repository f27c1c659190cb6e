import * as v from 'valibot';
import { statContent } from '../StatFigure/StatFigure';
import { list } from '../site/schema';

export const statListContent = v.strictObject({
  stats: list(statContent),
});

export type StatListProps = v.InferOutput<typeof statListContent> & {
  /** Follows the tone of the section the list is in. */
  tone?: 'light' | 'dark';
};

/** Headline figures. Figure and label read as one phrase ("95% less manual work"). */
export function StatList({ stats, tone = 'light' }: StatListProps) {
  return (
    <ul className={`c-stat-list c-stat-list--${tone}`} data-module="reveal">
      {stats.map((stat) => (
        <li className="c-stat-list__item" key={stat.label}>
          <span className="c-stat-list__value">{stat.value}</span> <span className="c-stat-list__label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}

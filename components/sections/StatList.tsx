export interface Stat {
  /** The figure, as it should read: "95%", "120+", "2.3 s". */
  value: string;
  label: string;
}

export interface StatFigureProps {
  stat: Stat;
  /** The BEM block it sits in: classes are `<block>__stat`, `<block>__stat-value` and `<block>__stat-label`. */
  block: string;
}

/** One headline figure inside another component (a card, a split, a testimonial). */
export function StatFigure({ stat, block }: StatFigureProps) {
  return (
    <p className={`${block}__stat`}>
      <span className={`${block}__stat-value`}>{stat.value}</span> <span className={`${block}__stat-label`}>{stat.label}</span>
    </p>
  );
}

export interface StatListProps {
  stats: readonly Stat[];
  tone?: 'light' | 'dark';
}

/** Headline figures. Figure and label read as one phrase ("95% less manual work"). */
export function StatList({ stats, tone = 'light' }: StatListProps) {
  return (
    <ul className={`c-stats c-stats--${tone}`} data-module="reveal">
      {stats.map((stat) => (
        <li className="c-stats__item" key={stat.label}>
          <span className="c-stats__value">{stat.value}</span> <span className="c-stats__label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}

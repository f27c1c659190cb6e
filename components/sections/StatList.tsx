export interface Stat {
  /** The figure, as it should read: "95%", "120+", "2.3 s". */
  value: string;
  label: string;
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

import * as v from 'valibot';
import { text } from '../site/schema';

/** A headline figure as content gives it. */
export const statContent = v.strictObject({
  /** The figure, as it should read: "95%", "120+", "2.3 s". */
  value: text,
  label: text,
});

export type Stat = v.InferOutput<typeof statContent>;

export interface StatFigureProps {
  stat: Stat;
  /** 'stacked' in a card, 'ruled' under a block of copy, 'pill' above a quote. */
  variant: 'stacked' | 'ruled' | 'pill';
}

/** One headline figure inside another component (a card, a split, a testimonial). */
export function StatFigure({ stat, variant }: StatFigureProps) {
  return (
    <p className={`c-stat-figure c-stat-figure--${variant}`}>
      <span className="c-stat-figure__value">{stat.value}</span> <span className="c-stat-figure__label">{stat.label}</span>
    </p>
  );
}

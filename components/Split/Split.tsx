import type { ReactNode } from 'react';
import { Icon } from '../Icon/Icon';
import { type Stat, StatFigure } from '../StatFigure/StatFigure';

export interface SplitProps {
  paragraphs: readonly string[];
  points?: readonly string[];
  /** Whether the points are gains (ticks) or pains (warning marks), e.g. in a problem section. */
  pointsTone?: 'gain' | 'pain';
  /** A headline figure beside the points. */
  stat?: Stat;
  /** An illustration beside the text; without one, the points and figure take that place. */
  visual?: ReactNode;
  /** Put the illustration first on wide screens. */
  reverse?: boolean;
}

/** Copy on one side; an illustration, or the key points as a card, on the other. Stacked on narrow screens. */
export function Split({ paragraphs, points, pointsTone = 'gain', stat, visual, reverse = false }: SplitProps) {
  const details =
    points || stat ? (
      <>
        {points ? (
          <ul className={`c-split__points c-split__points--${pointsTone}`}>
            {points.map((point) => (
              <li className="c-split__point" key={point}>
                <Icon name={pointsTone === 'pain' ? 'alert' : 'check'} className="c-split__point-icon" size={18} />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {stat ? <StatFigure stat={stat} variant="ruled" /> : null}
      </>
    ) : null;
  const aside = visual ?? (details ? <div className="c-split__card">{details}</div> : null);
  const classes = ['c-split', aside ? 'c-split--two-columns' : '', reverse ? 'c-split--reverse' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-module="reveal">
      <div className="c-split__text">
        {paragraphs.map((paragraph) => (
          <p className="c-split__paragraph" key={paragraph}>
            {paragraph}
          </p>
        ))}
        {visual ? details : null}
      </div>
      {aside ? <div className="c-split__aside">{aside}</div> : null}
    </div>
  );
}

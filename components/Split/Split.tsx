import type { ReactNode } from 'react';
import * as v from 'valibot';
import { Icon } from '../Icon/Icon';
import { StatFigure, statContent } from '../StatFigure/StatFigure';
import { list, text } from '../site/schema';

export const splitContent = v.strictObject({
  paragraphs: list(text),
  points: v.optional(list(text)),
  /** Whether the points are gains (ticks) or pains (warning marks), e.g. in a problem section. */
  pointsTone: v.optional(v.picklist(['gain', 'pain'])),
  /** A headline figure beside the points. */
  stat: v.optional(statContent),
  /** Put the illustration first on wide screens. */
  reverse: v.optional(v.boolean()),
});

export type SplitProps = v.InferOutput<typeof splitContent> & {
  /** An illustration beside the text; without one, the points and figure take that place. */
  visual?: ReactNode;
};

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

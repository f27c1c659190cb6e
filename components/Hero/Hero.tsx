import type { ReactNode } from 'react';
import * as v from 'valibot';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { heading, label, list, text } from '../site/schema';

export const heroContent = v.strictObject({
  eyebrow: v.optional(heading),
  title: heading,
  lead: text,
  /** Label of the main call to action. */
  cta: v.optional(label),
  /** Label of a second, quieter call to action. */
  secondaryCta: v.optional(label),
  /** Short reassurances under the actions ("Free 30-minute demo"). */
  assurances: v.optional(list(text)),
});

export type HeroProps = v.InferOutput<typeof heroContent> & {
  /** Illustration beside the text: the page's largest paint, so it is never hidden behind JavaScript. */
  visual?: ReactNode;
};

export function Hero({ eyebrow, title, lead, cta, secondaryCta, assurances, visual }: HeroProps) {
  return (
    <section className={visual ? 'c-hero c-hero--split' : 'c-hero'} aria-labelledby="hero-title">
      <div className="o-container c-hero__inner">
        <div className="c-hero__text">
          {eyebrow ? <p className="c-hero__eyebrow">{eyebrow}</p> : null}
          <h1 className="c-hero__title" id="hero-title">
            {title}
          </h1>
          <p className="c-hero__lead">{lead}</p>
          {cta || secondaryCta ? (
            <div className="c-hero__actions">
              {cta ? <Button label={cta} size="lg" /> : null}
              {secondaryCta ? <Button label={secondaryCta} variant="secondary" size="lg" /> : null}
            </div>
          ) : null}
          {assurances ? (
            <ul className="c-hero__assurances">
              {assurances.map((item) => (
                <li className="c-hero__assurance" key={item}>
                  <Icon name="checkCircle" className="c-hero__assurance-icon" size={18} />
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {visual ? <div className="c-hero__visual">{visual}</div> : null}
      </div>
    </section>
  );
}

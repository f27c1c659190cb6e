import type { ReactNode } from 'react';
import { CtaButton } from '../ui/CtaButton';

export interface HeroProps {
  eyebrow?: string;
  title: string;
  lead: string;
  /** Label of the main call to action. */
  cta?: string;
  /** Label of a second, quieter call to action. */
  secondaryCta?: string;
  /** Illustration beside the text (the page's largest paint: never hidden behind JavaScript). */
  visual?: ReactNode;
}

export function Hero({ eyebrow, title, lead, cta, secondaryCta, visual }: HeroProps) {
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
              {cta ? <CtaButton label={cta} size="lg" /> : null}
              {secondaryCta ? <CtaButton label={secondaryCta} variant="secondary" size="lg" /> : null}
            </div>
          ) : null}
        </div>
        {visual ? <div className="c-hero__visual">{visual}</div> : null}
      </div>
    </section>
  );
}

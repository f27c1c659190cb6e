import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';

export interface HeroProps {
  eyebrow?: string;
  title: string;
  lead: string;
  /** Label of the main call to action. */
  cta?: string;
  /** Label of a second, quieter call to action. */
  secondaryCta?: string;
  /** Short reassurances under the actions ("Free 30-minute demo"). */
  assurances?: readonly string[];
  /** Illustration beside the text: the page's largest paint, so it is never hidden behind JavaScript. */
  visual?: ReactNode;
}

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

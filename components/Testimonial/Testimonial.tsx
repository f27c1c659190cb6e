import { type Stat, StatFigure } from '../StatFigure/StatFigure';

export interface TestimonialProps {
  quote: string;
  /** Who said it, by role: the spec names no person. */
  role: string;
  organisation: string;
  stat?: Stat;
}

export function Testimonial({ quote, role, organisation, stat }: TestimonialProps) {
  return (
    <figure className="c-testimonial" data-module="reveal">
      {stat ? <StatFigure stat={stat} variant="pill" /> : null}
      <blockquote className="c-testimonial__quote">
        <p>{quote}</p>
      </blockquote>
      <figcaption className="c-testimonial__source">
        <span className="c-testimonial__role">{role}</span>, <span>{organisation}</span>
      </figcaption>
    </figure>
  );
}

import type { Stat } from './StatList';

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
      {stat ? (
        <p className="c-testimonial__stat">
          <span className="c-testimonial__stat-value">{stat.value}</span>{' '}
          <span className="c-testimonial__stat-label">{stat.label}</span>
        </p>
      ) : null}
      <blockquote className="c-testimonial__quote">
        <p>{quote}</p>
      </blockquote>
      <figcaption className="c-testimonial__source">
        <span className="c-testimonial__role">{role}</span>, <span>{organisation}</span>
      </figcaption>
    </figure>
  );
}

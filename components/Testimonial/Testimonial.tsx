import * as v from 'valibot';
import { StatFigure, statContent } from '../StatFigure/StatFigure';
import { text } from '../site/schema';

export const testimonialContent = v.strictObject({
  quote: text,
  /** Who said it, by role: the spec names no person. */
  role: text,
  organisation: text,
  stat: v.optional(statContent),
});

export type TestimonialProps = v.InferOutput<typeof testimonialContent>;

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

import type { ReactNode } from 'react';
import * as v from 'valibot';
import { heading, slug, text } from '../site/schema';

/** The heading block every section of a page shares. */
export const sectionContent = v.strictObject({
  /** Unique on the page; also the anchor of the section and the id root of its heading. */
  id: slug,
  heading,
  eyebrow: v.optional(heading),
  intro: v.optional(text),
  tone: v.optional(v.picklist(['default', 'muted', 'dark'])),
  /** Centre the heading block (for sections whose body is centred too). */
  centered: v.optional(v.boolean()),
});

export type SectionProps = v.InferOutput<typeof sectionContent> & {
  children?: ReactNode;
};

/**
 * A titled band of the page. Its header fades in as it scrolls into view (client/reveal.ts); the
 * body components mark their own reveal, so that grids can stagger their items.
 */
export function Section({ id, heading, eyebrow, intro, tone = 'default', centered = false, children }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section className={`c-section c-section--${tone}`} id={id} aria-labelledby={headingId}>
      <div className="o-container">
        <header className={centered ? 'c-section__header c-section__header--centered' : 'c-section__header'} data-module="reveal">
          {eyebrow ? <p className="c-section__eyebrow">{eyebrow}</p> : null}
          <h2 className="c-section__title" id={headingId}>
            {heading}
          </h2>
          {intro ? <p className="c-section__intro">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

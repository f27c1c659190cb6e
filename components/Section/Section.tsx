import type { ReactNode } from 'react';

export type SectionTone = 'default' | 'muted' | 'dark';

export interface SectionProps {
  /** Unique on the page; also the anchor of the section and the id root of its heading. */
  id: string;
  heading: string;
  eyebrow?: string;
  intro?: string;
  tone?: SectionTone;
  /** Centre the heading block (for sections whose body is centred too). */
  centered?: boolean;
  children?: ReactNode;
}

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

import type { ReactNode } from 'react';

export type SectionTone = 'default' | 'muted' | 'dark';

export interface SectionProps {
  /** Unique on the page; also the anchor of the section and the id root of its heading. */
  id: string;
  heading: string;
  eyebrow?: string;
  intro?: string;
  tone?: SectionTone;
  children?: ReactNode;
}

/** A titled band of the page. Its content fades in as it scrolls into view (see client/reveal.ts). */
export function Section({ id, heading, eyebrow, intro, tone = 'default', children }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section className={`c-section c-section--${tone}`} id={id} aria-labelledby={headingId}>
      <div className="o-container" data-module="reveal">
        <header className="c-section__header">
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

import { Button } from '../Button/Button';

export interface CallToActionProps {
  id?: string;
  heading: string;
  text: string;
  cta: string;
  secondaryCta?: string;
  /** The small print under the buttons: what the demo or pilot costs and takes. */
  note?: string;
}

/** The closing band of a page: one heading, one sentence, one main action. */
export function CallToAction({ id = 'get-started', heading, text, cta, secondaryCta, note }: CallToActionProps) {
  const headingId = `${id}-title`;
  return (
    <section className="c-call-to-action" id={id} aria-labelledby={headingId}>
      <div className="o-container">
        <div className="c-call-to-action__inner" data-module="reveal">
          <h2 className="c-call-to-action__title" id={headingId}>
            {heading}
          </h2>
          <p className="c-call-to-action__text">{text}</p>
          <div className="c-call-to-action__actions">
            <Button label={cta} size="lg" variant="inverse" />
            {secondaryCta ? <Button label={secondaryCta} variant="ghost" size="lg" /> : null}
          </div>
          {note ? <p className="c-call-to-action__note">{note}</p> : null}
        </div>
      </div>
    </section>
  );
}

import * as v from 'valibot';
import { Button } from '../Button/Button';
import { heading, label, slug, text } from '../site/schema';

export const callToActionContent = v.strictObject({
  id: v.optional(slug),
  heading,
  text,
  cta: label,
  secondaryCta: v.optional(label),
  /** The small print under the buttons: what the demo or pilot costs and takes. */
  note: v.optional(text),
});

export type CallToActionProps = v.InferOutput<typeof callToActionContent>;

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

import * as v from 'valibot';
import { Icon, iconName } from '../Icon/Icon';
import { list, text } from '../site/schema';

export const stepsContent = v.strictObject({
  steps: list(v.strictObject({ title: text, text, icon: v.optional(iconName) })),
});

export type StepsProps = v.InferOutput<typeof stepsContent>;

/** An ordered process. The numbers are drawn by CSS counters; the list itself carries the order. */
export function Steps({ steps }: StepsProps) {
  return (
    <ol className={`c-steps c-steps--${steps.length}`} data-module="reveal">
      {steps.map((step) => (
        <li className="c-steps__item" key={step.title}>
          <div className="c-steps__marker">{step.icon ? <Icon name={step.icon} className="c-steps__icon" /> : null}</div>
          <h3 className="c-steps__title">{step.title}</h3>
          <p className="c-steps__text">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

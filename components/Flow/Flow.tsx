import * as v from 'valibot';
import { Icon, iconName } from '../Icon/Icon';
import { list, text } from '../site/schema';

export const flowContent = v.strictObject({
  stages: list(
    v.strictObject({
      icon: iconName,
      title: text,
      text,
      /** Outcomes the stage can lead to, shown as chips ("Approve", "Remind", "Default"). */
      actions: v.optional(list(text)),
    }),
  ),
});

export type FlowProps = v.InferOutput<typeof flowContent>;

/** A left-to-right pipeline (top-to-bottom on narrow screens); the arrows are decoration. */
export function Flow({ stages }: FlowProps) {
  return (
    <ol className="c-flow" data-module="reveal">
      {stages.map((stage, index) => (
        <li className="c-flow__stage" key={stage.title}>
          <span className="c-flow__icon">
            <Icon name={stage.icon} />
          </span>
          <h3 className="c-flow__title">{stage.title}</h3>
          <p className="c-flow__text">{stage.text}</p>
          {stage.actions ? (
            <ul className="c-flow__actions">
              {stage.actions.map((action) => (
                <li className="c-flow__action" key={action}>
                  {action}
                </li>
              ))}
            </ul>
          ) : null}
          {index < stages.length - 1 ? <Icon name="arrowRight" className="c-flow__arrow" /> : null}
        </li>
      ))}
    </ol>
  );
}

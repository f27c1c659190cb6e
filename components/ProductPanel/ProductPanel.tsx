import * as v from 'valibot';
import { Badge, badgeTone } from '../Badge/Badge';
import { Icon, iconName } from '../Icon/Icon';
import { list, text } from '../site/schema';

export const productPanelContent = v.strictObject({
  /** Small line above the title, e.g. "Lease application LA-20931". */
  label: text,
  title: text,
  icon: v.optional(iconName),
  /** Key figures as label/value pairs. */
  rows: v.optional(list(v.strictObject({ label: text, value: text }))),
  /** Sentences the product would show, e.g. the reasons behind an alert. */
  lines: v.optional(list(text)),
  badges: v.optional(list(v.strictObject({ tone: badgeTone, icon: v.optional(iconName), text }))),
  /** Suggested next actions, shown as chips. */
  actions: v.optional(list(text)),
  /** Marks the panel as an example when it shows invented data. */
  footnote: v.optional(text),
});

export type ProductPanelProps = v.InferOutput<typeof productPanelContent>;

/**
 * An illustrative product screen built from real text (so it is crisp, translatable and read by
 * screen readers), used beside hero and section copy.
 */
export function ProductPanel({ label, title, icon, rows, lines, badges, actions, footnote }: ProductPanelProps) {
  return (
    <figure className="c-product-panel">
      <div className="c-product-panel__head">
        {icon ? (
          <span className="c-product-panel__icon">
            <Icon name={icon} />
          </span>
        ) : null}
        <div>
          <p className="c-product-panel__label">{label}</p>
          <p className="c-product-panel__title">{title}</p>
        </div>
      </div>
      {badges ? (
        <ul className="c-product-panel__badges">
          {badges.map((badge) => (
            <li key={badge.text}>
              <Badge tone={badge.tone} icon={badge.icon}>
                {badge.text}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {rows ? (
        <dl className="c-product-panel__rows">
          {rows.map((row) => (
            <div className="c-product-panel__row" key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {lines ? (
        <ul className="c-product-panel__lines">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {actions ? (
        <>
          <p className="c-product-panel__actions-label">Suggested actions</p>
          <ul className="c-product-panel__actions">
            {actions.map((action) => (
              <li className="c-product-panel__action" key={action}>
                {action}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {footnote ? <figcaption className="c-product-panel__footnote">{footnote}</figcaption> : null}
    </figure>
  );
}

import { Badge, type BadgeTone } from '../Badge/Badge';
import { Icon, type IconName } from '../Icon/Icon';

export interface ProductPanelProps {
  /** Small line above the title, e.g. "Lease application LA-20931". */
  label: string;
  title: string;
  icon?: IconName;
  /** Key figures as label/value pairs. */
  rows?: readonly { label: string; value: string }[];
  /** Sentences the product would show, e.g. the reasons behind an alert. */
  lines?: readonly string[];
  badges?: readonly { tone: BadgeTone; icon?: IconName; text: string }[];
  /** Suggested next actions, shown as chips. */
  actions?: readonly string[];
  /** Marks the panel as an example when it shows invented data. */
  footnote?: string;
}

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

import * as v from 'valibot';
import { Icon, iconName } from '../Icon/Icon';
import { StatFigure, statContent } from '../StatFigure/StatFigure';
import { heading, label, list, sitePath, text } from '../site/schema';

export const cardContent = v.strictObject({
  icon: v.optional(iconName),
  title: heading,
  text,
  /** A few short supporting points, shown as a check list. */
  points: v.optional(list(text)),
  /** A headline figure for the card. */
  stat: v.optional(statContent),
  /** A link to the page that tells more. */
  link: v.optional(v.strictObject({ href: sitePath, label })),
});

export type CardProps = v.InferOutput<typeof cardContent>;

/** One feature, benefit or use case: a title, a sentence, and optionally an icon, a figure, points and a link. */
export function Card({ icon, title, text, points, stat, link }: CardProps) {
  return (
    <div className="c-card">
      {icon ? (
        <span className="c-card__icon">
          <Icon name={icon} />
        </span>
      ) : null}
      {stat ? <StatFigure stat={stat} variant="stacked" /> : null}
      <h3 className="c-card__title">{title}</h3>
      <p className="c-card__text">{text}</p>
      {points ? (
        <ul className="c-card__points">
          {points.map((point) => (
            <li className="c-card__point" key={point}>
              <Icon name="check" className="c-card__point-icon" size={16} />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {link ? (
        <a className="c-card__link" href={link.href}>
          {link.label}
          <Icon name="arrowRight" className="c-card__link-icon" size={16} />
        </a>
      ) : null}
    </div>
  );
}

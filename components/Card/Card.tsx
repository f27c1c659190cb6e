import { Icon, type IconName } from '../Icon/Icon';
import { type Stat, StatFigure } from '../StatFigure/StatFigure';

export interface CardProps {
  icon?: IconName;
  title: string;
  text: string;
  /** A few short supporting points, shown as a check list. */
  points?: readonly string[];
  /** A headline figure for the card. */
  stat?: Stat;
  /** A link to the page that tells more. */
  link?: { href: string; label: string };
}

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

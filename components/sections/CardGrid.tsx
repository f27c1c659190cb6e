import { Icon, type IconName } from '../ui/Icon';
import { StatFigure, type Stat } from './StatList';

export interface Card {
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

export interface CardGridProps {
  cards: readonly Card[];
  columns?: 2 | 3 | 4;
  /**
   * Cards fade in one after another: 'short' steps 0.1 s (product cards), 'long' 0.2 s (pillars).
   * The delays come from the stylesheet, never from inline styles.
   */
  stagger?: 'none' | 'short' | 'long';
}

export function CardGrid({ cards, columns = 3, stagger = 'none' }: CardGridProps) {
  const classes = ['c-card-grid', `c-card-grid--cols-${columns}`, stagger === 'none' ? '' : `c-card-grid--stagger-${stagger}`];
  return (
    <ul className={classes.filter(Boolean).join(' ')} data-module="reveal">
      {cards.map((card) => (
        <li className="c-card" key={card.title}>
          {card.icon ? (
            <span className="c-card__icon">
              <Icon name={card.icon} />
            </span>
          ) : null}
          {card.stat ? (
            <StatFigure stat={card.stat} block="c-card" />
          ) : null}
          <h3 className="c-card__title">{card.title}</h3>
          <p className="c-card__text">{card.text}</p>
          {card.points ? (
            <ul className="c-card__points">
              {card.points.map((point) => (
                <li className="c-card__point" key={point}>
                  <Icon name="check" className="c-icon c-card__point-icon" size={16} />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {card.link ? (
            <a className="c-card__link" href={card.link.href}>
              {card.link.label}
              <Icon name="arrowRight" className="c-icon c-card__link-icon" size={16} />
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

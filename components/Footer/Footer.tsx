import { Icon } from '../Icon/Icon';
import { Logo } from '../Logo/Logo';
import type { FooterLinks } from '../site/navigation';
import { useSite } from '../site/SiteContext';

export interface FooterProps {
  /** Its lists of pages (use cases, the company), each under its heading: from the route table. */
  lists: readonly FooterLinks[];
  /** Shown in the copyright line; passed in so a render is a pure function of its props. */
  year: number;
  /** An id for the footer element, for whoever needs to point at it. */
  id?: string;
  /** Where the brand links: the landing page's URL. */
  homeHref?: string;
}

export function Footer({ lists, year, id, homeHref = '/' }: FooterProps) {
  const { name, tagline, social, legal } = useSite();
  return (
    <footer className="c-footer" id={id}>
      <div className="o-container c-footer__grid">
        <div className="c-footer__about">
          <a className="c-footer__brand" href={homeHref}>
            <Logo />
            <span>{name}</span>
          </a>
          <p className="c-footer__tagline">{tagline}</p>
          <ul className="c-footer__social">
            {social.map((item) => (
              <li key={item.icon}>
                {item.href ? (
                  <a className="c-footer__social-button" href={item.href} aria-label={item.name}>
                    <Icon name={item.icon} size={20} />
                  </a>
                ) : (
                  <button type="button" className="c-footer__social-button" aria-label={item.name}>
                    <Icon name={item.icon} size={20} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
        {lists.map((list) => (
          <nav className="c-footer__nav" aria-labelledby={list.id} key={list.id}>
            <h2 className="c-footer__heading" id={list.id}>
              {list.heading}
            </h2>
            <ul className="c-footer__links">
              {list.links.map((link) => (
                <li key={link.href}>
                  <a className="c-footer__link" href={link.href}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="o-container c-footer__bottom">
        <p className="c-footer__copyright">
          © {year} {name}. All rights reserved.
        </p>
        <ul className="c-footer__legal">
          {legal.map((item) => (
            <li key={item.label}>
              {item.href ? (
                <a className="c-footer__legal-link" href={item.href}>
                  {item.label}
                </a>
              ) : (
                <button type="button" className="c-footer__legal-link">
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

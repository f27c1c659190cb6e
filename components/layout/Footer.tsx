import { useSite } from '../site/SiteContext';
import { Logo } from '../ui/Logo';
import { SocialIcon } from '../ui/SocialIcon';
import type { NavLink } from './navigation';

export interface FooterProps {
  useCases: readonly NavLink[];
  /** Shown in the copyright line; passed in so a render is a pure function of its props. */
  year: number;
}

export function Footer({ useCases, year }: FooterProps) {
  const { name, tagline, social, legal } = useSite();
  return (
    <footer className="c-footer">
      <div className="o-container c-footer__grid">
        <div className="c-footer__about">
          <a className="c-footer__brand" href="/">
            <Logo />
            <span>{name}</span>
          </a>
          <p className="c-footer__tagline">{tagline}</p>
          <ul className="c-footer__social">
            {social.map((item) => (
              <li key={item.icon}>
                {item.href ? (
                  <a className="c-footer__social-button" href={item.href} aria-label={item.name}>
                    <SocialIcon name={item.icon} />
                  </a>
                ) : (
                  <button type="button" className="c-footer__social-button" aria-label={item.name}>
                    <SocialIcon name={item.icon} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
        <nav className="c-footer__nav" aria-labelledby="footer-use-cases">
          <h2 className="c-footer__heading" id="footer-use-cases">
            Use cases
          </h2>
          <ul className="c-footer__links">
            {useCases.map((link) => (
              <li key={link.href}>
                <a className="c-footer__link" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
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

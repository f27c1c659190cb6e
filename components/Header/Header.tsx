import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Logo } from '../Logo/Logo';
import type { NavLink } from '../site/navigation';
import { useSite } from '../site/SiteContext';
import { type HeaderLayout, headerLayout } from './fit';

export interface HeaderProps {
  links: readonly NavLink[];
  /** Path of the page being rendered, to mark its link as current. */
  currentPath: string;
  /** Where the brand links: the landing page's URL. */
  homeHref?: string;
}

export const MENU_ID = 'site-menu';
const MENU_LABEL = 'Menu';
const CTA_LABEL = 'Request Demo';

/**
 * The fixed bar at the top of every page: the brand, the links and the call to action in one row
 * from the width the build finds they fit at (fit.ts), written as modifiers; narrower, the links
 * fold behind the menu button, then the call to action, then the button's word, and last the brand
 * breaks onto two lines. Without JavaScript every link is shown, under the brand where they do not
 * fit; its behaviour (header.client.ts, `data-module="header"`) opens and closes the menu.
 */
export function Header({ links, currentPath, homeHref = '/' }: HeaderProps) {
  const { name } = useSite();
  const layout = headerLayout({ brand: name, links: links.map((link) => link.label), toggle: MENU_LABEL, cta: CTA_LABEL });
  return (
    <header className={headerClasses(layout)} data-module="header">
      <div className="o-container c-header__inner">
        <a className="c-header__brand" href={homeHref}>
          <Logo />
          <span className="c-header__brand-name">{name}</span>
        </a>
        <button type="button" className="c-header__toggle" aria-expanded="false" aria-controls={MENU_ID} data-header-toggle="">
          <Icon name="menu" className="c-header__toggle-open" />
          <Icon name="close" className="c-header__toggle-close" />
          <span className="c-header__toggle-label">{MENU_LABEL}</span>
        </button>
        <div className="c-header__menu" id={MENU_ID}>
          <nav className="c-header__nav" aria-label="Main">
            <ul className="c-header__links">
              {links.map((link) => (
                <li key={link.href}>
                  <a className="c-header__link" href={link.href} aria-current={link.href === currentPath ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <Button label={CTA_LABEL} className="c-header__cta" />
        </div>
      </div>
    </header>
  );
}

/** The header's classes: from which width each part keeps its place, or that it never does. */
export function headerClasses({ rowFrom, ctaFrom, labelFrom }: HeaderLayout): string {
  return [
    'c-header',
    rowFrom === undefined ? 'c-header--folded' : `c-header--row-from-${rowFrom}`,
    ctaFrom === undefined ? 'c-header--cta-in-menu' : `c-header--cta-from-${ctaFrom}`,
    labelFrom === undefined ? 'c-header--icon-only' : `c-header--label-from-${labelFrom}`,
  ].join(' ');
}

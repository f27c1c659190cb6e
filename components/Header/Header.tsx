import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Logo } from '../Logo/Logo';
import type { NavLink } from '../site/navigation';
import { useSite } from '../site/SiteContext';

export interface HeaderProps {
  links: readonly NavLink[];
  /** Path of the page being rendered, to mark its link as current. */
  currentPath: string;
  /** Where the brand links: the landing page's URL. */
  homeHref?: string;
}

export const MENU_ID = 'site-menu';

/**
 * The fixed bar at the top of every page. Without JavaScript every link is shown; its behaviour
 * (header.client.ts, `data-module="header"`) collapses them behind the toggle on narrow screens.
 */
export function Header({ links, currentPath, homeHref = '/' }: HeaderProps) {
  const { name } = useSite();
  return (
    <header className="c-header" data-module="header">
      <div className="o-container c-header__inner">
        <a className="c-header__brand" href={homeHref}>
          <Logo />
          <span className="c-header__brand-name">{name}</span>
        </a>
        <button type="button" className="c-header__toggle" aria-expanded="false" aria-controls={MENU_ID} data-header-toggle="">
          <Icon name="menu" className="c-header__toggle-open" />
          <Icon name="close" className="c-header__toggle-close" />
          <span className="c-header__toggle-label">Menu</span>
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
          <Button label="Request Demo" className="c-header__cta" />
        </div>
      </div>
    </header>
  );
}

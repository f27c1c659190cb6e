import type { Route } from '../../pages/routes';

/** A link in the header or footer, derived from the route table by the build. */
export interface NavLink {
  href: string;
  label: string;
}

/** One list of the footer: its heading, the id that labels it, and its links. */
export interface FooterLinks {
  heading: string;
  id: string;
  links: readonly NavLink[];
}

/** What the shared layout needs to know about the whole site; computed once per build. */
export interface Navigation {
  /** The landing page's URL, which the brand links to: "/", or the base path the site lives under. */
  home: string;
  /** Header links, in the order of the route table. */
  main: readonly NavLink[];
  /** The footer's lists, each route in its own: in the order of their first route in the table. */
  footer: readonly FooterLinks[];
}

/**
 * What the header and footer show, from the route table. `home` is the landing page's URL and
 * `url` a route's, as the build writes them (under the base path): the build owns that mapping.
 */
export function navigationFrom(routes: readonly Route[], home: string, url: (routePath: Route['path']) => string): Navigation {
  const footer = new Map<string, NavLink[]>();
  for (const route of routes) {
    if (!route.footer) continue;
    const links = footer.get(route.footer.group) ?? [];
    links.push({ href: url(route.path), label: route.footer.label });
    footer.set(route.footer.group, links);
  }
  return {
    home,
    main: routes.flatMap((route) => (route.nav ? [{ href: url(route.path), label: route.nav }] : [])),
    footer: [...footer].map(([heading, links], index, lists) => {
      const id = footerListId(heading);
      // Two headings of one spelling but for case or accents ("Company", "company") keep ids of their own.
      const shared = lists.some(([other], at) => at < index && footerListId(other) === id);
      return { heading, id: shared ? `${id}-${index + 1}` : id, links };
    }),
  };
}

/** "Use cases" → "footer-use-cases": the id the heading of a list has, which labels it. */
function footerListId(heading: string): string {
  const slug = heading
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `footer-${slug || 'links'}`;
}

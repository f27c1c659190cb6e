import type { ShellRoute } from '../../generator/site';

/** What a route of the table says of its place in the header and footer (pages/routes.ts). */
export interface RouteFields {
  /** Label in the header navigation, if the page is linked there. */
  nav?: string;
  /** Its link in the footer, if it has one: the list it is filed under, and its label there. */
  footer?: { group: string; label: string };
}

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
 * What the header and footer show, from the pages with an address (the route table's, then the
 * collections' lists), each at the URL the build gives it; `home` is the landing page's.
 */
export function navigationFrom(routes: readonly ShellRoute<RouteFields>[], home: string): Navigation {
  // Every page of a build hands the same routes: derived once for them.
  const known = derived.get(routes);
  if (known?.home === home) return known;
  const navigation = derive(routes, home);
  derived.set(routes, navigation);
  return navigation;
}

const derived = new WeakMap<readonly ShellRoute<RouteFields>[], Navigation>();

function derive(routes: readonly ShellRoute<RouteFields>[], home: string): Navigation {
  const footer = new Map<string, NavLink[]>();
  // A list with nothing in it yet is not worth a visitor's click: linked once it lists something.
  const linked = routes.filter((route) => !route.empty);
  for (const route of linked) {
    const filed = route.fields?.footer;
    if (!filed) continue;
    const links = footer.get(filed.group) ?? [];
    links.push({ href: route.url, label: filed.label });
    footer.set(filed.group, links);
  }
  return {
    home,
    main: linked.flatMap((route) => (route.fields?.nav ? [{ href: route.url, label: route.fields.nav }] : [])),
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

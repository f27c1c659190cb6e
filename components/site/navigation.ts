import type { ShellRoute } from '../../generator';

/** What a route of the table says of its place in the header and footer (pages/routes.ts). */
export interface RouteFields {
  /** Label in the header navigation, if the page is linked there. */
  nav?: string;
  /** Label in the footer's use-case list, if the page is linked there. */
  useCase?: string;
}

/** A link in the header or footer, derived from the route table by the build. */
export interface NavLink {
  href: string;
  label: string;
}

/** What the shared layout needs to know about the whole site; computed once per build. */
export interface Navigation {
  /** The landing page's URL, which the brand links to: "/", or the base path the site lives under. */
  home: string;
  /** Header links, in the order of the route table. */
  main: readonly NavLink[];
  /** The footer's use-case list. */
  useCases: readonly NavLink[];
}

/** Header and footer links, in route-table order. */
export function navigationFrom(routes: readonly ShellRoute<RouteFields>[], home: string): Navigation {
  return {
    home,
    main: routes.flatMap((route) => (route.fields?.nav ? [{ href: route.url, label: route.fields.nav }] : [])),
    useCases: routes.flatMap((route) => (route.fields?.useCase ? [{ href: route.url, label: route.fields.useCase }] : [])),
  };
}

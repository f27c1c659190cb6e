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

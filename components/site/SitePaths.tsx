import { createContext, useContext } from 'react';

/** The site's public URLs as pages need them, provided by the build from the route table and the base path. */
export interface SitePaths {
  /** The landing page: "/", or the base path the site lives under ("/site/"). */
  home: string;
  /**
   * A root-relative link of the site's copy or configuration ("/decision-engine/") as the page
   * must write it, under the base path; any other URL (another origin, a fragment) as it is.
   */
  link: (href: string) => string;
  /** The canonical URL of every route ("/", "/about-us/", ...), for the 404 page. */
  routes: readonly string[];
  /** Each redirect's source and the canonical URL of its target ("/about/" → "/about-us/"), for the 404 page. */
  redirects: readonly (readonly [from: string, to: string])[];
}

/**
 * The 404 page embeds the routes and redirects so that its script can send a mis-cased or
 * slash-less request to the page it meant (and a redirect's source, in any case, to its
 * target), on static hosts that match paths case-sensitively. Tests render without a provider:
 * the site at the root, nothing known.
 */
export const SitePathsContext = createContext<SitePaths>({ home: '/', link: (href) => href, routes: [], redirects: [] });

export function useSitePaths(): SitePaths {
  return useContext(SitePathsContext);
}

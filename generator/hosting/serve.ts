import { ASSETS_DIR, CACHE_IMMUTABLE, CACHE_REVALIDATE, type InlineCode, securityHeaders } from './policy';
import { type HostedSite, ROOT_SITE } from './redirects';

/** The shape of serve.json that we use (serve-handler's configuration). */
export interface ServeConfig {
  cleanUrls: string[];
  directoryListing: boolean;
  redirects: { source: string; destination: string; type: number }[];
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

/**
 * serve.json for `serve` (npm run preview, the tests). serve finds it in the folder it serves.
 * - Extension-less paths resolve to <path>/index.html, so /about-us and /about-us/ both render;
 *   a redirect to the slash form is left out because serve's drops the query string. Paths with
 *   an extension are served as they are: no .html-stripping redirects to non-canonical URLs.
 * - An unknown path gets 404.html with status 404 (serve's convention), and no directory listing.
 * - The redirects of the table, each source with or without its slash and in any case (serve
 *   matches them so); serve drops the query string of a redirect.
 * - Headers match in order and a later rule wins, so assets/** overrides the no-cache default.
 * No Strict-Transport-Security: serve is a local, plain-HTTP preview.
 *
 * serve maps URL paths to the files of the folder it serves, so under a base path that folder
 * holds the site in the base's folder (and 404.html, which serve reads from its root): what
 * `npm run preview` lays out with links.
 */
export function serveConfig(inline: InlineCode, site: HostedSite = ROOT_SITE): ServeConfig {
  return {
    cleanUrls: ['!**/*.*'],
    directoryListing: false,
    redirects: site.redirects.map((rule) => ({ source: rule.from, destination: rule.to, type: rule.status })),
    headers: [
      {
        source: '**',
        headers: [...securityHeaders({ https: false, inline }), ['Cache-Control', CACHE_REVALIDATE] as const].map(([key, value]) => ({
          key,
          value,
        })),
      },
      { source: `${site.base.slice(1)}${ASSETS_DIR}/**`, headers: [{ key: 'Cache-Control', value: CACHE_IMMUTABLE }] },
    ],
  };
}

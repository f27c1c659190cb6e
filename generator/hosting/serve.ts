import { ASSETS_DIR, CACHE_IMMUTABLE, CACHE_REVALIDATE, type InlineCode, securityHeaders } from './policy';

/** The shape of serve.json that we use (serve-handler's configuration). */
export interface ServeConfig {
  cleanUrls: string[];
  directoryListing: boolean;
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

/**
 * serve.json for `serve` (npm run preview, the tests). serve finds it in the folder it serves.
 * - Extension-less paths resolve to <path>/index.html, so /about-us and /about-us/ both render;
 *   a redirect to the slash form is left out because serve's drops the query string. Paths with
 *   an extension are served as they are: no .html-stripping redirects to non-canonical URLs.
 * - An unknown path gets 404.html with status 404 (serve's convention), and no directory listing.
 * - Headers match in order and a later rule wins, so assets/** overrides the no-cache default.
 * No Strict-Transport-Security: serve is a local, plain-HTTP preview.
 */
export function serveConfig(inline: InlineCode): ServeConfig {
  return {
    cleanUrls: ['!**/*.*'],
    directoryListing: false,
    headers: [
      {
        source: '**',
        headers: [...securityHeaders({ https: false, inline }), ['Cache-Control', CACHE_REVALIDATE] as const].map(([key, value]) => ({
          key,
          value,
        })),
      },
      { source: `${ASSETS_DIR}/**`, headers: [{ key: 'Cache-Control', value: CACHE_IMMUTABLE }] },
    ],
  };
}

import { ASSETS_DIR, CACHE_IMMUTABLE, CACHE_REVALIDATE, type InlineCode, securityHeaders } from './policy';
import { type HostedSite, ROOT_SITE } from './redirects';

/** The part of serve-handler's configuration used here. */
export interface ServeConfig {
  cleanUrls: string[];
  directoryListing: boolean;
  redirects: { source: string; destination: string; type: number }[];
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

const header = ([key, value]: readonly [string, string]) => ({ key, value });

/**
 * serve.json for `serve` (npm run preview, the tests). Extension-less paths resolve to
 * <path>/index.html with no redirect to the slash form (serve's drops the query string), and no
 * .html-stripping redirects to non-canonical URLs. Headers match in order and a later rule wins,
 * so assets/** overrides the no-cache default. No Strict-Transport-Security: a plain-HTTP preview.
 * Under a base path the folder serve reads holds the site in the base's folder (npm run preview lays it out).
 */
export function serveConfig(inline: InlineCode, site: HostedSite = ROOT_SITE): ServeConfig {
  return {
    cleanUrls: ['!**/*.*'],
    directoryListing: false,
    redirects: site.redirects.map((rule) => ({ source: rule.from, destination: rule.to, type: rule.status })),
    headers: [
      { source: '**', headers: [...securityHeaders({ https: false, inline }), ['Cache-Control', CACHE_REVALIDATE] as const].map(header) },
      { source: `${site.base.slice(1)}${ASSETS_DIR}/**`, headers: [{ key: 'Cache-Control', value: CACHE_IMMUTABLE }] },
    ],
  };
}

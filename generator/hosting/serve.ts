import { ASSETS_DIR, CACHE_IMMUTABLE, CACHE_REVALIDATE, type InlineCode, securityHeaders } from './policy';
import { type HostedSite, ROOT_SITE } from './redirects';

export interface ServeConfig {
  cleanUrls: string[];
  directoryListing: boolean;
  redirects: { source: string; destination: string; type: number }[];
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

const header = ([key, value]: readonly [string, string]) => ({ key, value });

/** No redirect to the slash form (serve's drops the query) nor to .html-stripped URLs; a later rule wins, so assets/** overrides. */
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

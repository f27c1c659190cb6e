import type { BuildOptions } from './context';
import { BuildError } from './context';

/**
 * The one public form of a route's URL: "/" stays "/", "/about-us" becomes "/about-us/". The route
 * table keeps paths without the slash; links, canonicals, the sitemap and the 404 page's list of
 * known paths all go through here, so the site never links one page under two URLs.
 */
export function canonicalPath(routePath: string): string {
  return routePath === '/' ? '/' : `${routePath.replace(/\/+$/, '')}/`;
}

/**
 * The site's absolute origin, without a trailing slash, for canonical URLs, Open Graph and the
 * sitemap. In order: the `siteUrl` build option (the CLI's --site-url), the SITE_URL environment
 * variable, then `url` in site.config.ts. It must be a bare http(s) origin: every asset path is
 * root-relative, so the site cannot live under a sub-path.
 */
export function siteUrl(
  options: Pick<BuildOptions, 'siteUrl' | 'site'>,
  env: Record<string, string | undefined> = process.env,
): string {
  const value = options.siteUrl || env.SITE_URL || options.site.url;
  // Named by where the value came from; defaultOptions() fills siteUrl from SITE_URL or site.url.
  const source =
    value === options.site.url
      ? 'url in site.config.ts'
      : value === env.SITE_URL
        ? 'the SITE_URL environment variable'
        : 'the --site-url option';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BuildError(`The site URL "${value}" (from ${source}) is not an absolute URL such as https://www.example.com.`, {
      file: source === 'url in site.config.ts' ? 'site.config.ts' : undefined,
    });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new BuildError(
      `The site URL "${value}" (from ${source}) must be a bare http(s) origin such as https://www.example.com, without a path, query or fragment.`,
      { file: source === 'url in site.config.ts' ? 'site.config.ts' : undefined },
    );
  }
  return url.origin;
}

/** An absolute URL on the site: `absoluteUrl('https://x.com', '/about-us/')` → "https://x.com/about-us/". */
export function absoluteUrl(origin: string, urlPath: string): string {
  return `${origin}${urlPath.startsWith('/') ? urlPath : `/${urlPath}`}`;
}

import type { SiteConfig } from '../site.config';
import { type BuildContext, BuildError } from './context';

/**
 * The one public form of a route's URL: "/" stays "/", "/about-us" becomes "/about-us/". The route
 * table keeps paths without the slash; links, canonicals, the sitemap and the 404 page's list of
 * known paths all go through here, so the site never links one page under two URLs.
 */
export function canonicalPath(routePath: string): string {
  return routePath === '/' ? '/' : `${routePath.replace(/\/+$/, '')}/`;
}

/** The output file of a route: "/" → "index.html", "/about-us" → "about-us/index.html". */
export function routeFile(routePath: string): string {
  const slug = routePath.replace(/^\/+|\/+$/g, '');
  return slug === '' ? 'index.html' : `${slug}/index.html`;
}

/** The route a page file answers, inverting routeFile(): "about-us/index.html" → "/about-us"; undefined for any other file. */
export function fileRoute(file: string): `/${string}` | undefined {
  if (file === 'index.html') return '/';
  return file.endsWith('/index.html') ? `/${file.slice(0, -'/index.html'.length)}` : undefined;
}

/**
 * The site's absolute origin, without a trailing slash, for canonical URLs, Open Graph and the
 * sitemap. In order: the `siteUrl` build option (the CLI's --site-url), the SITE_URL environment
 * variable, then `url` in site.config.ts. It must be a bare http(s) origin: every asset path is
 * root-relative, so the site cannot live under a sub-path.
 */
export function siteUrl(
  options: { siteUrl?: string | undefined; site: Pick<SiteConfig, 'url'> },
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

/** The route table and site configuration a build learnt from its render worker (the routes step). */
export function siteOf(ctx: BuildContext): NonNullable<BuildContext['site']> {
  if (!ctx.site) throw new BuildError('A step needed the route table before the routes step read it.');
  return ctx.site;
}

/** The site's origin for this build: siteUrl() of its options and site configuration. */
export function originOf(ctx: BuildContext): string {
  return siteUrl({ siteUrl: ctx.options.siteUrl, site: siteOf(ctx).site });
}

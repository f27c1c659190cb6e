import type { SiteConfig } from '../site.config';
import { BuildError } from './failure';

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

/** Where the site lives: its origin and the folder of that origin it is served from. */
export interface SiteAddress {
  /** "https://www.example.com", without a trailing slash. */
  origin: string;
  /** The path every URL of the site starts with: "/" at the root of the origin, or a folder such as "/site/". */
  base: string;
}

/**
 * A path of the site as its public URL path, under the base path the site is built for:
 * `publicPath('/site/', '/about-us/')` → "/site/about-us/", `publicPath('/', '/about-us/')` →
 * "/about-us/". Every root-relative URL the build writes (links, assets, the manifest, host
 * configurations) goes through here, so that no URL of the site escapes its folder.
 */
export function publicPath(base: string, sitePath: string): string {
  return base === '/' ? sitePath : `${base}${sitePath.replace(/^\/+/, '')}`;
}

/** A route's one public URL path: its canonical path under the base, `routeUrl('/site/', '/about-us')` → "/site/about-us/". */
export function routeUrl(base: string, routePath: string): string {
  return publicPath(base, canonicalPath(routePath));
}

/**
 * The inverse of publicPath(): the path of the site a public URL path names ("/site/about-us/" →
 * "/about-us/"), or undefined for a path outside the base (including the base without its slash).
 */
export function sitePathOf(base: string, urlPath: string): string | undefined {
  if (base === '/') return urlPath;
  return urlPath.startsWith(base) ? `/${urlPath.slice(base.length)}` : undefined;
}

/** A folder name of a base path: what a URL path segment can hold without being encoded, "." and ".." aside. */
const BASE_SEGMENT = /^(?!\.\.?$)[A-Za-z0-9._~-]+$/;

/**
 * Checks a base path ("/site/", "/preview/pr-42/") and returns it: it starts and ends with "/",
 * and each folder name holds only letters, digits and - . _ ~ (nothing a URL would encode, or a
 * host configuration would read as syntax). `source` names where it came from, for the message.
 */
export function checkBase(value: string, source: string, file?: string): string {
  const problem = (text: string) => new BuildError(`The base path "${value}" (from ${source}) ${text}`, { file });
  if (/[?#]/.test(value)) throw problem('must be a path alone, without a query or fragment, such as "/site/".');
  if (!value.startsWith('/') || !value.endsWith('/')) throw problem('must start and end with "/", such as "/site/".');
  if (
    value !== '/' &&
    !value
      .slice(1, -1)
      .split('/')
      .every((segment) => BASE_SEGMENT.test(segment))
  ) {
    throw problem('may hold only folder names of letters, digits and - . _ ~, such as "/preview/pr-42/".');
  }
  return value;
}

/**
 * Where the site lives, for canonical URLs, Open Graph, the sitemap and every root-relative URL.
 * The site URL comes from, in order: the `siteUrl` build option (the CLI's --site-url), the
 * SITE_URL environment variable, then `url` in site.config.ts. It must be an http(s) origin, with
 * optionally the folder the site lives in ("https://example.com/site/"). The `base` build option
 * (--base) gives that folder too; given both, they must agree.
 */
export function siteAddress(
  options: { siteUrl?: string | undefined; base?: string | undefined; site: Pick<SiteConfig, 'url'> },
  env: Record<string, string | undefined> = process.env,
): SiteAddress {
  const value = options.siteUrl || env.SITE_URL || options.site.url;
  // Named by where the value came from; defaultOptions() fills siteUrl from SITE_URL or site.url.
  const source =
    value === options.site.url
      ? 'url in site.config.ts'
      : value === env.SITE_URL
        ? 'the SITE_URL environment variable'
        : 'the --site-url option';
  const file = source === 'url in site.config.ts' ? 'site.config.ts' : undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BuildError(`The site URL "${value}" (from ${source}) is not an absolute URL such as https://www.example.com.`, { file });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || value.includes('?')) {
    throw new BuildError(
      `The site URL "${value}" (from ${source}) must be an http(s) origin such as https://www.example.com, or the folder the site lives in such as https://www.example.com/site/, without a query or fragment.`,
      { file },
    );
  }
  if (!url.pathname.endsWith('/')) {
    throw new BuildError(
      `The site URL "${value}" (from ${source}) names a folder without its closing "/": write ${url.origin}${url.pathname}/ for a site that lives in that folder.`,
      { file },
    );
  }
  const urlBase = checkBase(url.pathname, `the path of the site URL "${value}" (from ${source})`, file);
  if (options.base === undefined) return { origin: url.origin, base: urlBase };
  const base = checkBase(options.base, 'the --base option');
  if (urlBase !== '/' && urlBase !== base) {
    throw new BuildError(
      `The base path ${base} (from --base) and the path ${urlBase} of the site URL "${value}" (from ${source}) disagree: give the folder once, or the same in both.`,
      { file },
    );
  }
  return { origin: url.origin, base };
}

/** An absolute URL: an origin and a public URL path, `absoluteUrl('https://x.com', '/site/about-us/')` → "https://x.com/site/about-us/". */
export function absoluteUrl(origin: string, urlPath: string): string {
  return `${origin}${urlPath.startsWith('/') ? urlPath : `/${urlPath}`}`;
}

import { BuildError } from './failure';

/** "/about-us" → "/about-us/": every link goes through here, so the site never links one page under two URLs. */
export function canonicalPath(routePath: string): string {
  return routePath === '/' ? '/' : `${routePath.replace(/\/+$/, '')}/`;
}

/** Letters that are not a base letter and an accent, so NFKD leaves them whole: spelled as their languages write them in ASCII. */
const LETTERS = new Map(
  'ß=ss æ=ae ø=o œ=oe ł=l đ=d ð=d þ=th ı=i ħ=h ŧ=t ŋ=n'.split(' ').map((pair) => pair.split('=') as [string, string]),
);
const WHOLE_LETTER = new RegExp(`[${[...LETTERS.keys()].join('')}]`, 'g');

/** A name in an address (a heading's id, an image's file, an entry's file): "Łódź: Straße 2" is lodz-strasse-2; "" when no letter or digit is left. */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(WHOLE_LETTER, (letter) => LETTERS.get(letter) ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A project folder as a config may write it ("./public/"), as the build names it ("public"). */
export function folderName(folder: string): string {
  return folder.replace(/^\.\//, '').replace(/\/$/, '');
}

/** "/" → "index.html", "/about-us" → "about-us/index.html". */
export function routeFile(routePath: string): string {
  const slug = routePath.replace(/^\/+|\/+$/g, '');
  return slug === '' ? 'index.html' : `${slug}/index.html`;
}

/** routeFile() inverted; undefined for any other file. */
export function fileRoute(file: string): `/${string}` | undefined {
  if (file === 'index.html') return '/';
  return file.endsWith('/index.html') ? `/${file.slice(0, -'/index.html'.length)}` : undefined;
}

export interface SiteAddress {
  /** Without a trailing slash. */
  origin: string;
  /** "/", or "/site/". */
  base: string;
}

/** `publicPath('/site/', '/about-us/')` → "/site/about-us/": every URL goes through here, so that none escapes the site's folder. */
export function publicPath(base: string, sitePath: string): string {
  return base === '/' ? sitePath : `${base}${sitePath.replace(/^\/+/, '')}`;
}

export function routeUrl(base: string, routePath: string): string {
  return publicPath(base, canonicalPath(routePath));
}

/** publicPath() inverted; undefined outside the base (the base without its slash too). */
export function sitePathOf(base: string, urlPath: string): string | undefined {
  if (base === '/') return urlPath;
  return urlPath.startsWith(base) ? `/${urlPath.slice(base.length)}` : undefined;
}

/** Longer, and the folders a host keeps the site in run into the file system's limits. */
const MAX_BASE = 128;

/** Nothing a host configuration could read as syntax. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** What a URL path holds unencoded, "." and ".." aside: nothing a host configuration would read as syntax. */
const BASE_FOLDERS = /^\/(?:(?!\.\.?\/)[A-Za-z0-9._~-]+\/)*$/;

/** `source` names where it came from. */
export function checkBase(value: string, source: string, file?: string): string {
  const problem = (text: string) => new BuildError(`The base path "${value}" (from ${source}) ${text}`, { file });
  if (/[?#]/.test(value)) throw problem('must be a path alone, without a query or fragment, such as "/site/".');
  if (!value.startsWith('/') || !value.endsWith('/')) throw problem('must start and end with "/", such as "/site/".');
  if (!BASE_FOLDERS.test(value)) throw problem('may hold only folder names of letters, digits and - . _ ~, such as "/preview/pr-42/".');
  if (value.length > MAX_BASE) throw problem(`is ${value.length} characters long; a base path may have ${MAX_BASE} at most.`);
  return value;
}

/** --site-url, else $SITE_URL, else the config's `url`: an origin, or the site's folder, which must agree with --base. */
export function siteAddress(
  options: { siteUrl?: string | undefined; base?: string | undefined; site: { url: string }; config?: string },
  env: Record<string, string | undefined> = process.env,
): SiteAddress {
  const value = options.siteUrl || env.SITE_URL || options.site.url;
  const configFile = options.config ?? 'site.config.ts';
  const source =
    value === options.site.url
      ? `url in ${configFile}`
      : value === env.SITE_URL
        ? 'the SITE_URL environment variable'
        : 'the --site-url option';
  const file = value === options.site.url ? configFile : undefined;
  const problem = (text: string) => new BuildError(`The site URL "${value}" (from ${source}) ${text}`, { file });
  if (!URL.canParse(value)) throw problem('is not an absolute URL such as https://www.example.com.');
  const url = new URL(value);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || value.includes('?'))
    throw problem(
      'must be an http(s) origin such as https://www.example.com, or the folder the site lives in such as https://www.example.com/site/, without a query or fragment.',
    );
  if (!HOST_NAME.test(url.hostname))
    throw problem(
      `has the host "${url.hostname}", which is not a domain name such as www.example.com (letters, digits, hyphens and dots).`,
    );
  if (!url.pathname.endsWith('/'))
    throw problem(`names a folder without its closing "/": write ${url.origin}${url.pathname}/ for a site that lives in that folder.`);
  const urlBase = checkBase(url.pathname, `the path of the site URL "${value}" (from ${source})`, file);
  if (options.base === undefined) return { origin: url.origin, base: urlBase };
  const base = checkBase(options.base, 'the --base option');
  if (urlBase !== '/' && urlBase !== base)
    throw new BuildError(
      `The base path ${base} (from --base) and the path ${urlBase} of the site URL "${value}" (from ${source}) disagree: give the folder once, or the same in both.`,
      { file },
    );
  return { origin: url.origin, base };
}

export function absoluteUrl(origin: string, urlPath: string): string {
  return `${origin}${urlPath.startsWith('/') ? urlPath : `/${urlPath}`}`;
}

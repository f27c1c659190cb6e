import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio/slim';
import { BuildError, type BuildContext } from '../context';
import { isSiteFile } from '../hosting/policy';
import { routeFile } from '../output';
import { siteUrl } from '../urls';

/** One reference that points at nothing, with where it was found. */
interface Problem {
  file: string;
  message: string;
}

/** Attributes that hold a URL, on any element. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action', 'xlink:href'] as const;
/** <meta> tags whose content is a URL on the site. */
const URL_METAS = new Set(['og:url', 'og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image']);

/**
 * The link check: reads every page, stylesheet, manifest, sitemap and robots.txt of the output
 * and fails the build if any internal link, #anchor or asset reference points at nothing, or
 * links a page by a non-canonical URL (without its trailing slash). Absolute URLs on the site's
 * own origin (canonical, og:image, the sitemap) are checked like root-relative ones; other
 * origins are left alone, since the build makes no network calls.
 */
export async function checkLinks(ctx: BuildContext): Promise<void> {
  const checker = new LinkChecker(ctx.staging, ctx.outputs.map((output) => output.path).filter(isSiteFile), siteUrl(ctx.options));
  const problems = await checker.run();
  if (problems.length === 0) return;
  const routeOf = new Map(ctx.options.routes.map((route) => [routeFile(route.path), route.path]));
  const lines = problems.map(({ file, message }) => {
    const route = routeOf.get(file);
    return `  ${file}${route ? ` (route ${route})` : ''}: ${message}`;
  });
  throw new BuildError(
    `The link check found ${problems.length} broken reference${problems.length === 1 ? '' : 's'} in the output:\n${lines.join('\n')}`,
    { file: problems[0]?.file, route: routeOf.get(problems[0]?.file ?? '') },
  );
}

export class LinkChecker {
  private readonly files: Set<string>;
  private readonly ids = new Map<string, Set<string>>();
  private readonly problems: Problem[] = [];

  constructor(
    private readonly root: string,
    files: readonly string[],
    private readonly origin: string,
  ) {
    this.files = new Set(files);
  }

  async run(): Promise<Problem[]> {
    for (const file of [...this.files].sort()) {
      if (file.endsWith('.html')) await this.checkHtml(file);
      else if (file.endsWith('.css')) await this.checkCss(file);
      else if (file.endsWith('.webmanifest')) await this.checkManifest(file);
      else if (file === 'sitemap.xml') await this.checkSitemap(file);
      else if (file === 'robots.txt') await this.checkRobots(file);
    }
    return this.problems;
  }

  private async read(file: string): Promise<string> {
    return readFile(path.join(this.root, file), 'utf8');
  }

  private async checkHtml(file: string): Promise<void> {
    const $ = cheerio.load(await this.read(file));
    this.ids.set(file, idsOf($));
    const base = pageUrlOf(file);
    for (const element of $('*').toArray()) {
      if (!('attribs' in element)) continue;
      const tag = element.tagName;
      for (const name of URL_ATTRIBUTES) {
        const value = element.attribs[name];
        if (value !== undefined) await this.check(file, base, value, `<${tag} ${name}="${value}">`);
      }
      for (const name of ['srcset', 'imagesrcset']) {
        const value = element.attribs[name];
        if (value === undefined) continue;
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) await this.check(file, base, url, `<${tag} ${name}> candidate "${url}"`);
        }
      }
      const meta = element.attribs.property ?? element.attribs.name;
      if (tag === 'meta' && meta && URL_METAS.has(meta) && element.attribs.content !== undefined) {
        await this.check(file, base, element.attribs.content, `<meta ${element.attribs.property ? 'property' : 'name'}="${meta}">`);
      }
      if (tag === 'script' && element.attribs.type === 'application/ld+json') {
        await this.checkJsonLd(file, $(element).text());
      }
    }
  }

  /** Structured data: every string that is a URL on our own origin must exist. */
  private async checkJsonLd(file: string, json: string): Promise<void> {
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch (error) {
      this.problems.push({ file, message: `JSON-LD block is not valid JSON: ${String(error)}` });
      return;
    }
    const walk = async (value: unknown): Promise<void> => {
      if (typeof value === 'string' && value.startsWith(`${this.origin}/`)) await this.check(file, '/', value, `JSON-LD value "${value}"`);
      else if (Array.isArray(value)) for (const item of value) await walk(item);
      else if (value && typeof value === 'object') for (const item of Object.values(value)) await walk(item);
    };
    await walk(data);
  }

  private async checkCss(file: string): Promise<void> {
    const css = await this.read(file);
    const pattern = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)|@import\s+["']([^"']+)["']/g;
    for (const match of css.matchAll(pattern)) {
      const url = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
      // A bare fragment in CSS names an SVG filter or clip path inside the document, not a file.
      if (url.startsWith('#')) continue;
      await this.check(file, `/${file}`, url, `url(${url})`);
    }
  }

  private async checkManifest(file: string): Promise<void> {
    let manifest: { start_url?: unknown; icons?: { src?: unknown }[] };
    try {
      manifest = JSON.parse(await this.read(file)) as typeof manifest;
    } catch (error) {
      this.problems.push({ file, message: `not valid JSON: ${String(error)}` });
      return;
    }
    if (typeof manifest.start_url === 'string') await this.check(file, `/${file}`, manifest.start_url, `start_url "${manifest.start_url}"`);
    for (const icon of manifest.icons ?? []) {
      if (typeof icon.src === 'string') await this.check(file, `/${file}`, icon.src, `icon "${icon.src}"`);
    }
  }

  private async checkSitemap(file: string): Promise<void> {
    for (const match of (await this.read(file)).matchAll(/<loc>([^<]*)<\/loc>/g)) {
      const url = (match[1] ?? '').replace(/&amp;/g, '&');
      if (!url.startsWith(`${this.origin}/`)) this.problems.push({ file, message: `<loc>${url}</loc> is not on the site's origin ${this.origin}` });
      else await this.check(file, '/', url, `<loc>${url}</loc>`);
    }
  }

  private async checkRobots(file: string): Promise<void> {
    for (const match of (await this.read(file)).matchAll(/^sitemap:\s*(\S+)/gim)) {
      const url = match[1] ?? '';
      await this.check(file, '/', url, `Sitemap: ${url}`);
    }
  }

  /**
   * Checks one reference found in `file`. `base` is the URL path the file is served at, or
   * undefined for 404.html, which answers at every unknown path.
   */
  private async check(file: string, base: string | undefined, raw: string, where: string): Promise<void> {
    const reference = raw.trim();
    const fail = (reason: string): void => {
      this.problems.push({ file, message: `${where} ${reason}` });
    };
    if (reference === '') return fail('is empty');
    if (reference === '#') return fail('points at nothing (an empty fragment: use a button for an action)');
    if (/^javascript:/i.test(reference)) return fail('is a javascript: URL, which the Content-Security-Policy blocks');
    if (/^(?:mailto|tel|sms|data):/i.test(reference)) return;

    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//')) {
      try {
        url = new URL(reference, this.origin);
      } catch {
        return fail('is not a valid URL');
      }
      // Another origin: not ours to check, and the build makes no network calls.
      if (url.origin !== this.origin) return;
    } else {
      if (base === undefined && !reference.startsWith('/') && !reference.startsWith('#')) {
        return fail('is relative, but 404.html is served at every unknown path; use a root-relative path');
      }
      url = new URL(reference, `${this.origin}${base ?? '/'}`);
    }

    // A bare #fragment on the 404 page refers to the page itself, wherever it is served.
    const isSamePage = reference.startsWith('#');
    let target: string;
    if (isSamePage) {
      target = file;
    } else {
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        return fail('has a malformed percent-encoding');
      }
      const relative = pathname.slice(1);
      if (pathname.endsWith('/')) {
        target = `${relative}index.html`;
        if (!this.files.has(target)) return fail(`points at nothing (no ${target} in the output)`);
      } else if (this.files.has(relative)) {
        target = relative;
      } else if (this.files.has(`${relative}/index.html`)) {
        return fail(`links a page without its trailing slash; write ${pathname}/${url.search}${url.hash}`);
      } else {
        return fail(`points at nothing (no ${relative || 'index.html'} in the output)`);
      }
    }

    const fragment = url.hash.slice(1);
    if (fragment === '' || !target.endsWith('.html')) return;
    const ids = await this.idsOf(target);
    let id: string;
    try {
      id = decodeURIComponent(fragment);
    } catch {
      id = fragment;
    }
    if (!ids.has(id)) fail(`points at #${id}, but ${target} has no element with that id`);
  }

  private async idsOf(file: string): Promise<Set<string>> {
    let ids = this.ids.get(file);
    if (!ids) {
      ids = idsOf(cheerio.load(await this.read(file)));
      this.ids.set(file, ids);
    }
    return ids;
  }
}

function idsOf($: cheerio.CheerioAPI): Set<string> {
  const ids = new Set<string>();
  for (const element of $('[id]').toArray()) ids.add(element.attribs.id ?? '');
  for (const element of $('a[name]').toArray()) ids.add(element.attribs.name ?? '');
  return ids;
}

/** The URL path an HTML file is served at; undefined for 404.html, which any unknown path gets. */
function pageUrlOf(file: string): string | undefined {
  if (file === '404.html') return undefined;
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`;
  return `/${file}`;
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../failure';
import { isSiteFile } from '../hosting/policy';
import type { FoundReference, RedirectInfo, RenderedPage } from '../render/protocol';
import { fragmentId, isPageRelative, missingFragments, samePageFragment, scanCss, scanHtml } from '../scan';
import { canonicalPath, fileRoute, publicPath, routeFile, type SiteAddress, sitePathOf } from '../urls';
import type { OutputFile } from '../writer';
import type { PageReferences } from './pages';
import type { Site } from './routes';

/** One reference that points at nothing, with where it was found. */
export interface Problem {
  file: string;
  message: string;
}

/** Occurrences of one failing reference listed in full; beyond that, a count. */
const LISTED_OCCURRENCES = 10;

/**
 * The link check: reads every page, stylesheet, manifest, sitemap and robots.txt of the output
 * and fails the build if any internal link, #anchor or asset reference points at nothing, or
 * outside the site's base path, or links a page by a non-canonical URL (without its trailing
 * slash). A redirect's source counts as the page it leads to. Absolute URLs on the site's own
 * origin (canonical, og:image, the sitemap) are checked like root-relative ones; other origins
 * are left alone, since the build makes no network calls. The pages' references come from the
 * render workers (`pages`), which found them while writing the pages.
 */
export async function checkLinks(folder: string, outputs: readonly OutputFile[], site: Site, ...pages: PageReferences[]): Promise<void> {
  const files = outputs.map((output) => output.path).filter(isSiteFile);
  const checker = new LinkChecker(folder, files, site.address, site.redirects);
  for (const [file, page] of pages.flatMap((found) => [...found])) checker.addPage(file, page);
  const problems = await checker.run();
  if (problems.length === 0) return;
  const lines = problems.map(({ file, message }) => {
    const route = fileRoute(file);
    return `  ${file}${route ? ` (route ${route})` : ''}: ${message}`;
  });
  throw new BuildError(
    `The link check found ${problems.length} broken reference${problems.length === 1 ? '' : 's'} in the output:\n${lines.join('\n')}`,
    { file: problems[0]?.file, route: fileRoute(problems[0]?.file ?? '') },
  );
}

/** Where a reference occurs: a file (by its index in the sorted list) and its place in that file. */
type Occurrence = readonly [file: number, position: number];

interface UniqueReference {
  where: string;
  value: string;
  /** The URL path of the first file it occurs in: relative references resolve against it. */
  base: string | undefined;
  occurrences: Occurrence[];
  count: number;
}

export class LinkChecker {
  private readonly files: Set<string>;
  private readonly order: string[];
  private readonly index = new Map<string, number>();
  private readonly pages = new Map<string, Pick<RenderedPage, 'references' | 'missingFragments'>>();
  /** References checked once each however many pages share them (the navigation, the assets). */
  private readonly unique = new Map<string, UniqueReference>();
  private readonly ids = new Map<string, Promise<Set<string>>>();
  private readonly problems: (Problem & { at: Occurrence })[] = [];
  private readonly origin: string;
  private readonly base: string;
  /** Each redirect's source, without a trailing slash, and the file of the page it leads to. */
  private readonly redirects: Map<string, string>;

  constructor(
    private readonly root: string,
    files: readonly string[],
    address: SiteAddress,
    redirects: readonly Pick<RedirectInfo, 'from' | 'to'>[] = [],
  ) {
    this.origin = address.origin;
    this.base = address.base;
    this.redirects = new Map(redirects.map((redirect) => [redirect.from, routeFile(redirect.to)]));
    this.files = new Set(files);
    this.order = [...this.files].sort();
    for (const [index, file] of this.order.entries()) this.index.set(file, index);
  }

  /**
   * A page whose references were already found, by the worker that rendered it; references an
   * earlier page reported are left out.
   */
  addPage(file: string, page: Pick<RenderedPage, 'references' | 'missingFragments'>): void {
    this.pages.set(file, page);
  }

  async run(): Promise<Problem[]> {
    let problems = await this.checkAll();
    if (problems.length > 0 && this.pages.size > 0) {
      // Workers report a reference shared by many pages once: read the pages again to name
      // every page that has a broken one. Only a failing build pays for this.
      this.pages.clear();
      this.unique.clear();
      this.problems.length = 0;
      problems = await this.checkAll();
    }
    return problems;
  }

  private async checkAll(): Promise<Problem[]> {
    for (const file of this.order) {
      const known = this.pages.get(file);
      if (known) this.collect(file, known.references, new Set(known.missingFragments));
      else if (file.endsWith('.html')) await this.collectHtml(file);
      else if (file.endsWith('.css')) this.collect(file, scanCss(await this.read(file)));
      else if (file.endsWith('.webmanifest')) await this.collectManifest(file);
      else if (file === 'sitemap.xml') await this.collectSitemap(file);
      else if (file === 'robots.txt') await this.collectRobots(file);
    }
    for (const reference of this.unique.values()) {
      const first = reference.occurrences[0];
      if (!first) continue;
      const reason = await this.check(reference.base, reference.value);
      if (reason === undefined) continue;
      for (const at of reference.occurrences)
        this.problems.push({ file: this.order[at[0]] ?? '', message: `${reference.where} ${reason}`, at });
      const more = reference.count - reference.occurrences.length;
      if (more > 0) {
        const last = reference.occurrences.at(-1) ?? first;
        this.problems.push({
          file: this.order[last[0]] ?? '',
          message: `${reference.where} ${reason} (and in ${more} more files)`,
          at: [last[0], last[1] + 0.5],
        });
      }
    }
    return this.problems.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]).map(({ file, message }) => ({ file, message }));
  }

  private read(file: string): Promise<string> {
    return readFile(path.join(this.root, file), 'utf8');
  }

  /** The URL path a file is served at; undefined for 404.html, which answers at every unknown path. */
  private baseOf(file: string): string | undefined {
    const route = fileRoute(file);
    if (route !== undefined) return publicPath(this.base, canonicalPath(route));
    return file === '404.html' ? undefined : publicPath(this.base, `/${file}`);
  }

  /**
   * Records the references of a file. A fragment of the same page is checked at once against
   * `missing`, the fragments of the page that name nothing; any other reference joins the
   * references of the whole site, each checked once.
   */
  private collect(file: string, references: readonly FoundReference[], missing = new Set<string>()): void {
    const fileIndex = this.index.get(file) ?? -1;
    const base = this.baseOf(file);
    references.forEach(({ where, value, problem }, position) => {
      const at: Occurrence = [fileIndex, position];
      if (problem) {
        this.problems.push({ file, message: problem, at });
        return;
      }
      const id = samePageFragment(value);
      if (id !== undefined) {
        if (missing.has(id))
          this.problems.push({ file, message: `${where} points at #${id}, but ${file} has no element with that id`, at });
        return;
      }
      // A reference that depends on the page it is in is keyed by that page's URL.
      const key = `${isPageRelative(value) ? `${base ?? '(404)'} ` : ''}${where}\u0000${value}`;
      let entry = this.unique.get(key);
      if (!entry) {
        entry = { where, value, base, occurrences: [], count: 0 };
        this.unique.set(key, entry);
      }
      entry.count += 1;
      if (entry.occurrences.length < LISTED_OCCURRENCES) entry.occurrences.push(at);
    });
  }

  private async collectHtml(file: string): Promise<void> {
    const { ids, references } = scanHtml(await this.read(file), this.origin);
    this.ids.set(file, Promise.resolve(ids));
    this.collect(file, references, new Set(missingFragments(ids, references)));
  }

  private async collectManifest(file: string): Promise<void> {
    let manifest: { start_url?: unknown; icons?: { src?: unknown }[] };
    try {
      manifest = JSON.parse(await this.read(file)) as typeof manifest;
    } catch (error) {
      this.collect(file, [{ where: 'manifest', value: '', problem: `not valid JSON: ${String(error)}` }]);
      return;
    }
    const references: FoundReference[] = [];
    if (typeof manifest.start_url === 'string') references.push({ where: `start_url "${manifest.start_url}"`, value: manifest.start_url });
    for (const icon of manifest.icons ?? []) {
      if (typeof icon.src === 'string') references.push({ where: `icon "${icon.src}"`, value: icon.src });
    }
    this.collect(file, references);
  }

  private async collectSitemap(file: string): Promise<void> {
    const references: FoundReference[] = [];
    for (const match of (await this.read(file)).matchAll(/<loc>([^<]*)<\/loc>/g)) {
      const url = (match[1] ?? '').replace(/&amp;/g, '&');
      references.push(
        url.startsWith(`${this.origin}/`)
          ? { where: `<loc>${url}</loc>`, value: url }
          : { where: `<loc>${url}</loc>`, value: url, problem: `<loc>${url}</loc> is not on the site's origin ${this.origin}` },
      );
    }
    this.collect(file, references);
  }

  private async collectRobots(file: string): Promise<void> {
    const references = [...(await this.read(file)).matchAll(/^sitemap:\s*(\S+)/gim)].map((match) => ({
      where: `Sitemap: ${match[1] ?? ''}`,
      value: match[1] ?? '',
    }));
    this.collect(file, references);
  }

  /**
   * Why a reference points at nothing, or undefined when it is sound. `base` is the
   * URL path the file is served at, or undefined for 404.html.
   */
  private async check(base: string | undefined, raw: string): Promise<string | undefined> {
    const reference = raw.trim();
    if (reference === '') return 'is empty';
    if (reference === '#') return 'points at nothing (an empty fragment: use a button for an action)';
    if (/^javascript:/i.test(reference)) return 'is a javascript: URL, which the Content-Security-Policy blocks';
    if (/^(?:mailto|tel|sms|data):/i.test(reference)) return undefined;

    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//')) {
      try {
        url = new URL(reference, this.origin);
      } catch {
        return 'is not a valid URL';
      }
      // Another origin: not ours to check, and the build makes no network calls.
      if (url.origin !== this.origin) return undefined;
    } else {
      if (base === undefined && !reference.startsWith('/')) {
        return 'is relative, but 404.html is served at every unknown path; use a root-relative path';
      }
      url = new URL(reference, `${this.origin}${base ?? this.base}`);
    }

    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return 'has a malformed percent-encoding';
    }
    const sitePath = sitePathOf(this.base, pathname);
    if (sitePath === undefined) {
      if (`${pathname}/` === this.base)
        return `links the landing page without its trailing slash; write ${this.base}${url.search}${url.hash}`;
      return `points outside the site's base path ${this.base}, where no file of the site is served`;
    }
    const relative = sitePath.slice(1);
    const redirected = this.redirects.get(sitePath.replace(/\/+$/, ''));
    let target: string;
    if (redirected !== undefined) {
      // A redirect's source, with or without its slash: every host sends it on to its target.
      target = redirected;
    } else if (pathname.endsWith('/')) {
      target = `${relative}index.html`;
      if (!this.files.has(target)) return `points at nothing (no ${target} in the output)`;
    } else if (this.files.has(relative)) {
      target = relative;
    } else if (this.files.has(`${relative}/index.html`)) {
      return `links a page without its trailing slash; write ${pathname}/${url.search}${url.hash}`;
    } else {
      return `points at nothing (no ${relative || 'index.html'} in the output)`;
    }

    const fragment = url.hash.slice(1);
    if (fragment === '' || !target.endsWith('.html')) return undefined;
    const id = fragmentId(fragment);
    if (!(await this.idsOf(target)).has(id)) return `points at #${id}, but ${target} has no element with that id`;
    return undefined;
  }

  /** The ids of a page that a fragment of another file points into, read once. */
  private idsOf(file: string): Promise<Set<string>> {
    let ids = this.ids.get(file);
    if (!ids) {
      ids = this.read(file).then((html) => scanHtml(html, this.origin).ids);
      this.ids.set(file, ids);
    }
    return ids;
  }
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cssReferences, pageReferences, scanCss } from '../css';
import { BuildError } from '../failure';
import { isSiteFile } from '../hosting/policy';
import { type FoundReference, fragmentId, isPageRelative, samePageFragment, scanFile, scanHtml } from '../scan';
import type { RedirectInfo } from '../site';
import { canonicalPath, fileRoute, folderName, publicPath, routeFile, type SiteAddress, sitePathOf, slugOf } from '../urls';
import { config } from './config';
import { pages, whereOnPage } from './pages';
import { site } from './site';
import { defineStep } from './step';
import { stylesheet } from './stylesheet';

export interface Problem {
  file: string;
  message: string;
  /** As written. */
  value?: string;
}

/** Beyond that, a count. */
const LISTED_OCCURRENCES = 10;

type Occurrence = readonly [file: number, position: number];

interface UniqueReference {
  where: string;
  value: string;
  /** Of the first file it occurs in: relative references resolve against it. */
  base: string | undefined;
  occurrences: Occurrence[];
  count: number;
}

export class LinkChecker {
  private readonly files: Set<string>;
  private readonly order: string[];
  private readonly index = new Map<string, number>();
  private readonly pages = new Map<string, readonly FoundReference[]>();
  private readonly pageIds = new Map<string, string>();
  /** Checked once however many pages share them (the navigation, the assets). */
  private readonly unique = new Map<string, UniqueReference>();
  private readonly ids = new Map<string, Promise<Set<string>>>();
  private readonly problems: (Problem & { at: Occurrence })[] = [];
  private readonly redirects: Map<string, string>;

  constructor(
    private readonly root: string,
    files: readonly string[],
    private readonly address: SiteAddress,
    redirects: readonly Pick<RedirectInfo, 'from' | 'to'>[] = [],
  ) {
    this.redirects = new Map(redirects.map((redirect) => [redirect.from, routeFile(redirect.to)]));
    this.files = new Set(files);
    this.order = [...this.files].sort();
    for (const [index, file] of this.order.entries()) this.index.set(file, index);
  }

  addPage(file: string, references: readonly FoundReference[], ids: string): void {
    this.pages.set(file, references);
    // Split only for a page a fragment points into: a large site's pages hold some 50 ids each.
    this.pageIds.set(file, ids);
  }

  async run(): Promise<Problem[]> {
    for (const file of this.order) {
      const known = this.pages.get(file);
      if (known) this.collect(file, known);
      else if (file.endsWith('.html')) {
        const scan = scanHtml(await this.read(file), this.address.origin);
        this.ids.set(file, Promise.resolve(scan.ids));
        this.collect(file, pageReferences(scan), scan.ids);
      } else if (file.endsWith('.css')) this.collect(file, scanCss(await this.read(file)));
      else if (/\.webmanifest$|^(?:sitemap\.xml|robots\.txt)$/.test(file))
        this.collect(file, scanFile(file, await this.read(file), this.address.origin));
    }
    for (const reference of this.unique.values()) {
      const last = reference.occurrences.at(-1);
      if (!last) continue;
      const reason = await this.check(reference.base, reference.value);
      if (reason === undefined) continue;
      for (const at of reference.occurrences)
        this.problems.push({ file: this.order[at[0]] ?? '', message: `${reference.where} ${reason}`, value: reference.value, at });
      const more = reference.count - reference.occurrences.length;
      if (more > 0)
        this.problems.push({
          file: this.order[last[0]] ?? '',
          message: `${reference.where} ${reason} (and in ${more} more files)`,
          value: reference.value,
          at: [last[0], last[1] + 0.5],
        });
    }
    return this.problems
      .sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1])
      .map(({ file, message, value }) => ({ file, message, ...(value ? { value } : {}) }));
  }

  private read(file: string): Promise<string> {
    return readFile(path.join(this.root, file), 'utf8');
  }

  /** Undefined for 404.html, which answers at every unknown path. */
  private baseOf(file: string): string | undefined {
    const route = fileRoute(file);
    if (route !== undefined) return publicPath(this.address.base, canonicalPath(route));
    return file === '404.html' ? undefined : publicPath(this.address.base, `/${file}`);
  }

  /** A fragment of the page itself is a reference only when it names nothing (scanHtml); `ids` come with a page read from disk. */
  private collect(file: string, references: readonly FoundReference[], ids?: ReadonlySet<string>): void {
    const fileIndex = this.index.get(file) ?? -1;
    const base = this.baseOf(file);
    references.forEach(({ where, value, problem }, position) => {
      const at: Occurrence = [fileIndex, position];
      const id = samePageFragment(value);
      if (problem || id !== undefined) {
        const message = problem ?? `${where} points at #${id}, but ${file} has no element with that id${ids ? nearId(id ?? '', ids) : ''}`;
        this.problems.push({ file, message, value, at });
        return;
      }
      // The same wherever a reference is, but one that resolves against its page.
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

  /** Why a reference points at nothing, or undefined. */
  private async check(base: string | undefined, raw: string): Promise<string | undefined> {
    const { origin, base: siteBase } = this.address;
    const reference = raw.trim();
    if (reference === '') return 'is empty';
    if (reference === '#') return 'points at nothing (an empty fragment: use a button for an action)';
    if (/^javascript:/i.test(reference)) return 'is a javascript: URL, which the Content-Security-Policy blocks';
    if (/^(?:mailto|tel|sms|data):/i.test(reference)) return undefined;

    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//')) {
      if (!URL.canParse(reference, origin)) return 'is not a valid URL';
      url = new URL(reference, origin);
      if (url.origin !== origin) return undefined;
    } else {
      if (base === undefined && !reference.startsWith('/'))
        return 'is relative, but 404.html is served at every unknown path; use a root-relative path';
      url = new URL(reference, `${origin}${base ?? siteBase}`);
    }

    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return 'has a malformed percent-encoding';
    }
    const sitePath = sitePathOf(siteBase, pathname);
    if (sitePath === undefined) {
      if (`${pathname}/` === siteBase)
        return `links the landing page without its trailing slash; write ${siteBase}${url.search}${url.hash}`;
      return `points outside the site's base path ${siteBase}, where no file of the site is served`;
    }
    const relative = sitePath.slice(1);
    // A redirect's source, with or without its slash: every host sends it on to its target.
    let target = this.redirects.get(sitePath.replace(/\/+$/, ''));
    if (target === undefined) {
      if (pathname.endsWith('/')) {
        target = `${relative}index.html`;
        if (!this.files.has(target)) return `points at nothing (no ${target} in the output)`;
      } else if (this.files.has(relative)) {
        target = relative;
      } else if (this.files.has(`${relative}/index.html`)) {
        return `links a page without its trailing slash; write ${pathname}/${url.search}${url.hash}`;
      } else if (relative.endsWith('.md') && this.files.has(`${markdownPage(relative)}index.html`)) {
        return `links a Markdown file, which the site publishes as a page; write ${siteBase}${markdownPage(relative)}${url.hash}`;
      } else {
        return `points at nothing (no ${relative || 'index.html'} in the output)`;
      }
    }

    const fragment = url.hash.slice(1);
    if (fragment === '' || !target.endsWith('.html')) return undefined;
    const id = fragmentId(fragment);
    const ids = await this.idsOf(target);
    if (!ids.has(id)) return `points at #${id}, but ${target} has no element with that id${nearId(id, ids)}`;
    return undefined;
  }

  private idsOf(file: string): Promise<Set<string>> {
    let ids = this.ids.get(file);
    if (!ids) {
      const known = this.pageIds.get(file);
      ids =
        known === undefined
          ? this.read(file).then((html) => scanHtml(html, this.address.origin).ids)
          : Promise.resolve(new Set(known.split('\n')));
      this.ids.set(file, ids);
    }
    return ids;
  }
}

/** A download kept beside an article, as in a page bundle of Hugo's: only the article's images are published from there. */
function besideEntry(root: string, publicFolder: string | undefined, entry: string, written: string, base: string): string | undefined {
  const file = path.posix.join(path.posix.dirname(entry), written.replace(/[?#].*$/, ''));
  if (!isPageRelative(written) || file.endsWith('.md') || !existsSync(path.join(root, file))) return undefined;
  const name = path.posix.basename(file);
  const folder = publicFolder === undefined ? undefined : folderName(publicFolder);
  return `links ${file}, which the site does not publish: from an article's folder only its images are. ${folder ? `Put the file in ${folder}/ and link ${base}${name}` : "Put it in the site's public folder and link its address there"}`;
}

/** An entry's page, for a link to its Markdown file as written beside another entry (./b.md from /news/a/ is /news/b/). */
function markdownPage(file: string): string {
  return path.posix.join(path.posix.dirname(path.posix.dirname(file)), path.posix.basename(file, '.md'), '/');
}

/** A heading's words as an editor writes them after "#" are its id as the build makes it (#Straße → #strasse). */
function nearId(id: string, ids: ReadonlySet<string>): string {
  const near = slugOf(id);
  return near !== id && ids.has(near) ? `: did you mean #${near}?` : '';
}

/** After every file: links checked against what was written, URLs on the site's origin as root-relative ones, others not (no network). */
export const links = defineStep({
  name: 'links',
  needs: { config, site, pages, stylesheet },
  needsFiles: true,
  run: async ({ config, site: { described }, pages: rendered, stylesheet }, { build, files }) => {
    const { address } = config;
    const { root } = build.options;
    const siteFiles = files.map((output) => output.path).filter(isSiteFile);
    const checker = new LinkChecker(build.writer.folder, siteFiles, address, described.redirects);
    // The stylesheet inside every page (none in development, where it is a file of the output) refers to its fonts and images as
    // any page would: checked once, with the first page.
    const inline = cssReferences(stylesheet.reading?.addresses ?? [], '<style> ');
    for (const [index, page] of rendered.pages.entries())
      checker.addPage(page.file, index === 0 ? [...page.references, ...inline] : page.references, page.ids);
    const problems = await checker.run();
    if (problems.length === 0) return {};
    const pageIndex = new Map(rendered.pages.map((page, index) => [page.file, index]));
    // A build leaves out drafts, and entries scheduled for later or expired: a link to one is broken, for a reason to name.
    const unpublished = new Map<string, string>(
      Object.values(described.collections).flatMap(({ entries }) =>
        entries.flatMap((entry) => (entry.shown ? [] : [[canonicalPath(entry.path), entry.file]])),
      ),
    );
    let owner: string | undefined;
    const lines = await Promise.all(
      problems.map(async ({ file, message, value }) => {
        const route = fileRoute(file);
        const index = pageIndex.get(file);
        // As the owner wrote it: under a base path, the page holds it with the base in front.
        const written = value?.startsWith('/') ? (sitePathOf(address.base, value) ?? value) : value;
        const where = index !== undefined && written ? await whereOnPage(build.renderer, described, index, written, true) : { prefix: '' };
        owner ??= where.file;
        const left = written?.startsWith('/') ? unpublished.get(canonicalPath(written.replace(/[?#].*$/, ''))) : undefined;
        const beside =
          where.file?.endsWith('.md') && written ? besideEntry(root, config.site.public, where.file, written, address.base) : undefined;
        const reason = left
          ? `points at an entry this build leaves out: ${left} is a draft, scheduled for later or expired`
          : (beside ?? message);
        return `  ${where.prefix}${file}${route ? ` (route ${route})` : ''}: ${reason}`;
      }),
    );
    throw new BuildError(
      `The link check found ${problems.length} broken reference${problems.length === 1 ? '' : 's'} in the output:\n${lines.join('\n')}`,
      { file: owner ?? problems[0]?.file, route: fileRoute(problems[0]?.file ?? '') },
    );
  },
});

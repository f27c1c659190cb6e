/** Pages rendered once into the workers' spools, then written once the stylesheet, the font and the policy are known. */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { hashParts } from '../cache.mjs';
import { BuildError } from '../failure';
import type { RenderPool } from '../render/pool';
import type { LateAssets, PageInfo, PageStyle, RenderedPage, RenderSettings, SiteDescription } from '../render/protocol';
import { canonicalPath } from '../urls';
import type { OutputFile } from '../writer';

export interface RenderedPages {
  infos: readonly PageInfo[];
  pages: readonly RenderedPage[];
  tokens: RenderSettings['tokens'];
  /** What the pages were rendered with (the workers, and in `key` the code they run), for the dev server to keep those whose inputs did not change. */
  pool: RenderPool;
  key: string;
  versions: readonly string[];
  /** Indexes of the pages rendered this time. */
  fresh: readonly number[];
  /** The class names of each page's `classes`. */
  classNames: ReadonlyMap<string, string>;
}

export function pageLabel(info: PageInfo | undefined): string {
  return info?.path === undefined ? '/404' : canonicalPath(info.path);
}

export function lateTokens(): RenderSettings['tokens'] {
  const nonce = `x-late-${randomBytes(9).toString('hex')}`;
  const names = ['csp', 'stylesheet', 'integrity', 'font', 'script', 'scriptIntegrity', 'inlineScript'] as const;
  return { nonce, ...(Object.fromEntries(names.map((name) => [name, `${nonce}-${name}`])) as Record<(typeof names)[number], string>) };
}

/** In the dev server, only those whose inputs changed since `previous`. */
export async function renderPages(
  pool: RenderPool,
  jobs: number,
  described: SiteDescription,
  settings: Omit<RenderSettings, 'spool' | 'tokens'>,
  work: string,
  previous?: RenderedPages,
): Promise<RenderedPages> {
  // Not the clock: what it changes (entries published or expired) is in the pages' versions.
  const { socialImages, now: _now, ...shared } = settings;
  // Everything pages share: a change re-renders them all. The navigation comes from the pages with fields.
  const navigation = described.pages.flatMap((page) => (page.fields ? [[page.path, page.title, page.fields]] : []));
  const key = hashParts([JSON.stringify([pool.loaded, shared, navigation, described.redirects])]);
  const versions = described.pages.map((page) => `${page.file} ${page.version ?? ''} ${socialImages[page.path ?? '']?.url ?? ''}`);
  const reuse = previous?.pool === pool && previous.key === key;
  const kept = new Map(reuse ? previous.versions.map((version, index) => [version, previous.pages[index]] as const) : []);
  const tokens = reuse ? previous.tokens : lateTokens();
  const indexes = described.pages.flatMap((_, index) => (kept.has(versions[index] ?? '') ? [] : [index]));
  const pages: (RenderedPage | undefined)[] = versions.map((version) => kept.get(version));
  if (indexes.length > 0) {
    // Fresh each time: the dev server renders again while it may still write the last ones.
    const spool = await mkdtemp(path.join(work, 'spool-'));
    pool.size(jobs, indexes.length);
    // Not awaited first: a worker answers in order, so a ready one renders while another still loads the site.
    const setup = pool.each('setup', () => ({ ...settings, spool, tokens }), 'setting up the pages');
    setup.catch(() => {});
    const rendered = await pool.share(
      'render',
      indexes,
      (page) => ({ page }),
      (page) => {
        const route = pageLabel(described.pages[page]);
        return { what: `rendering page ${route}`, route };
      },
    );
    await setup;
    indexes.forEach((index, at) => {
      pages[index] = rendered[at];
    });
  }
  const all = pages as RenderedPage[];
  await duplicateIds(pool, described.pages, all);
  const classNames = new Map(reuse ? previous.classNames : []);
  for (const page of all) {
    if (page.classNames === undefined) continue;
    classNames.set(page.classes, page.classNames);
    delete page.classNames;
  }
  return { infos: described.pages, pages: all, tokens, pool, key, versions, fresh: indexes, classNames };
}

/** A fragment, the skip link or the first paint's hold would land on the first. */
async function duplicateIds(pool: RenderPool, infos: readonly PageInfo[], pages: readonly RenderedPage[]): Promise<void> {
  const index = pages.findIndex((page) => page.duplicateIds.length > 0);
  const page = pages[index];
  if (!page) return;
  const [id = ''] = page.duplicateIds;
  const route = pageLabel(infos[index]);
  const where = await whereOnPage(pool, index, id, true);
  // In Markdown, an id is a heading's words.
  const mistake = where.file?.endsWith('.md')
    ? `the heading's id "${id}" is given twice on page ${route} (its layout has it too): reword the heading`
    : `the id "${id}" is given twice on page ${route} (another part of the page, or its layout, has it too): choose another`;
  throw new BuildError(`${where.prefix}${mistake}, since a link to #${id} would lead to the first`, { file: where.file, route });
}

/** A request's worth: each answer resets the worker's time limit, which a thousand pages on a busy disk could outlast. */
const PAGES_PER_WRITE = 50;

/** `own` gives a page, by its class names, what is its own in place of `late`'s. */
export async function writePages(
  pool: RenderPool,
  rendered: RenderedPages,
  late: LateAssets,
  staging: string,
  own?: (classNames: string) => PageStyle,
): Promise<OutputFile[]> {
  const styles: PageStyle[] = [];
  const spooled = rendered.pages.map(({ file, spool, offset, length, classes }) => {
    if (!own) return { file, spool, offset, length };
    const names = rendered.classNames.get(classes);
    if (names === undefined) throw new Error(`The class names of ${file} were never reported.`);
    const style = own(names);
    const at = styles.indexOf(style);
    return { file, spool, offset, length, style: at >= 0 ? at : styles.push(style) - 1 };
  });
  // Once to each worker: sent with every request, ten thousand pages' worth outgrew the workers' young heap.
  if (styles.length > 0) await pool.each('styles', () => styles, 'taking the pages’ stylesheets');
  // Each page has its own stylesheet and policy then: the whole sheet need not go with every request.
  const sent: LateAssets = own ? { ...late, stylesheet: '', csp: '' } : late;
  const chunks = Array.from({ length: Math.ceil(spooled.length / PAGES_PER_WRITE) }, (_, index) =>
    spooled.slice(index * PAGES_PER_WRITE, (index + 1) * PAGES_PER_WRITE),
  );
  const written = await pool.share(
    'write',
    chunks,
    (pages) => ({ folder: staging, pages, tokens: rendered.tokens, late: sent }),
    (pages) => ({ what: `writing ${pages.length === 1 ? 'the page' : `${pages.length} pages`} from ${pages[0]?.file}` }),
  );
  // In the order of the pages, whatever the number of workers.
  return written.flat();
}

/** As "file:line: ", or nothing when no content holds it. */
export async function whereOnPage(
  pool: RenderPool,
  page: number,
  value: string,
  whole = false,
): Promise<{ prefix: string; file?: string }> {
  const where = await pool.ask('locate', { page, value, whole }, `finding “${value}”`).catch(() => undefined);
  return where ? { prefix: `${where.file}${where.line ? `:${where.line}` : ''}: `, file: where.file } : { prefix: '' };
}

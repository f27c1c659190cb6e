import { readFile } from 'node:fs/promises';
import type { PageAssets } from '../../components/Document/Document';
import { hashParts, lookup, store } from '../cache.mjs';
import { contentSecurityPolicy } from '../hosting/policy';
import type { BrandAssets, PageTarget, RenderedPage, RenderSettings } from '../render/protocol';
import { canonicalPath } from '../urls';
import type { RenderPool } from '../workers';
import type { Writer } from '../writer';
import type { Site } from './routes';

/** What every page of a build is rendered from, whatever the pass. */
export interface PageSource {
  pool: RenderPool;
  /** Render workers at most (--jobs). */
  jobs: number;
  root: string;
  year: number;
  /** The folder the pages are written into. */
  staging: string;
  site: Site;
  brand: BrandAssets;
  assets: Omit<PageAssets, 'css' | 'fonts'>;
}

/** What the pages are written with once the stylesheet and fonts exist. */
export interface PageStyle {
  css: PageAssets['css'];
  /** The Content-Security-Policy of the meta tag: the code the pages carry inline, allowed by its hash. */
  csp: string;
  fonts: readonly string[];
  /** The characters the font draws: a page that shows another fails. Unset: no check (the whole font). */
  fontCharacters?: string | undefined;
}

/** What each page written refers to, by file, for the link check. */
export type PageReferences = Map<string, Pick<RenderedPage, 'references' | 'missingFragments'>>;

/** Every route of the table, by index; the 404 page is 'not-found'. */
export function routeTargets(site: Site): PageTarget[] {
  return site.routes.map((_, index) => index);
}

/** Renders pages (every route, or the 404 page) to their files, on every render worker. */
export async function writePages(
  source: PageSource,
  style: PageStyle,
  targets: readonly PageTarget[],
  out: Writer,
): Promise<PageReferences> {
  const references: PageReferences = new Map();
  const settings = settingsFor(source, 'write', style);
  await render(source, settings, targets, (page) => {
    out.record(page.file, page.bytes);
    references.set(page.file, { references: page.references, missingFragments: page.missingFragments });
  });
  return references;
}

/**
 * The characters each page shows (the 404 page's too), by path: the font step's pass, before the
 * stylesheet exists (nothing it reports depends on it). Rendering every page for its text costs
 * as much as writing them, so the answer is cached by what it depends on: the site's code (the
 * bundle the workers run), the year and the site URL (its origin and base path).
 */
export async function shownText(source: PageSource): Promise<Map<string, string>> {
  const { root, year, site, pool } = source;
  const key = hashParts(['page text v1', await readFile(pool.bundle), String(year), site.address.origin, site.address.base]);
  const cached = lookup(root, 'text', key);
  if (cached) return new Map(JSON.parse(cached.output.toString('utf8')) as [string, string][]);
  const targets = [...routeTargets(site), 'not-found' as const];
  const found = new Map<PageTarget, string>();
  await render(
    source,
    settingsFor(source, 'text', { css: { inline: '' }, fonts: [], csp: contentSecurityPolicy(site.inline, { for: 'meta' }) }),
    targets,
    (page, target) => found.set(target, page.characters),
  );
  // In route-table order whatever the number of workers, so that the cached file is the same too.
  const text = new Map(targets.map((target) => [targetPath(site, target), found.get(target) ?? ''] as const));
  store(root, 'text', key, { output: JSON.stringify([...text]), inputs: [], extension: 'json' });
  return text;
}

/** Below this many pages for each, another worker costs more to start than it saves. */
const PAGES_PER_WORKER = 24;

/**
 * Renders pages on the render workers, each on whichever is free next, with up to one worker per
 * core: a small site does not pay for starting more than it can use. onPage hears of each page as
 * it is done.
 */
async function render(
  { pool, jobs, site }: PageSource,
  settings: RenderSettings,
  targets: readonly PageTarget[],
  onPage: (page: RenderedPage, target: PageTarget) => void,
): Promise<void> {
  pool.grow(Math.max(1, Math.min(jobs, Math.ceil(site.routes.length / PAGES_PER_WORKER))));
  await pool.render(settings, targets, (target) => targetPath(site, target), onPage);
}

/** A page's path, for messages: "/about-us/", or "/404" for the 404 page. */
function targetPath(site: Site, target: PageTarget): string {
  return target === 'not-found' ? '/404' : canonicalPath(site.routes[target]?.path ?? '/');
}

function settingsFor(source: PageSource, pass: RenderSettings['pass'], style: PageStyle): RenderSettings {
  const { staging, root, year, site, brand, assets } = source;
  return {
    staging,
    root,
    assets: { ...assets, css: style.css, fonts: style.fonts },
    brand,
    origin: site.address.origin,
    base: site.address.base,
    year,
    csp: style.csp,
    pass,
    ...(style.fontCharacters === undefined ? {} : { fontCharacters: style.fontCharacters }),
  };
}

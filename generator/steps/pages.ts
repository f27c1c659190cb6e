import type { PageAssets } from '../../components/Document/Document';
import { hashParts, lookup, store } from '../cache.mjs';
import { contentSecurityPolicy } from '../hosting/policy';
import type { BrandAssets, FoundReference, PageTarget, RenderedPage, RenderSettings } from '../render/protocol';
import { canonicalPath } from '../urls';
import type { RenderPool } from '../workers';
import type { Writer } from '../writer';
import type { Site } from './routes';

/** What every page of a build is rendered from, whatever the pass. */
export interface PageSource {
  pool: RenderPool;
  /** Render workers at most. */
  jobs: number;
  root: string;
  year: number;
  staging: string;
  site: Site;
  assets: Omit<PageAssets, 'css' | 'fonts'>;
}

/** What the pages are written with once the stylesheet and fonts exist. */
export interface PageStyle {
  css: PageAssets['css'];
  /** For the meta tag. */
  csp: string;
  fonts: readonly string[];
  /** Unset: the whole font, no check. */
  fontCharacters?: string | undefined;
  brand: BrandAssets;
}

/**
 * The text pass renders before the brand images, the script and the icon sprite exist: their URLs,
 * and the social image's text alternative, are in the head or in attributes, which show no text.
 * A sprite all the same, so that icons are not drawn with their shapes for nothing.
 */
const NO_ASSETS: PageSource['assets'] = { js: { href: '', integrity: '' }, icons: '#' };
const NO_BRAND: BrandAssets = {
  favicon: '',
  touchIcon: '',
  logo: '',
  manifest: '',
  socialImage: { url: '', width: 0, height: 0, alt: '' },
};

/** By file, for the link check. */
export type PageReferences = Map<string, FoundReference[]>;

export function routeTargets(site: Site): PageTarget[] {
  return site.routes.map((_, index) => index);
}

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
    references.set(page.file, page.references);
  });
  return references;
}

/**
 * The characters each page shows, by path: the font step's pass, before the stylesheet exists
 * (nothing it reports depends on it). It costs as much as writing the pages, so it is cached by
 * what it depends on: the site's code (the workers' bundle and the packages it loads), the year
 * and the site URL.
 */
export async function shownText(source: Omit<PageSource, 'assets'>): Promise<Map<string, string>> {
  const { root, year, site, pool } = source;
  // A pool without the bundle's key (the dev server's) keeps nothing.
  const key =
    pool.bundleKey === undefined
      ? undefined
      : hashParts(['page text v2', pool.bundleKey, String(year), site.address.origin, site.address.base]);
  const cached = key === undefined ? undefined : lookup(root, 'text', key);
  if (cached) return new Map(JSON.parse(cached.output.toString('utf8')) as [string, string][]);
  const targets = [...routeTargets(site), 'not-found' as const];
  const found = new Map<PageTarget, string>();
  await render(
    source,
    settingsFor({ ...source, assets: NO_ASSETS }, 'text', {
      css: { inline: '' },
      fonts: [],
      csp: contentSecurityPolicy(site.inline, { for: 'meta' }),
      brand: NO_BRAND,
    }),
    targets,
    (page, target) => found.set(target, page.characters),
  );
  // In route-table order whatever the number of workers, so that the cached file is the same too.
  const text = new Map(targets.map((target) => [targetPath(site, target), found.get(target) ?? ''] as const));
  if (key !== undefined) store(root, 'text', key, { output: JSON.stringify([...text]), inputs: [], extension: 'json' });
  return text;
}

/** Below this many pages for each, another worker costs more to start than it saves. */
const PAGES_PER_WORKER = 24;

/**
 * Starts the workers the pages will be rendered on, as soon as the route table is known, so that
 * they load the site's code while the steps before the pages run. A small site does not pay for
 * starting more workers than it can use.
 */
export function startWorkers(pool: RenderPool, jobs: number, site: Site): void {
  pool.grow(Math.max(1, Math.min(jobs, Math.ceil(site.routes.length / PAGES_PER_WORKER))));
}

async function render(
  { pool, jobs, site }: Pick<PageSource, 'pool' | 'jobs' | 'site'>,
  settings: RenderSettings,
  targets: readonly PageTarget[],
  onPage: (page: RenderedPage, target: PageTarget) => void,
): Promise<void> {
  startWorkers(pool, jobs, site);
  await pool.render(settings, targets, (target) => targetPath(site, target), onPage);
}

/** For messages: "/about-us/", or "/404". */
function targetPath(site: Site, target: PageTarget): string {
  return target === 'not-found' ? '/404' : canonicalPath(site.routes[target]?.path ?? '/');
}

function settingsFor(source: PageSource, pass: RenderSettings['pass'], style: PageStyle): RenderSettings {
  const { staging, root, year, site, assets } = source;
  return {
    staging,
    root,
    assets: { ...assets, css: style.css, fonts: style.fonts },
    brand: style.brand,
    origin: site.address.origin,
    base: site.address.base,
    year,
    csp: style.csp,
    pass,
    ...(style.fontCharacters === undefined ? {} : { fontCharacters: style.fontCharacters }),
  };
}

/** Every page rendered, a few at a time, into the spool: with stand-ins for what is known only once the font is cut (write.ts). */
import { randomBytes } from 'node:crypto';
import { hashParts } from '../cache.mjs';
import { pageReferences } from '../css';
import { BuildError } from '../failure';
import { feedPath } from '../outputs/feeds';
import { runQueue } from '../queue';
import { placeOf } from '../render/check';
import { withText } from '../render/entry-text';
import type { RenderPool } from '../render/pool';
import {
  type EntrySummary,
  LATE_ASSETS,
  type LateAssets,
  type LateTokens,
  type LoadedEntry,
  type PageSource,
  type RenderedPage as Rendered,
  type RenderRequest,
  type RenderSettings,
  type SiteDescription,
  type SocialImage,
  summaryOf,
} from '../render/protocol';
import { toShared } from '../render/shared';
import { previousOf } from '../runner';
import type { FoundReference } from '../scan';
import type { ImageInfo, PageInfo, PageTarget } from '../site';
import { canonicalPath, routeUrl } from '../urls';
import type { Spooled } from '../writer';
import { brand } from './brand';
import { siteCode } from './bundle';
import { config } from './config';
import { icons } from './icons';
import { images } from './images';
import { share } from './share';
import { site } from './site';
import { defineStep } from './step';

/** As the worker answered, in the spool; references shared (a thousand pages, one copy), class names as their set's index (`classSets`). */
export type RenderedPage = Omit<Rendered, 'html' | 'classNames' | 'styles'> & { file: string; spooled: Spooled; classes: number };

export interface RenderedPages {
  infos: readonly PageInfo[];
  pages: readonly RenderedPage[];
  /** Each set of class names the pages have, sorted, a space between. */
  classSets: readonly string[];
  tokens: LateTokens;
  /** What the pages were rendered with, and from: the dev server renders again only those whose inputs changed. */
  key: string;
  versions: readonly string[];
  /** Indexes of the pages rendered this time. */
  fresh: readonly number[];
}

export function pageLabel(info: PageInfo | undefined): string {
  return info?.path === undefined ? '/404' : canonicalPath(info.path);
}

function lateTokens(): LateTokens {
  const nonce = `x-late-${randomBytes(9).toString('hex')}`;
  return { nonce, ...(Object.fromEntries(LATE_ASSETS.map((name) => [name, `${nonce}-${name}`])) as LateAssets) };
}

/** A render request's entries (another page's without bodies); `text` gives an entry's page its text (withText), or none for a key. */
export function pageSource<E extends LoadedEntry>(
  described: Pick<SiteDescription, 'collections'>,
  target: PageTarget,
  text: (entry: LoadedEntry) => E,
): PageSource<E> {
  if (target.kind === 'not-found') return target;
  if (target.kind === 'route') {
    const { latest, ...route } = target;
    if (!latest) return route;
    // The newest the build shows, as the collection's list has them.
    const newest = (name: string, count: number) =>
      (described.collections[name]?.entries ?? [])
        .filter((entry) => entry.shown)
        .slice(0, Math.max(0, count))
        .map(summaryOf);
    return { ...route, latest: Object.fromEntries(Object.entries(latest).map(([name, count]) => [name, newest(name, count)])) };
  }
  const entries = described.collections[target.collection]?.entries ?? [];
  const entry = (index: number) => {
    const found = entries[index];
    if (!found) throw new Error(`Collection "${target.collection}" has no entry number ${index}.`);
    return found;
  };
  if (target.kind === 'list') {
    const { entries: listed, ...list } = target;
    return { ...list, entries: listed.map(entry) };
  }
  const { newer, older, related } = target;
  return {
    kind: 'entry',
    collection: target.collection,
    entry: text(entry(target.entry)),
    ...(newer === undefined ? {} : { newer: summaryOf(entry(newer)) }),
    ...(older === undefined ? {} : { older: summaryOf(entry(older)) }),
    related: related.map((index) => summaryOf(entry(index))),
  };
}

/** The entries a page shows besides its own body: their covers are among its images. */
function entriesOn(source: PageSource<LoadedEntry>): EntrySummary[] {
  if (source.kind === 'entry')
    return [source.entry, ...(source.newer ? [source.newer] : []), ...(source.older ? [source.older] : []), ...source.related];
  if (source.kind === 'list') return source.entries;
  if (source.kind === 'route') return Object.values(source.latest ?? {}).flat();
  return [];
}

export const pages = defineStep({
  name: 'pages',
  needs: { config, bundle: siteCode, site, icons, brand, images, share },
  run: async ({ config, bundle, site, icons, brand, images, share }, context): Promise<RenderedPages> => {
    const { build, signal, progress } = context;
    const previous = previousOf(context, pages);
    const { renderer, writer, options } = build;
    const { described } = site;
    const { origin, base } = config.address;
    const infos = described.pages;
    // The workers the pages need start now, not with the site: while the share images are drawn, the image service's memory
    // and theirs would add up.
    renderer.size(options.jobs, infos.length);
    const shown = infos.filter((info) => info.path !== undefined && !info.draft);
    const feeds = Object.fromEntries(
      described.feeds
        .filter((feed) => feed.entries.length > 0)
        .map((feed) => [feed.path, { title: feed.title, url: feedPath(base, feed) }]),
    );
    const shared: Omit<RenderSettings, 'tokens'> = {
      mode: options.mode,
      lang: config.site.lang,
      base,
      origin,
      year: options.year,
      ...(icons.href === undefined ? {} : { icons: icons.href }),
      brand: brand.assets,
      feeds,
      routes: shown.flatMap(({ fields, path, title, target }) => {
        if (!fields || !path) return [];
        const empty = target.kind === 'list' && target.entries.length === 0;
        return [{ url: routeUrl(base, path), title, fields, ...(empty ? { empty: true } : {}) }];
      }),
      redirects: described.redirects.map((redirect) => [routeUrl(base, redirect.from), routeUrl(base, redirect.to)] as const),
    };
    const socialImageOf = (info: PageInfo): SocialImage =>
      (info.kind === 'entry' && info.path !== undefined ? share.socialImages[info.path] : undefined) ?? brand.socialImage;
    // Everything pages share: a change renders them all again.
    const key = hashParts([JSON.stringify([bundle.file, shared, images.images])]);
    // A route showing the newest entries shows what they are now.
    const latestOf = (info: PageInfo) =>
      info.target.kind === 'route' && info.target.latest
        ? hashParts([
            JSON.stringify(entriesOn(pageSource(described, info.target, (entry) => entry)).map((entry) => [entry.path, entry.info])),
          ])
        : '';
    const versions = infos.map((info) => `${info.file} ${info.version ?? ''} ${socialImageOf(info).url} ${latestOf(info)}`);
    const reuse = previous?.key === key;
    const kept = new Map(reuse ? previous.versions.map((version, index) => [version, previous.pages[index]] as const) : []);
    const tokens = reuse ? previous.tokens : lateTokens();
    const settings = toShared<RenderSettings>({ ...shared, tokens });
    const fresh = infos.flatMap((_, index) => (kept.has(versions[index] ?? '') ? [] : [index]));
    const made: (RenderedPage | undefined)[] = versions.map((version) => kept.get(version));
    const imagesOf = imageFinder(described, images.images);
    const paths = shown.map((info) => routeUrl(base, info.path ?? '/'));
    const classSets = reuse ? [...previous.classSets] : [];
    const setOf = new Map(classSets.map((names, index) => [names, index]));
    const references = new Map<string, FoundReference>();
    // One object for each reference many pages share.
    const interned = (reference: FoundReference) => {
      const id = `${reference.where}\u0000${reference.value}\u0000${reference.problem ?? ''}`;
      const known = references.get(id);
      if (known) return known;
      references.set(id, reference);
      return reference;
    };
    if (fresh.length > 0) {
      const spool = writer.spool();
      await runQueue(fresh, { width: renderer.width, signal, done: (count) => progress(count, fresh.length) }, async (index) => {
        const info = infos[index] as PageInfo;
        const source = pageSource(described, info.target, (entry) => withText(renderer.root, entry));
        const request: RenderRequest = {
          page: info,
          source,
          settings,
          socialImage: socialImageOf(info),
          // The images of the body it shows, and the covers of every entry on it.
          images: imagesOf(source.kind === 'entry' ? [source.entry] : [], entriesOn(source)),
          ...(info.kind === 'not-found' ? { paths } : {}),
        };
        const route = pageLabel(info);
        // An entry's page is its Markdown file's: the file a time limit names.
        const file = source.kind === 'entry' ? source.entry.file : undefined;
        const rendered = await renderer.ask('render', request, `rendering page ${route}`, route, file);
        let classes = setOf.get(rendered.classNames);
        if (classes === undefined) {
          classes = classSets.push(rendered.classNames) - 1;
          setOf.set(rendered.classNames, classes);
        }
        made[index] = {
          file: info.file,
          spooled: spool.append(rendered.html),
          references: pageReferences(rendered).map(interned),
          ids: rendered.ids,
          duplicateIds: rendered.duplicateIds,
          characters: rendered.characters,
          classes,
        };
      });
    }
    const all = made as RenderedPage[];
    await duplicateIds(renderer, described, all);
    return { infos, pages: all, classSets, tokens, key, versions, fresh };
  },
});

/** The images some entries' bodies show, and some entries' covers, by source file: a request carries those alone. */
export function imageFinder(described: SiteDescription, made: Readonly<Record<string, Omit<ImageInfo, 'alt'>>>) {
  const byEntry = new Map<string, string[]>();
  for (const image of described.images) {
    const entry = image.from.replace(/:\d+$/, '');
    byEntry.set(entry, [...(byEntry.get(entry) ?? []), image.file]);
  }
  return (body: readonly EntrySummary[], covers: readonly EntrySummary[]) =>
    Object.fromEntries(
      [
        ...body.flatMap((entry) => byEntry.get(entry.file) ?? []),
        ...covers.flatMap((entry) => (entry.info.image ? [entry.info.image.src] : [])),
      ].flatMap((file) => {
        const image = made[file];
        return image ? [[file, image] as const] : [];
      }),
    );
}

/** A fragment, the skip link or the first paint's hold would land on the first. */
async function duplicateIds(renderer: RenderPool, described: SiteDescription, pages: readonly RenderedPage[]): Promise<void> {
  const index = pages.findIndex((page) => page.duplicateIds.length > 0);
  const page = pages[index];
  if (!page) return;
  const [id = ''] = page.duplicateIds;
  const info = described.pages[index];
  const route = pageLabel(info);
  const where = await whereOnPage(renderer, described, index, id, true);
  // In Markdown, an id is a heading's words.
  const mistake = where.file?.endsWith('.md')
    ? `the heading's id "${id}" is given twice on page ${route} (its layout has it too): reword the heading`
    : `the id "${id}" is given twice on page ${route} (another part of the page, or its layout, has it too): choose another`;
  throw new BuildError(`${where.prefix}${mistake}, since a link to #${id} would lead to the first`, { file: where.file, route });
}

/** As "file:line: ", or nothing when no content holds it. */
export async function whereOnPage(
  renderer: RenderPool,
  described: SiteDescription,
  page: number,
  value: string,
  whole = false,
): Promise<{ prefix: string; file?: string }> {
  const info = described.pages[page];
  if (!info) return { prefix: '' };
  const found = pageSource(described, info.target, (entry) => withText(renderer.root, entry));
  // A list's entries with their texts too: the value may be in any of them.
  const source = found.kind === 'list' ? { ...found, entries: found.entries.map((entry) => withText(renderer.root, entry)) } : found;
  const where = await renderer.ask('locate', { source, value, whole }, `finding “${value}”`).catch(() => undefined);
  return where ? { prefix: `${placeOf(where)}: `, file: where.file } : { prefix: '' };
}

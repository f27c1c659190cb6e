import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Collection, EntryInfo, ShellProps } from '../site';
import { absoluteUrl, publicPath, routeUrl } from '../urls';
import { tagPath } from './collection-pages';
import { bodyTokens, picture, renderBody } from './markdown';
import type { AnyPages } from './model';
import { outlineOf, wordsOf } from './outline';
import { withProse } from './prose';
import type { EntrySummary, OutputRequest, PageRequest } from './protocol';

/** A page's markup as React writes it, from the request alone; `root`, the project, holds the cache of highlighted code. */
export async function renderPage(
  pages: AnyPages,
  { page: info, source, settings, socialImage, images, paths }: PageRequest,
  root?: string,
): Promise<string> {
  const { base, origin, year, tokens } = settings;
  const url = info.path === undefined ? publicPath(base, '/404') : routeUrl(base, info.path);
  const link = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? publicPath(base, href) : href);
  const collection = 'collection' in source ? pages.collections?.[source.collection] : undefined;
  const entryOf = (entry: EntrySummary, { path, tags: allowed }: Pick<Collection<unknown>, 'path' | 'tags'>): EntryInfo<unknown> => {
    const { image, tags, ...rest } = entry.info;
    const made = image ? images[image.src] : undefined;
    const cover = made && image ? { ...made, alt: image.alt } : undefined;
    return {
      ...rest,
      url: routeUrl(base, entry.path),
      ...(cover ? { image: cover, thumbnail: (sizes: string) => picture(cover, sizes, 'lazy') } : {}),
      tags: allowed ? tags.map((name) => ({ name, url: routeUrl(base, tagPath({ path }, name)) })) : [],
    };
  };
  let body: ReactNode;
  // The list of its collection, or of its tag: the path its feed is known by.
  let listPath: string | undefined;
  let latest: ShellProps<Record<string, unknown>>['site']['latest'];
  if (source.kind === 'entry' && collection) {
    const { entry, newer, older, related } = source;
    const folder = entry.file.slice(0, entry.file.lastIndexOf('/'));
    const shown = entryOf(entry, collection);
    const image = shown.image ? picture(shown.image, collection.imageSizes, 'eager') : undefined;
    const context = { link, images, folder, sizes: collection.imageSizes, lang: settings.lang, markdown: collection.markdown, root };
    const tokens = bodyTokens(entry, context);
    const content = await renderBody(tokens, context);
    listPath = collection.path;
    body = (
      <collection.entry
        entry={shown}
        body={content}
        {...(image ? { image } : {})}
        outline={outlineOf(tokens)}
        words={wordsOf(tokens)}
        list={{ title: collection.list.title, url: routeUrl(base, collection.path) }}
        {...(newer ? { newer: entryOf(newer, collection) } : {})}
        {...(older ? { older: entryOf(older, collection) } : {})}
        related={related.map((other) => entryOf(other, collection))}
      />
    );
  } else if (source.kind === 'list' && collection) {
    const { page, pages: count, tag } = source;
    const path = tag === undefined ? collection.path : tagPath(collection, tag);
    const tagList = tag === undefined ? undefined : collection.tags?.list(tag);
    const listUrl = (number: number) => routeUrl(base, number === 1 ? path : `${path}/page/${number}`);
    const feed = settings.feeds[path];
    listPath = path;
    body = (
      <collection.list.component
        title={tagList?.title ?? collection.list.title}
        description={tagList?.description ?? collection.list.description}
        entries={source.entries.map((entry) => entryOf(entry, collection))}
        page={page}
        pages={count}
        {...(page > 1 ? { previous: listUrl(page - 1) } : {})}
        {...(page < count ? { next: listUrl(page + 1) } : {})}
        {...(feed ? { feed } : {})}
        {...(tag === undefined ? {} : { tag: { name: tag, list: { title: collection.list.title, url: routeUrl(base, collection.path) } } })}
        tags={source.tags.map(({ name, count }) => ({ name, count, url: routeUrl(base, tagPath(collection, name)) }))}
      />
    );
  } else if (source.kind === 'route' || source.kind === 'not-found') {
    const entry = source.kind === 'route' ? pages.routes[source.index] : pages.notFound;
    if (!entry) throw new Error(`There is no route number ${source.kind === 'route' ? source.index : ''}.`);
    body = entry.page ? (
      <entry.page />
    ) : (
      <pages.content.page content={await withProse(entry.content, pages.content.schema, { link, lang: settings.lang })} />
    );
    if (source.kind === 'route' && source.latest)
      latest = Object.fromEntries(
        Object.entries(source.latest).map(([name, entries]) => {
          const of = pages.collections?.[name];
          return [name, of ? entries.map((entry) => entryOf(entry, of)) : []];
        }),
      );
  }
  const feed = listPath === undefined ? undefined : settings.feeds[listPath];
  const site: ShellProps<Record<string, unknown>>['site'] = {
    base,
    origin,
    year,
    routes: settings.routes,
    redirects: settings.redirects,
    ...(paths ? { paths } : {}),
    feeds: Object.values(pages.collections ?? {}).flatMap(({ path }) => settings.feeds[path] ?? []),
    ...(latest ? { latest } : {}),
  };
  const assets: ShellProps<Record<string, unknown>>['assets'] = {
    stylesheet: settings.mode === 'production' ? { inline: tokens.stylesheet } : { href: tokens.stylesheet, integrity: tokens.integrity },
    script: { href: tokens.script, integrity: tokens.scriptIntegrity },
    inlineScript: tokens.inlineScript,
    fonts: [tokens.font],
    ...(settings.icons === undefined ? {} : { icons: settings.icons }),
    brand: settings.brand,
  };
  const Shell = pages.shell;
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <Shell
      page={{
        title: info.title,
        description: info.description,
        url,
        ...(info.path === undefined ? {} : { canonical: absoluteUrl(origin, url) }),
        ...(info.fields ? { fields: info.fields } : {}),
        kind: info.kind,
        socialImage,
        ...(feed ? { feed } : {}),
        draft: info.draft,
        ...(source.kind === 'entry'
          ? {
              dates: { published: source.entry.info.date, ...(source.entry.info.updated ? { modified: source.entry.info.updated } : {}) },
            }
          : {}),
      }}
      site={site}
      assets={assets}
      csp={tokens.csp}
    >
      {body}
    </Shell>,
  )}`;
}

/** Each entry's body as a feed carries it, links and images absolute: rendered once for all feeds, ahead (highlighting is async). */
export async function feedBodies(
  pages: AnyPages,
  { bodies, images, address: { origin, base }, site: { lang } }: Pick<OutputRequest, 'bodies' | 'images' | 'address' | 'site'>,
  root?: string,
): Promise<(path: string) => string> {
  const made = new Map<string, string>();
  const link = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? absoluteUrl(origin, publicPath(base, href)) : href);
  // One file each, the original's type: a feed reader shows an <img>, and may drop a <picture>'s sources.
  const absolute = Object.fromEntries(
    Object.entries(images).map(([file, image]) => [file, { ...image, src: absoluteUrl(origin, image.src), sources: [] }]),
  );
  for (const { entry, collection: name } of bodies) {
    if (made.has(entry.path)) continue;
    const collection = pages.collections?.[name];
    const folder = entry.file.slice(0, entry.file.lastIndexOf('/'));
    const sizes = collection?.imageSizes ?? '';
    const context = { link, images: absolute, folder, sizes, lang, headingLinks: false, markdown: collection?.markdown, root };
    made.set(entry.path, renderToStaticMarkup(await renderBody(bodyTokens(entry, context), context)));
  }
  return (path) => {
    const html = made.get(path);
    if (html === undefined) throw new Error(`The body of ${path} was not sent with the feeds' entries.`);
    return html;
  };
}

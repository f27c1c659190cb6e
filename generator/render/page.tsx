import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EntryInfo, ShellProps } from '../site';
import { absoluteUrl, publicPath, routeUrl } from '../urls';
import { picture, renderBody } from './markdown';
import type { AnyPages } from './model';
import type { LoadedEntry, RenderRequest } from './protocol';

/**
 * A page's markup as React writes it, from the request alone (the worker writes it as HTML5 as it reads it: scan.ts); `root`, the
 * project, holds the cache of highlighted code.
 */
export async function renderPage(
  pages: AnyPages,
  { page: info, source, settings, socialImage, images, paths }: RenderRequest,
  root?: string,
): Promise<string> {
  const { base, origin, year, tokens } = settings;
  const url = info.path === undefined ? publicPath(base, '/404') : routeUrl(base, info.path);
  const link = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? publicPath(base, href) : href);
  const collection = 'collection' in source ? pages.collections?.[source.collection] : undefined;
  const entryOf = (entry: LoadedEntry): EntryInfo<unknown> => {
    const { image, ...rest } = entry.info;
    const made = image ? images[image.src] : undefined;
    return { ...rest, url: routeUrl(base, entry.path), ...(image && made ? { image: { ...made, alt: image.alt } } : {}) };
  };
  let body: ReactNode;
  if (source.kind === 'entry' && collection) {
    const entry = source.entry;
    const folder = entry.file.slice(0, entry.file.lastIndexOf('/'));
    const shown = entryOf(entry);
    const image = shown.image ? picture(shown.image, collection.imageSizes, 'eager') : undefined;
    const content = await renderBody(entry, {
      link,
      images,
      folder,
      sizes: collection.imageSizes,
      lang: settings.lang,
      ...(collection.markdown ? { markdown: collection.markdown } : {}),
      ...(root === undefined ? {} : { root }),
    });
    body = <collection.entry entry={shown} body={content} {...(image ? { image } : {})} />;
  } else if (source.kind === 'list' && collection) {
    const { page, pages: count } = source;
    const listUrl = (number: number) => routeUrl(base, number === 1 ? collection.path : `${collection.path}/page/${number}`);
    body = (
      <collection.list.component
        title={collection.list.title}
        description={collection.list.description}
        entries={source.entries.map(entryOf)}
        page={page}
        pages={count}
        {...(page > 1 ? { previous: listUrl(page - 1) } : {})}
        {...(page < count ? { next: listUrl(page + 1) } : {})}
      />
    );
  } else if (source.kind === 'route' || source.kind === 'not-found') {
    const entry = source.kind === 'route' ? pages.routes[source.index] : pages.notFound;
    if (!entry) throw new Error(`There is no route number ${source.kind === 'route' ? source.index : ''}.`);
    body = entry.page ? <entry.page /> : <pages.content.page content={entry.content} />;
  }
  const feedUrl = info.collection === undefined ? undefined : settings.feeds[info.collection];
  const site: ShellProps<Record<string, unknown>>['site'] = {
    base,
    origin,
    year,
    routes: settings.routes,
    redirects: settings.redirects,
    ...(paths ? { paths } : {}),
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
        ...(feedUrl && collection ? { feed: { title: collection.feed, url: feedUrl } } : {}),
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

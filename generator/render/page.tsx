import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EntryInfo, ShellProps, ShellRoute } from '../site';
import { absoluteUrl, publicPath, routeUrl } from '../urls';
import { toHtml5 } from './html';
import { picture, renderBody } from './markdown';
import type { AnyPages, SiteModel } from './model';
import type { LoadedEntry, RenderSettings } from './protocol';

/** Computed once a worker. */
export interface Shared {
  link: (href: string) => string;
  site: ShellProps<Record<string, unknown>>['site'];
  assets: ShellProps<Record<string, unknown>>['assets'];
}

export function sharedOf(model: SiteModel, settings: RenderSettings): Shared {
  const { base, origin, year, tokens } = settings;
  const routes: ShellRoute<Record<string, unknown>>[] = model.pages.flatMap((page) =>
    page.path === undefined || page.draft
      ? []
      : [{ url: routeUrl(base, page.path), title: page.title, ...(page.fields ? { fields: page.fields } : {}) }],
  );
  return {
    link: (href) => (href.startsWith('/') && !href.startsWith('//') ? publicPath(base, href) : href),
    site: {
      base,
      origin,
      year,
      routes,
      redirects: model.redirects.map((redirect) => [routeUrl(base, redirect.from), routeUrl(base, redirect.to)] as const),
    },
    assets: {
      stylesheet: settings.mode === 'production' ? { inline: tokens.stylesheet } : { href: tokens.stylesheet, integrity: tokens.integrity },
      script: { href: tokens.script, integrity: tokens.scriptIntegrity },
      inlineScript: tokens.inlineScript,
      fonts: [tokens.font],
      ...(settings.icons === undefined ? {} : { icons: settings.icons }),
      brand: settings.brand,
    },
  };
}

export function renderPage(pages: AnyPages, model: SiteModel, settings: RenderSettings, shared: Shared, index: number): string {
  const info = model.pages[index];
  const renderable = model.renderables[index];
  if (!info || !renderable) throw new Error(`There is no page number ${index}.`);
  const { base, origin } = settings;
  const url = info.path === undefined ? publicPath(base, '/404') : routeUrl(base, info.path);
  const collection = 'collection' in renderable ? pages.collections?.[renderable.collection] : undefined;
  const entryOf = (entry: LoadedEntry): EntryInfo<unknown> => {
    const { image, ...rest } = entry.info;
    const made = image ? settings.images[image.src] : undefined;
    return { ...rest, url: routeUrl(base, entry.path), ...(image && made ? { image: { ...made, alt: image.alt } } : {}) };
  };
  let body: ReactNode;
  if (renderable.kind === 'entry' && collection) {
    const entry = renderable.entry;
    const folder = entry.file.slice(0, entry.file.lastIndexOf('/'));
    const info = entryOf(entry);
    const image = info.image ? picture(info.image, collection.imageSizes, 'eager') : undefined;
    const content = renderBody(entry, { link: shared.link, images: settings.images, folder, sizes: collection.imageSizes });
    body = <collection.entry entry={info} body={content} {...(image ? { image } : {})} />;
  } else if (renderable.kind === 'list' && collection) {
    const { page, pages: count } = renderable;
    const listUrl = (number: number) => routeUrl(base, number === 1 ? collection.path : `${collection.path}/page/${number}`);
    body = (
      <collection.list.component
        title={collection.list.title}
        description={collection.list.description}
        entries={renderable.entries.map(entryOf)}
        page={page}
        pages={count}
        {...(page > 1 ? { previous: listUrl(page - 1) } : {})}
        {...(page < count ? { next: listUrl(page + 1) } : {})}
      />
    );
  } else if (renderable.kind === 'route' || renderable.kind === 'not-found') {
    const { entry } = renderable;
    body = entry.page ? <entry.page /> : <pages.content.page content={entry.content} />;
  }
  const feedUrl = info.collection === undefined ? undefined : settings.feeds[info.collection];
  const socialImage = settings.socialImages[info.kind === 'entry' ? (info.path ?? '') : ''] ?? settings.socialImages[''];
  if (!socialImage) throw new Error('The share image was not drawn.');
  const Shell = pages.shell;
  return `<!DOCTYPE html>${toHtml5(
    renderToStaticMarkup(
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
          ...(renderable.kind === 'entry'
            ? {
                dates: {
                  published: renderable.entry.info.date,
                  ...(renderable.entry.info.updated ? { modified: renderable.entry.info.updated } : {}),
                },
              }
            : {}),
        }}
        site={shared.site}
        assets={shared.assets}
        csp={settings.tokens.csp}
      >
        {body}
      </Shell>,
    ),
  )}`;
}

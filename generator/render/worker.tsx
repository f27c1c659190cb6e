/** A render worker: a stateless service over the site's code. Each request carries what it needs; the answer is plain data. */
import { parentPort, workerData } from 'node:worker_threads';
import { renderToStaticMarkup } from 'react-dom/server';
import { BuildError, type Failure, failedAt, failureOf, fileOf, isBuildError, messageOf, projectFrame } from '../failure';
import { DEFAULT_OUTPUTS } from '../outputs/defaults';
import { scanHtml } from '../scan';
import { canonicalPath } from '../urls';
import { findText, locate } from './locate';
import { lineOfValue } from './markdown';
import { type AnyPages, describeSite } from './model';
import { feedBodies, renderPage } from './page';
import type { FromWorker, PageSource, RenderedPage, RenderRequest, Requests, ToWorker } from './protocol';
import { fromShared } from './shared';

type Handlers = { [K in keyof Requests]: (input: Requests[K][0]) => Promise<Requests[K][1]> | Requests[K][1] };

export function serve(pages: AnyPages, pagesModule: string): void {
  const port = parentPort;
  if (!port) throw new Error('serve() runs in a render worker, started by the build.');
  // The project the worker was started for (pool.ts): its files are named relative to it.
  const { root } = workerData as { root: string };
  const handlers: Handlers = {
    describe: (input) => describeSite(pages, { ...input, root }, pagesModule),
    icons: () => pages.icons?.() ?? '',
    brand({ host, sizes }) {
      const App = pages.appIcon;
      const Social = pages.socialImage.component;
      return {
        appIcons: Object.fromEntries(
          sizes.map((size) => [
            size,
            { rounded: renderToStaticMarkup(<App size={size} square={false} />), square: renderToStaticMarkup(<App size={size} square />) },
          ]),
        ),
        socialImage: renderToStaticMarkup(<Social host={host} />),
        socialImageSize: { width: pages.socialImage.width, height: pages.socialImage.height },
      };
    },
    cards({ host, titles }) {
      const Social = pages.socialImage.component;
      return titles.map((title) => renderToStaticMarkup(<Social host={host} title={title} />));
    },
    render: (request) => render(pages, request, root),
    outputs: async ({ bodies, images, ...input }) => {
      const body = await feedBodies(pages, { bodies, images, address: input.address, site: input.site }, root);
      return Object.entries(pages.outputs ? pages.outputs(DEFAULT_OUTPUTS) : DEFAULT_OUTPUTS).map(([name, output]) => ({
        name,
        files: output.files({ ...input, body }),
      }));
    },
    // The entry's Markdown, the route's content, or the route table.
    locate: async ({ source, value, whole }) => {
      if (source.kind === 'entry') return lineOfValue(source.entry, value, whole);
      if (source.kind === 'list') {
        const entry = source.entries.find((item) => item.source?.includes(value));
        return entry?.source === undefined ? undefined : lineOfValue({ ...entry, source: entry.source }, value);
      }
      // A link is written with or without its trailing slash; a character is anywhere in a text.
      const matches = (text: string) => (whole ? text === value || text === value.replace(/\/$/, '') : text.includes(value));
      const entry = source.kind === 'route' ? pages.routes[source.index] : pages.notFound;
      if (!entry) return undefined;
      if (entry.content !== undefined) {
        const keys = findText(entry.content, matches);
        const found = keys && (await locate(root, entry.content, keys));
        if (found) return found;
      }
      const keys = findText(entry, matches);
      if (keys && source.kind === 'route') return (await locate(root, pages.routes, [source.index, ...keys])) ?? { file: pagesModule };
      return undefined;
    },
  };
  // Answered in the order asked, as the pool expects.
  let queue = Promise.resolve();
  port.on('message', (message: ToWorker) => {
    queue = queue.then(async () => {
      try {
        const handler = handlers[message.type] as (input: unknown) => unknown;
        port.postMessage({ id: message.id, value: await handler(message.input) } satisfies FromWorker);
      } catch (error) {
        port.postMessage({ id: message.id, failure: failureIn(error, root) } satisfies FromWorker);
      }
    });
  });
  port.postMessage({ id: 0, value: 'ready' } satisfies FromWorker);
}

async function render(pages: AnyPages, request: RenderRequest, root: string): Promise<RenderedPage> {
  const { page, source } = request;
  const settings = fromShared(request.settings);
  let markup: string;
  try {
    markup = await renderPage(pages, { ...request, settings }, root);
  } catch (error) {
    const where = projectFrame(error, root);
    const route = page.path === undefined ? '/404' : canonicalPath(page.path);
    const component = componentOf(pages, source);
    throw new BuildError(`Page ${route} (${[component, where].filter(Boolean).join(', ')}) threw while rendering: ${messageOf(error)}`, {
      route,
      file: fileOf(where),
      cause: error,
    });
  }
  const scan = scanHtml(markup, settings.origin, (value) => value.includes(settings.tokens.nonce));
  return {
    html: scan.html5,
    references: scan.references,
    styles: scan.styles,
    ids: [...scan.ids].join('\n'),
    duplicateIds: scan.duplicateIds,
    characters: scan.characters,
    classNames: [...scan.classes].sort().join(' '),
  };
}

function componentOf(pages: AnyPages, source: PageSource): string {
  const named = (component: { displayName?: string; name?: string } | undefined) =>
    component?.displayName ?? component?.name ?? 'a component';
  if (source.kind === 'entry') return named(pages.collections?.[source.collection]?.entry);
  if (source.kind === 'list') return named(pages.collections?.[source.collection]?.list.component);
  const entry = source.kind === 'route' ? pages.routes[source.index] : pages.notFound;
  return named(entry?.page ?? pages.content.page);
}

function failureIn(error: unknown, root: string): Failure {
  if (isBuildError(error)) return failureOf(error, root);
  const failure = failureOf(failedAt("The site's code failed", error, root), root);
  return error instanceof Error && error.stack ? { ...failure, stack: error.stack } : failure;
}

/** A render worker keeps each page in a spool until the build knows what pages wait for: the stylesheet, the font cut to their text. */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { parentPort, threadId } from 'node:worker_threads';
import { renderToStaticMarkup } from 'react-dom/server';
import { hashParts } from '../cache.mjs';
import { BuildError, type Failure, failedAt, failureOf, fileOf, isBuildError, messageOf, projectFrame } from '../failure';
import { referenceKey, samePageFragment, scanHtml } from '../scan';
import { canonicalPath } from '../urls';
import { writeOutput } from '../writer';
import { findText, locate } from './locate';
import { lineOfValue } from './markdown';
import { type AnyPages, loadModel, type SiteModel } from './model';
import { renderPage, type Shared, sharedOf } from './page';
import type { DescribeInput, FromWorker, Located, PageStyle, RenderedPage, RenderSettings, Requests, ToWorker } from './protocol';

interface Build {
  settings: RenderSettings;
  shared: Shared;
  spool: { file: string; fd: number; offset: number };
  reported: Set<string>;
  /** The `classes` of the pages rendered, whose names were reported with the first. */
  classSets: Set<string>;
}

type Handlers = { [K in keyof Requests]: (input: Requests[K][0]) => Promise<Requests[K][1]> | Requests[K][1] };

export function serve(pages: AnyPages, pagesModule: string): void {
  const port = parentPort;
  if (!port) throw new Error('serve() runs in a render worker, started by the build.');
  let model: { key: string; loaded: Promise<SiteModel> } | undefined;
  let build: Build | undefined;
  let styles: PageStyle[] = [];
  let root = process.cwd();
  const modelFor = (input: DescribeInput) => {
    // What the site is loaded for: another worker's collections are only a shortcut to the same model.
    const { loaded: _, ...site } = input;
    const key = JSON.stringify(site);
    if (model?.key !== key) model = { key, loaded: loadModel(pages, input, pagesModule) };
    root = input.root;
    return model.loaded;
  };
  const current = () => {
    if (!build || !model) throw new Error('The build settings come before pages.');
    return { build, model: model.loaded };
  };
  const handlers: Handlers = {
    async describe(input) {
      const { renderables: _, ...description } = await modelFor(input);
      return description;
    },
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
    async setup(settings) {
      const loaded = await modelFor({ root: settings.root, pagesModule, mode: settings.mode, now: settings.now });
      if (build) closeSync(build.spool.fd);
      const file = `${settings.spool}/worker-${threadId}.html`;
      build = {
        settings,
        shared: sharedOf(loaded, settings),
        spool: { file, fd: openSync(file, 'w'), offset: 0 },
        reported: new Set(),
        classSets: new Set(),
      };
      return undefined;
    },
    async render({ page }) {
      const { build: current_, model: loaded } = current();
      return render(pages, await loaded, current_, page);
    },
    styles(sent) {
      styles = sent;
      return undefined;
    },
    async write({ folder, pages: spooled, tokens, late }) {
      const fds = new Map<string, number>();
      // One pass, and a function: a `$&` in the script or stylesheet is text, not a replacement pattern.
      const token = new RegExp(`${tokens.nonce}-(\\w+)`, 'g');
      try {
        const written = [];
        for (const page of spooled) {
          let fd = fds.get(page.spool);
          if (fd === undefined) {
            fd = openSync(page.spool, 'r');
            fds.set(page.spool, fd);
          }
          const bytes = Buffer.allocUnsafe(page.length);
          readSync(fd, bytes, 0, page.length, page.offset);
          const own = page.style === undefined ? undefined : styles[page.style];
          if (page.style !== undefined && !own) throw new Error(`This worker was never sent the stylesheet of ${page.file}.`);
          const assets = own ? { ...late, ...own } : late;
          const html = bytes.toString('utf8').replace(token, (found, name: keyof typeof assets) => assets[name] ?? found);
          written.push(await writeOutput(folder, page.file, html));
        }
        return written;
      } finally {
        for (const fd of fds.values()) closeSync(fd);
      }
    },
    async locate({ page, value, whole }) {
      if (!model) throw new Error('Nothing to look in before the site is described.');
      return locateOnPage(pages, await model.loaded, page, value, whole === true, root, pagesModule);
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

/** Each reference once per worker, but those whose meaning depends on their page. */
function render(pages: AnyPages, model: SiteModel, build: Build, index: number): RenderedPage {
  const { settings, shared, spool, reported } = build;
  const info = model.pages[index];
  if (!info) throw new Error(`There is no page number ${index}.`);
  let html: string;
  try {
    html = renderPage(pages, model, settings, shared, index);
  } catch (error) {
    const where = projectFrame(error, settings.root);
    const route = info.path === undefined ? '/404' : canonicalPath(info.path);
    const component = componentOf(pages, model, index);
    throw new BuildError(`Page ${route} (${[component, where].filter(Boolean).join(', ')}) threw while rendering: ${messageOf(error)}`, {
      route,
      file: fileOf(where),
      cause: error,
    });
  }
  const scan = scanHtml(html, settings.origin, (value) => value.includes(settings.tokens.nonce));
  const bytes = Buffer.from(html);
  const offset = spool.offset;
  for (let written = 0; written < bytes.length; ) written += writeSync(spool.fd, bytes, written, bytes.length - written, offset + written);
  spool.offset += bytes.length;
  const references = scan.references.filter((reference) => {
    if (reference.problem || samePageFragment(reference.value) !== undefined) return true;
    const key = referenceKey(reference, info.file);
    if (reported.has(key)) return false;
    // A fresh string: a slice would keep its whole page alive (V8 keeps substrings as slices).
    reported.add(` ${key}`.slice(1));
    return true;
  });
  return {
    file: info.file,
    spool: spool.file,
    offset,
    length: bytes.length,
    references,
    ids: [...scan.ids].join('\n'),
    duplicateIds: scan.duplicateIds,
    characters: scan.characters,
    ...classesOf(build, scan.classes),
  };
}

function classesOf(build: Build, found: Set<string>): Pick<RenderedPage, 'classes' | 'classNames'> {
  const classNames = [...found].sort().join(' ');
  const classes = hashParts([classNames]).slice(0, 22);
  if (build.classSets.has(classes)) return { classes };
  build.classSets.add(classes);
  return { classes, classNames };
}

function componentOf(pages: AnyPages, model: SiteModel, index: number): string {
  const renderable = model.renderables[index];
  const named = (component: { displayName?: string; name?: string } | undefined) =>
    component?.displayName ?? component?.name ?? 'a component';
  if (!renderable) return 'a component';
  if (renderable.kind === 'entry') return named(pages.collections?.[renderable.collection]?.entry);
  if (renderable.kind === 'list') return named(pages.collections?.[renderable.collection]?.list.component);
  return named(renderable.entry.page ?? pages.content.page);
}

/** The entry's Markdown, the route's content, or the route table. */
async function locateOnPage(
  pages: AnyPages,
  model: SiteModel,
  index: number,
  value: string,
  whole: boolean,
  root: string,
  pagesModule: string,
): Promise<Located | undefined> {
  const renderable = model.renderables[index];
  if (!renderable) return undefined;
  if (renderable.kind === 'entry') return lineOfValue(renderable.entry, value, whole);
  if (renderable.kind === 'list') {
    const entry = renderable.entries.find((item) => item.source.includes(value));
    return entry ? lineOfValue(entry, value) : undefined;
  }
  // A link is written with or without its trailing slash; a character is anywhere in a text.
  const matches = whole ? (text: string) => text === value || text === value.replace(/\/$/, '') : (text: string) => text.includes(value);
  const { entry } = renderable;
  if (entry.content !== undefined) {
    const keys = findText(entry.content, matches);
    const found = keys && (await locate(root, entry.content, keys));
    if (found) return found;
  }
  const routeIndex = pages.routes.indexOf(entry as (typeof pages.routes)[number]);
  const keys = findText(entry, matches);
  if (keys && routeIndex >= 0) return (await locate(root, pages.routes, [routeIndex, ...keys])) ?? { file: pagesModule };
  return undefined;
}

function failureIn(error: unknown, root: string): Failure {
  if (isBuildError(error)) return failureOf(error, root);
  const failure = failureOf(failedAt("The site's code failed", error, root), root);
  return error instanceof Error && error.stack ? { ...failure, stack: error.stack } : failure;
}

/**
 * The render worker: a worker thread that loads the site's code from its bundle (site-bundle.ts),
 * answers the main thread with plain data (protocol.ts) and writes the pages it renders itself,
 * so that a page that loops forever costs a worker, never the build or the dev server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppIcon } from '../../components/AppIcon/AppIcon';
import { PAGE_SCRIPT } from '../../components/Document/Document';
import { iconSprite } from '../../components/Icon/Icon';
import { SOCIAL_IMAGE_SIZE, SocialImage } from '../../components/SocialImage/SocialImage';
import { BuildError, type Failure, failureOf, fileOf, isBuildError, messageOf, projectFrame } from '../failure';
import { referenceKey, samePageFragment, scanHtml, shownCharacters } from '../scan';
import { canonicalPath, routeFile } from '../urls';
import { checkContent } from './content-check';
import { renderPage, type SiteModule } from './page';
import type { BrandDrawings, FromWorker, PageTarget, RenderedPage, RenderSettings, SiteDescription, ToWorker } from './protocol';

/** One build's settings, and what a worker keeps from one of its pages to the next. */
interface Build {
  settings: RenderSettings;
  /** The characters the font draws, when the pages are checked against them. */
  drawn: ReadonlySet<string> | undefined;
  /** References already reported for an earlier page. */
  reported: Set<string>;
  /** Folders made in the staging folder: each costs a system call or two. */
  made: Set<string>;
}

/** Called by the bundle's entry. */
export function serveSite(module: SiteModule): void {
  const port = parentPort;
  if (!port) throw new Error('serveSite() runs in a render worker, started by the build.');
  let build: Build | undefined;
  const post = (message: FromWorker) => port.postMessage(message);

  // Only 'describe' awaits (to word a content error): the main thread asks nothing else meanwhile.
  port.on('message', async (message: ToWorker) => {
    try {
      switch (message.type) {
        case 'describe':
          // The content is checked first, so that a page with broken content fails before anything is rendered.
          await checkContent(module.routes, message);
          post({ type: 'described', site: describe(module) });
          break;
        case 'draw-brand':
          post({ type: 'drawn', drawings: drawBrand(module, message.host, message.sizes) });
          break;
        case 'draw-icons':
          post({ type: 'drawn-icons', sprite: iconSprite() });
          break;
        case 'setup': {
          const { settings } = message;
          const drawn = settings.fontCharacters === undefined ? undefined : new Set(settings.fontCharacters);
          build = { settings, drawn, reported: new Set(), made: new Set() };
          break;
        }
        case 'render':
          if (!build) throw new Error('A page was sent to render before the build settings.');
          post({ type: 'rendered', id: message.id, page: render(module, build, message.target) });
          break;
      }
    } catch (error) {
      const id = message.type === 'render' ? message.id : undefined;
      post({ type: 'failed', id, failure: failureIn(error, module, build?.settings.root ?? process.cwd(), message) });
    }
  });
  post({ type: 'ready' });
}

function describe({ routes, redirects = [], notFound, site }: SiteModule): SiteDescription {
  return {
    site,
    redirects: redirects.map(({ from, to, status }) => ({ from, to, status: status ?? 301 })),
    routes: routes.map(({ path, title, description, nav, useCase }) => ({
      path,
      title,
      description,
      ...(nav === undefined ? {} : { nav }),
      ...(useCase === undefined ? {} : { useCase }),
    })),
    notFound: { title: notFound.title, description: notFound.description },
    inline: { scripts: [PAGE_SCRIPT], styles: [] },
  };
}

function drawBrand({ site }: SiteModule, host: string, sizes: { touchIcon: number; largeIcon: number }): BrandDrawings {
  return {
    favicon: renderToStaticMarkup(<AppIcon size={32} />),
    touchIcon: renderToStaticMarkup(<AppIcon size={sizes.touchIcon} shape="square" />),
    largeIcon: renderToStaticMarkup(<AppIcon size={sizes.largeIcon} shape="square" />),
    socialImage: renderToStaticMarkup(<SocialImage name={site.name} tagline={site.tagline} host={host} />),
    socialImageSize: SOCIAL_IMAGE_SIZE,
  };
}

/**
 * Writes one page, and reports its size and what it refers to: each reference once per worker,
 * but for those whose meaning depends on the page they are in. The text pass only reports the
 * characters the page shows.
 */
function render(module: SiteModule, { settings, drawn, reported, made }: Build, target: PageTarget): RenderedPage {
  const route = target === 'not-found' ? undefined : module.routes[target];
  if (target !== 'not-found' && !route) throw new Error(`There is no route number ${target}.`);
  const entry = route ?? module.notFound;
  const pagePath = route ? canonicalPath(route.path) : undefined;
  const html = renderPage(module, settings, entry, pagePath);
  const file = route ? routeFile(route.path) : '404.html';
  if (settings.pass === 'text') return { file, bytes: 0, references: [], characters: shownCharacters(html) };
  // One pass over the page finds what it refers to and, when the font is to be checked, what it shows.
  const { references, characters } = scanHtml(html, settings.origin, { shown: drawn !== undefined });
  if (drawn) {
    const undrawn = [...characters].filter((character) => !drawn.has(character));
    if (undrawn.length > 0) {
      throw new Error(
        `it shows ${undrawn.map((character) => `“${character}”`).join(', ')}, which the font step did not see and the font cannot draw: does the page's text depend on something besides the site's code, the year and the site URL?`,
      );
    }
  }
  const full = path.join(settings.staging, file);
  const folder = path.dirname(full);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  const bytes = Buffer.from(html);
  writeFileSync(full, bytes);
  const fresh = references.filter((reference) => {
    // A problem, or a fragment of this page that names nothing: always this page's own.
    if (reference.problem || samePageFragment(reference.value) !== undefined) return true;
    const key = referenceKey(reference, file);
    if (reported.has(key)) return false;
    reported.add(detached(key));
    return true;
  });
  return { file, bytes: bytes.byteLength, references: fresh, characters: '' };
}

/**
 * V8 keeps a substring as a slice of its parent, so a key kept in `reported` would keep its whole
 * page alive (at 10,000 pages, 57 KB a page); slicing a concatenated string makes a fresh one.
 */
function detached(text: string): string {
  return ` ${text}`.slice(1);
}

/** Names the route being rendered and the file and line that threw. */
function failureIn(error: unknown, module: SiteModule, root: string, message: ToWorker): Failure {
  const where = projectFrame(error, root);
  if (message.type === 'render') {
    const route = message.target === 'not-found' ? undefined : module.routes[message.target];
    const entry = route ?? module.notFound;
    const pagePath = route ? canonicalPath(route.path) : '/404';
    const name = entry.page ? (entry.page.displayName ?? entry.page.name ?? 'anonymous component') : 'ContentPage';
    const text = `Page ${pagePath} (${name}${where ? `, ${where}` : ''}) threw while rendering: ${messageOf(error)}`;
    return failureOf(new BuildError(text, { route: pagePath, file: fileOf(where) }), root);
  }
  if (isBuildError(error)) return failureOf(error, root);
  const text = `The site's code failed while answering "${message.type}"${where ? ` at ${where}` : ''}: ${messageOf(error)}`;
  const failure = failureOf(new BuildError(text, { file: fileOf(where) }), root);
  return error instanceof Error && error.stack ? { ...failure, stack: error.stack } : failure;
}

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
import { charactersOf, referenceKey, samePageFragment, scanCss, scanHtml, shownCharacters } from '../scan';
import { canonicalPath, routeFile } from '../urls';
import { checkContent } from './content-check';
import { renderPage, type SiteModule } from './page';
import type {
  BrandDrawings,
  FoundReference,
  FromWorker,
  PageTarget,
  RenderedPage,
  RenderSettings,
  SiteDescription,
  ToWorker,
} from './protocol';

/** One build's settings, and what a worker keeps from one of its pages to the next. */
interface Build {
  /** The pages are rendered with these: the inline stylesheet, if any, as STYLESHEET_PLACEHOLDER. */
  settings: RenderSettings;
  /** Finds a character the font does not draw (control characters aside), when the pages are checked against it. */
  undrawn: RegExp | undefined;
  /**
   * The stylesheet every page holds, which the page is rendered, rewritten and scanned without:
   * read once, and written from bytes encoded once.
   */
  stylesheet: { placeholder: string; bytes: Buffer; references: readonly FoundReference[] } | undefined;
  /** References already reported for an earlier page. */
  reported: Set<string>;
  /** Folders made in the staging folder, which is among them: each costs a system call. */
  made: Set<string>;
}

/**
 * Stands for the inline stylesheet until the page is written. React escapes "<" in text and
 * attributes, so no page can hold it but in its own raw markup; toHtml5 leaves it alone.
 */
const STYLESHEET_PLACEHOLDER = '<inline-stylesheet>';

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
        case 'setup':
          build = setUp(message.settings);
          break;
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

function setUp(settings: RenderSettings): Build {
  const { css } = settings.assets;
  const codes = [...(settings.fontCharacters ?? '')].map((character) => `\\u{${character.codePointAt(0)?.toString(16)}}`);
  return {
    settings: 'inline' in css ? { ...settings, assets: { ...settings.assets, css: { inline: STYLESHEET_PLACEHOLDER } } } : settings,
    undrawn: settings.fontCharacters === undefined ? undefined : new RegExp(`[^${codes.join('')}\\p{Cc}]`, 'u'),
    stylesheet:
      'inline' in css
        ? { placeholder: STYLESHEET_PLACEHOLDER, bytes: Buffer.from(css.inline), references: scanCss(css.inline) }
        : undefined,
    reported: new Set(),
    made: new Set([settings.staging]),
  };
}

/**
 * Writes one page, and reports its size and what it refers to: each reference once per worker,
 * but for those whose meaning depends on the page they are in. The text pass only reports the
 * characters the page shows.
 */
function render(module: SiteModule, { settings, undrawn, stylesheet, reported, made }: Build, target: PageTarget): RenderedPage {
  const route = target === 'not-found' ? undefined : module.routes[target];
  if (target !== 'not-found' && !route) throw new Error(`There is no route number ${target}.`);
  const entry = route ?? module.notFound;
  const pagePath = route ? canonicalPath(route.path) : undefined;
  const html = renderPage(module, settings, entry, pagePath);
  const file = route ? routeFile(route.path) : '404.html';
  if (settings.pass === 'text') return { file, bytes: 0, references: [], characters: shownCharacters(html) };
  // One pass over the page finds what it refers to and, when the font is to be checked, the text it shows.
  const { references, texts } = scanHtml(html, settings.origin, { text: undrawn !== undefined, ...(stylesheet ? { stylesheet } : {}) });
  // One search of all the text: a control character, which joins them, is never undrawn.
  if (undrawn?.test(texts.join('\n'))) {
    const characters = [...charactersOf(texts)].filter((character) => undrawn.test(character));
    throw new Error(
      `it shows ${characters.map((character) => `“${character}”`).join(', ')}, which the font step did not see and the font cannot draw: does the page's text depend on something besides the site's code, the year and the site URL?`,
    );
  }
  const full = path.join(settings.staging, file);
  makeFolder(path.dirname(full), made);
  const at = stylesheet ? html.indexOf(stylesheet.placeholder) : -1;
  const bytes =
    stylesheet && at >= 0
      ? Buffer.concat([Buffer.from(html.slice(0, at)), stylesheet.bytes, Buffer.from(html.slice(at + stylesheet.placeholder.length))])
      : Buffer.from(html);
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

/** Makes a folder whose parent this worker made (or saw made) before: one system call, where a recursive mkdir tries the folder first. */
function makeFolder(folder: string, made: Set<string>): void {
  const parent = path.dirname(folder);
  if (made.has(folder) || parent === folder) return;
  makeFolder(parent, made);
  try {
    mkdirSync(folder);
  } catch (error) {
    // The other worker made it for a page of its own.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  made.add(folder);
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

/** What the main thread and the render workers say to each other, all plain data: only workers load the site's code. */
import type { Failure } from '../failure';
import type { FoundReference } from '../scan';
import type { EntryInfo, ImageInfo, SitePath } from '../site';
import type { OutputFile } from '../writer';

export interface PageInfo {
  /** None for the 404 page, which answers at every unknown path. */
  path?: SitePath;
  /** Relative to the output folder. */
  file: string;
  title: string;
  description: string;
  kind: 'route' | 'entry' | 'list' | 'not-found';
  fields?: Readonly<Record<string, unknown>>;
  collection?: string;
  /** The sitemap's. */
  lastmod?: string;
  draft: boolean;
  /** What the page is made from besides code and settings (an entry's Markdown): unchanged, the dev server keeps the page. */
  version?: string;
}

export interface RedirectInfo {
  from: SitePath;
  to: SitePath;
  status: 301 | 302;
}

export interface FeedEntry {
  path: SitePath;
  title: string;
  description: string;
  /** Instants, as RFC 3339 text. */
  date: string;
  updated?: string;
}

export interface FeedInfo {
  collection: string;
  /** The feed is `<path>/feed.xml`. */
  path: SitePath;
  title: string;
  entries: FeedEntry[];
}

export interface ImageSource {
  file: string;
  /** For messages: "content/news/x.md:12". */
  from: string;
  /** An entry's cover: also cut for link previews. */
  cover?: boolean;
}

/** An entry as read and checked: its body is parsed where it is rendered. */
export interface LoadedEntry {
  file: string;
  path: SitePath;
  info: Omit<EntryInfo<unknown>, 'url' | 'image'> & { image?: { src: string; alt: string } };
  /** Published, or any entry in the dev server. */
  shown: boolean;
  /** 1-based. */
  bodyLine: number;
  /** Where the body starts in `source`. */
  bodyStart: number;
  source: string;
}

/** The worker that describes the site hands it to the others, which need not read and check it again. */
export interface LoadedCollection {
  entries: LoadedEntry[];
  images: ImageSource[];
  reads: string[];
}

/** The site as a render worker describes it, once its route table and content are checked. */
export interface SiteDescription {
  /** The routes, each collection's lists and entries, then the 404 page. */
  pages: PageInfo[];
  redirects: RedirectInfo[];
  feeds: FeedInfo[];
  images: ImageSource[];
  /** Each entry's link preview: its cover, cut, or its title drawn on the site's card. */
  shares: { path: SitePath; title: string; file: string; cover?: string }[];
  /** The site's card's, which a cover is cut to. */
  socialImageSize: { width: number; height: number };
  /** Besides the code (Markdown). */
  reads: string[];
  /** As read and checked, by name: for the other workers. */
  collections: Record<string, LoadedCollection>;
}

export interface DescribeInput {
  root: string;
  /** Relative to the root. */
  pagesModule: string;
  mode: 'production' | 'development';
  now: number;
  /** Another worker's: not read again. Not part of what the site is loaded for. */
  loaded?: SiteDescription['collections'];
}

/** SVG, drawn by the site's components. */
export interface BrandDrawings {
  appIcons: Record<number, { rounded: string; square: string }>;
  socialImage: string;
  socialImageSize: { width: number; height: number };
}

/** Known only once every page is rendered: the pages wait in spools for it. */
export interface LateAssets {
  csp: string;
  /** Its text (inline) or URL (linked). */
  stylesheet: string;
  integrity: string;
  font: string;
  script: string;
  scriptIntegrity: string;
  inlineScript: string;
}

/** A page's own inline stylesheet, cut to its classes, and the meta policy that allows it. */
export type PageStyle = Pick<LateAssets, 'csp' | 'stylesheet'>;

/** Each holds `nonce`, a build's own, so that no page holds one by chance. */
export interface LateTokens extends LateAssets {
  nonce: string;
}

export interface RenderSettings {
  root: string;
  mode: 'production' | 'development';
  now: number;
  base: string;
  origin: string;
  year: number;
  tokens: LateTokens;
  icons?: string;
  brand: { favicon: string; touchIcon: string; logo: string; manifest: string };
  /** By entry path; the site's own under "". */
  socialImages: Record<string, { url: string; width: number; height: number; alt: string }>;
  /** By source file. */
  images: Record<string, Omit<ImageInfo, 'alt'>>;
  /** URLs by collection. */
  feeds: Record<string, string>;
  spool: string;
}

export interface Spooled {
  file: string;
  spool: string;
  offset: number;
  length: number;
}

export interface RenderedPage extends Spooled {
  /** Those this worker has not reported before: the shared navigation and assets cross once. */
  references: FoundReference[];
  /** One a line. */
  ids: string;
  duplicateIds: string[];
  characters: string;
  /** A hash of its class names: ten thousand pages hold ten thousand of these, not of the names. */
  classes: string;
  /** The names, sorted, a space between: with the first page of each set a worker renders. */
  classNames?: string;
}

export interface Located {
  file: string;
  line?: number;
}

export interface Requests {
  describe: [DescribeInput, SiteDescription];
  icons: [undefined, string];
  brand: [{ host: string; sizes: number[] }, BrandDrawings];
  /** The site's card with each title on it, as SVG. */
  cards: [{ host: string; titles: string[] }, string[]];
  setup: [RenderSettings, undefined];
  render: [{ page: number }, RenderedPage];
  /** The pages' own stylesheets, sent to each worker once before the writes that name them by index. */
  styles: [PageStyle[], undefined];
  /** A page with a `style` takes that one of the `styles` in place of `late`'s. */
  write: [{ folder: string; pages: (Spooled & { style?: number })[]; tokens: LateTokens; late: LateAssets }, OutputFile[]];
  /** Where the owner wrote `value`: a character inside a text, or (`whole`) a link or an id. */
  locate: [{ page: number; value: string; whole?: boolean }, Located | undefined];
}

export type RequestType = keyof Requests;

export type ToWorker = { [K in RequestType]: { id: number; type: K; input: Requests[K][0] } }[RequestType];

export type FromWorker = { id: number; value: unknown } | { id: number; failure: Failure };

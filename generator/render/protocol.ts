/**
 * What the build's main thread and its render workers say to each other: one request type each,
 * with what it takes and what it answers, all plain data. The main thread never loads the site's
 * code; a worker does (its pages module, bundled), and answers.
 */
import type { Failure } from '../failure';
import type { FoundReference } from '../scan';
import type { ImageInfo, SitePath } from '../site';
import type { OutputFile } from '../writer';

/** A page the build writes, as the main thread knows it. */
export interface PageInfo {
  /** The site path; none for the 404 page, which answers at every unknown path. */
  path?: SitePath;
  /** Relative to the output folder. */
  file: string;
  title: string;
  description: string;
  kind: 'route' | 'entry' | 'list' | 'not-found';
  /** The route's own fields (its place in the navigation), as the site's schema checked them. */
  fields?: Readonly<Record<string, unknown>>;
  /** The collection an entry or a list belongs to. */
  collection?: string;
  /** An entry's `updated`, else its `date`: the sitemap's lastmod. */
  lastmod?: string;
  /** Shown only by the dev server. */
  draft: boolean;
  /** What the page is made from besides the code and settings (an entry's Markdown): unchanged, the dev server keeps the page. */
  version?: string;
}

export interface RedirectInfo {
  from: SitePath;
  to: SitePath;
  status: 301 | 302;
}

/** An entry of a collection's feed. */
export interface FeedEntry {
  path: SitePath;
  title: string;
  description: string;
  date: string;
  updated?: string;
}

export interface FeedInfo {
  collection: string;
  /** The list's path: the feed is `<path>/feed.xml`. */
  path: SitePath;
  title: string;
  entries: FeedEntry[];
}

/** An image a Markdown entry shows, to be made in its sizes and formats. */
export interface ImageSource {
  /** Relative to the root. */
  file: string;
  /** Where it is referred to, for messages: "content/news/x.md:12". */
  from: string;
}

/** The site as a render worker describes it, once its route table and content are checked. */
export interface SiteDescription {
  /** Every page, in the order written: the routes, each collection's lists and entries, then the 404 page. */
  pages: PageInfo[];
  redirects: RedirectInfo[];
  feeds: FeedInfo[];
  images: ImageSource[];
  /** The site's own share image's alt text, and the titles drawn on entries' own. */
  socialTitles: string[];
  /** Files and folders read besides the code (Markdown), relative to the root. */
  reads: string[];
}

export interface DescribeInput {
  root: string;
  /** The pages module, relative to the root: named by messages about what no module exports. */
  pagesModule: string;
  mode: 'production' | 'development';
  /** The build's "now" (ms since the epoch): what is scheduled for later, or expired, is left out. */
  now: number;
}

/** SVG, drawn by the site's components. */
export interface BrandDrawings {
  /** By size. */
  appIcons: Record<number, { rounded: string; square: string }>;
  /** The site's own (under ""), and one for each title asked for. */
  socialImages: Record<string, string>;
  socialImageSize: { width: number; height: number };
}

/** What is known only once every page is rendered: the pages are written when it is. */
export interface LateAssets {
  csp: string;
  /** The stylesheet's text (inline) or URL (linked). */
  stylesheet: string;
  integrity: string;
  font: string;
  script: string;
  scriptIntegrity: string;
  inlineScript: string;
}

/** Stand-ins for the late assets while the pages wait in the spool: each holds `nonce`, a build's own. */
export interface LateTokens extends LateAssets {
  nonce: string;
}

/** What every page of one build shares. */
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
  /** By entry path, and the site's own under "". */
  socialImages: Record<string, { url: string; width: number; height: number; alt: string }>;
  /** By source file, relative to the root. */
  images: Record<string, Omit<ImageInfo, 'alt'>>;
  /** Feeds by collection: their URL. */
  feeds: Record<string, string>;
  /** Where a worker keeps the pages it rendered until they are written. */
  spool: string;
}

/** Where a rendered page waits in its worker's spool file. */
export interface Spooled {
  file: string;
  spool: string;
  offset: number;
  length: number;
}

export interface RenderedPage extends Spooled {
  /**
   * Those this worker has not reported for an earlier page, so that the shared navigation and
   * assets cross once; fragments of the page itself only when they name nothing.
   */
  references: FoundReference[];
  /** Its ids, one a line. */
  ids: string;
  duplicateIds: string[];
  characters: string;
}

export interface Located {
  file: string;
  line?: number;
}

export interface Requests {
  describe: [DescribeInput, SiteDescription];
  icons: [undefined, string];
  brand: [{ host: string; sizes: number[]; titles: string[] }, BrandDrawings];
  setup: [RenderSettings, undefined];
  render: [{ page: number }, RenderedPage];
  write: [{ folder: string; pages: Spooled[]; tokens: LateTokens; late: LateAssets }, OutputFile[]];
  /** The file and line an owner wrote `value` in, on page `page`: a character inside a text, or (`whole`) a link or an id. */
  locate: [{ page: number; value: string; whole?: boolean }, Located | undefined];
}

export type RequestType = keyof Requests;

export type ToWorker = { [K in RequestType]: { id: number; type: K; input: Requests[K][0] } }[RequestType];

export type FromWorker = { id: number; value: unknown } | { id: number; failure: Failure };

/** What the main thread and the render workers say to each other, all plain data: only workers load the site's code. */
import type { Failure } from '../failure';
import type { BuildOptions } from '../options';
import type { FoundReference } from '../scan';
import type { EntryInfo, FeedInfo, ImageInfo, OutputContent, OutputInput, PageInfo, PageTarget, RedirectInfo, SitePath } from '../site';
import type { Shared } from './shared';

/** A target with the entries it shows, as a request carries it: an entry's page with its text (E), which a key leaves out. */
export type PageSource<E extends LoadedEntry = EntryText> = PageTarget<E, LoadedEntry, EntrySummary, EntrySummary[]>;

/** An entry another page shows (a card, a link): without its body, which a request need not carry. */
export type EntrySummary = Pick<LoadedEntry, 'file' | 'path' | 'info'>;

export function summaryOf({ file, path, info }: LoadedEntry): EntrySummary {
  return { file, path, info };
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
  info: Omit<EntryInfo<unknown>, 'url' | 'image' | 'thumbnail' | 'tags'> & {
    image?: { src: string; alt: string };
    tags: string[];
  };
  /** Published, or any entry in the dev server. */
  shown: boolean;
  /** 1-based. */
  bodyLine: number;
  /** Where the body starts in its text. */
  bodyStart: number;
  /** Of its text as it was checked: the text itself is read again for a request that renders or locates it (withText). */
  hash: string;
  /** Only in such a request: the main thread keeps no entry's text, so that its memory does not grow with the content. */
  source?: string;
}

/** An entry with its text, as a request that renders or locates its body carries it. */
export type EntryText = LoadedEntry & { source: string };

/** As read and checked: the main thread keeps its entries, and hands each render request those its page shows. */
export type LoadedCollection = { entries: LoadedEntry[]; images: ImageSource[]; reads: string[] };

/** The site as a render worker describes it, once its route table and content are checked. */
export interface SiteDescription {
  /** The routes, each collection's lists and entries, then the 404 page. */
  pages: PageInfo[];
  redirects: RedirectInfo[];
  feeds: FeedInfo[];
  images: ImageSource[];
  /** Each entry's link preview: its cover, cut, or its title drawn on the site's card. */
  shares: { path: SitePath; title: string; file: string; cover?: string }[];
  /** Which a cover is cut to. */
  socialImageSize: { width: number; height: number };
  /** Besides the code (Markdown). */
  reads: string[];
  collections: Record<string, LoadedCollection>;
  /** The entries the build leaves out, and why (none in the dev server, which shows them marked). */
  left: { file: string; held: NonNullable<EntryInfo<unknown>['held']> }[];
}

export type DescribeInput = Pick<BuildOptions, 'mode' | 'now'> & {
  /** The cache's key for the site's code (entryKey of its bundle's hash): what its entries were read by. */
  code?: string;
};

/** SVG, drawn by the site's components. */
export interface BrandDrawings {
  appIcons: Record<number, { rounded: string; square: string }>;
  socialImage: string;
  socialImageSize: { width: number; height: number };
}

/** Known once every page is rendered (the font is cut to their text): pages hold stand-ins until written; a stylesheet inline or linked. */
export const LATE_ASSETS = ['csp', 'stylesheet', 'integrity', 'font', 'script', 'scriptIntegrity', 'inlineScript'] as const;
export type LateAssets = Record<(typeof LATE_ASSETS)[number], string>;

/** A page's own inline stylesheet, cut to its classes, and the meta policy that allows it. */
export type PageStyle = Pick<LateAssets, 'csp' | 'stylesheet'>;

/** Each holds `nonce`, a build's own, so that no page holds one by chance. */
export interface LateTokens extends LateAssets {
  nonce: string;
}

/** What every page of a build is rendered with. */
export interface RenderSettings {
  mode: 'production' | 'development';
  /** The site's language (its config's `lang`): an entry's quotation marks are its. */
  lang: string;
  base: string;
  origin: string;
  year: number;
  tokens: LateTokens;
  icons?: string;
  brand: { favicon: string; touchIcon: string; logo: string; manifest: string };
  /** By the path of the list they are a feed of (a collection's, a tag's): those with a published entry, at their URLs. */
  feeds: Record<string, { title: string; url: string }>;
  /** The pages with fields (the navigation), at their URLs. */
  routes: { url: string; title: string; fields?: Readonly<Record<string, unknown>> }[];
  redirects: (readonly [from: string, to: string])[];
}

export type SocialImage = { url: string; width: number; height: number; alt: string };

/** One page, with all it needs: the worker keeps nothing between requests but the site's code. */
export interface RenderRequest {
  page: PageInfo;
  source: PageSource;
  /** The same for every page of a build, and as large as its route table: carried by reference. */
  settings: Shared<RenderSettings>;
  socialImage: SocialImage;
  /** Those its entries show, by source file. */
  images: Record<string, Omit<ImageInfo, 'alt'>>;
  /** Every page's URL: the 404 page's alone. */
  paths?: string[];
}

/** A render request as the page is made from it, its settings read. */
export type PageRequest = Omit<RenderRequest, 'settings'> & { settings: RenderSettings };

export interface RenderedPage {
  html: string;
  /** Every distinct reference of the page, but fragments of the page itself that name one of its elements, and those in `styles`. */
  references: FoundReference[];
  /** The page's own `<style>` texts: their references are read where the CSS reader is loaded, not in a render worker. */
  styles: string[];
  /** One a line. */
  ids: string;
  duplicateIds: string[];
  characters: string;
  /** Sorted, a space between. */
  classNames: string;
}

export type Located = { file: string; line?: number };

export interface Requests {
  describe: [DescribeInput, SiteDescription];
  icons: [undefined, string];
  brand: [{ host: string; sizes: number[] }, BrandDrawings];
  /** The site's card with each title on it, as SVG. */
  cards: [{ host: string; titles: string[] }, string[]];
  render: [RenderRequest, RenderedPage];
  /** The site's outputs' files, by output. */
  outputs: [OutputRequest, { name: string; files: readonly OutputContent[] }[]];
  /** Where the owner wrote `value` for a page: a character inside a text, or (`whole`) a link or an id. */
  locate: [{ source: PageSource; value: string; whole?: boolean }, Located | undefined];
}

/** What the outputs are made from: the feeds' entries with their bodies and images, which the worker renders. */
export type OutputRequest = Omit<OutputInput, 'body'> & {
  bodies: { collection: string; entry: EntryText }[];
  /** Those the bodies show, by source file. */
  images: Record<string, Omit<ImageInfo, 'alt'>>;
};

export type RequestType = keyof Requests;

export type ToWorker = { [K in RequestType]: { id: number; type: K; input: Requests[K][0] } }[RequestType];

export type FromWorker = { id: number; value: unknown } | { id: number; failure: Failure };

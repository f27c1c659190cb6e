/**
 * What a site hands the generator: `defineSite`, plain data the main thread reads, and `definePages`, which only render workers
 * load, so that a page that loops forever costs a worker, never the build. A site's modules import this, never index.ts.
 */
import type { ComponentType, ReactNode } from 'react';
import type * as v from 'valibot';

export { description, markdown, outsideUrl, sitePath, slug, text, title } from './schema';

/** "/" or "/about-us": lower case, no trailing slash. */
export type SitePath = `/${string}`;

export interface FontDefinition {
  family: string;
  /** A WOFF2 variable font with a weight axis: a module path, or a project file ("./fonts/x.woff2"). */
  file: string;
  /** Covered whether a page shows them or not (a second file, fetched only for text that needs it): text no build saw has glyphs. */
  safety: string;
}

/** The config module's default export. Paths are relative to the project root. */
export interface Site {
  name: string;
  tagline: string;
  /** `https://www.example.com`, or a folder of it. */
  url: string;
  themeColor: string;
  lang: string;
  /** The module render workers load, which default-exports `definePages(...)`. */
  pages: string;
  styles: string;
  client: string;
  /** The first paint's script, which every page carries inline, allowed by its hash. */
  inlineScript?: string;
  /** Copied into the output as it is. */
  public?: string;
  font: FontDefinition;
  /** TrueType files the brand images are drawn with, so that they come out the same on every machine. */
  brandFonts: readonly string[];
  /** Default: all. */
  hosts?: readonly HostName[];
  /** An image with more pixels is refused before it is decoded (default 40 million: a 7,700 × 5,200 photo). */
  images?: { maxPixels?: number };
}

/** Netlify also stands for Cloudflare Pages; S3 website hosting needs no configuration. */
export type HostName = 'serve' | 'netlify' | 'nginx' | 'cloudfront';

export const HOST_NAMES: readonly HostName[] = ['serve', 'netlify', 'nginx', 'cloudfront'];

/** A page as the build knows it, before it is rendered. */
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
  /** What a render request gives the worker to lay it out. */
  target: PageTarget;
}

/**
 * Which page, by what the worker cannot know: a route of its table by number, an entry (or a list's) by its collection's. A render
 * request carries the entries themselves (PageSource), and the newest a route's copy shows rather than how many.
 */
export type PageTarget<Entry = number, Listed = number, Shown = number, Latest = number> =
  | {
      kind: 'route';
      index: number;
      /** The newest entries its copy shows (`content.latest`), by collection. */
      latest?: Readonly<Record<string, Latest>>;
    }
  | { kind: 'not-found' }
  | {
      kind: 'entry';
      collection: string;
      entry: Entry;
      /** The entries beside it in its collection's order, and those that share most of its tags. */
      newer?: Shown;
      older?: Shown;
      related: Shown[];
    }
  | {
      kind: 'list';
      collection: string;
      page: number;
      pages: number;
      entries: Listed[];
      /** A tag's list: the tag. */
      tag?: string;
      /** The collection's tags that have entries, and how many. */
      tags: readonly { name: string; count: number }[];
    };

export type RedirectInfo = { from: SitePath; to: SitePath; status: 301 | 302 };

/** Its `date` and `updated` as instants, RFC 3339 text. */
export type FeedEntry = Pick<EntryInfo<unknown>, 'title' | 'description' | 'date' | 'updated'> & { path: SitePath };

export interface FeedInfo {
  collection: string;
  /** The feed is `<path>/feed.xml`: a collection's list, or a tag's. */
  path: SitePath;
  title: string;
  /** The newest, as many as the collection's `feedLength`. */
  entries: FeedEntry[];
}

/** Why a build leaves an entry out: `draft: true`, a `publishDate` still to come, or an `expiryDate` past. The dev server shows it. */
export type Held = { reason: 'draft' } | { reason: 'scheduled'; date: string } | { reason: 'expired'; date: string };

export function defineSite(config: Site): Site {
  return config;
}

/** Its copy, laid out by the site's content page, or a component of its own. */
export type PageEntry<Content> = { title: string; description: string } & (
  | { content: Content; page?: undefined }
  | { page: ComponentType; content?: undefined }
);

/** `Fields` are the site's own (its place in the header and footer, say). */
export type Route<Content, Fields extends object = object> = PageEntry<Content> & { path: SitePath } & Fields;

export interface Redirect {
  /** No route of the table; `/about` and `/about/` both redirect. */
  from: SitePath;
  /** A route of the table, never another redirect. */
  to: SitePath;
  /** Default 301. */
  status?: 301 | 302;
}

export interface EntryProps<Data> {
  entry: EntryInfo<Data>;
  body: ReactNode;
  /** The frontmatter's image, not lazy: it leads the page. */
  image?: ReactNode;
  /** The body's level-2 headings, in order, with their ids: what a table of contents lists. */
  outline: readonly { id: string; text: string }[];
  /** The words of the body, for a reading time. */
  words: number;
  /** The collection's list, the way back. */
  list: { title: string; url: string };
  /** The entries before and after it in its collection's list (newest first). */
  newer?: EntryInfo<Data>;
  older?: EntryInfo<Data>;
  /** Those that share most of its tags (the newest first among equals), as many as the collection's `related`. */
  related: readonly EntryInfo<Data>[];
}

export interface EntryInfo<Data> {
  slug: string;
  url: string;
  title: string;
  description: string;
  /** As written: "2025-06-01" or a full ISO date-time. */
  date: string;
  updated?: string;
  /** Shown only by the dev server, with a mark. */
  draft: boolean;
  /** Why it is a draft. */
  held?: Held;
  image?: ImageInfo;
  /** `image` as a `<picture>` loaded lazily, its sources chosen for `sizes`: a list's thumbnail. */
  thumbnail?: (sizes: string) => ReactNode;
  /** In the order the frontmatter gives them, each with its list. */
  tags: readonly TagInfo[];
  data: Data;
}

export type TagInfo = { name: string; url: string };

/** With its box, so that nothing moves when it loads. */
export interface ImageInfo {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** AVIF, WebP, then the original's type. */
  sources: readonly { type: string; srcset: string }[];
}

export interface ListProps<Data> {
  title: string;
  description: string;
  entries: readonly EntryInfo<Data>[];
  /** 1-based. */
  page: number;
  pages: number;
  previous?: string;
  next?: string;
  /** The list's Atom feed, once it has a published entry. */
  feed?: { title: string; url: string };
  /** A tag's list: the tag, and the collection's whole list. */
  tag?: { name: string; list: { title: string; url: string } };
  /** The collection's tags that have entries, each with its list and how many it holds. */
  tags: readonly (TagInfo & { count: number })[];
}

/** Markdown files with YAML frontmatter: a route each (`<path>/<slug>/`) and a list, newest first (`<path>/`, `<path>/page/2/`). */
export interface Collection<Data, Fields extends object = object> {
  folder: string;
  path: SitePath;
  /** Besides the ones every entry has (title, description, date, tags, ...): checked with the file and line of each mistake. */
  fields: v.ObjectEntries;
  entry: ComponentType<EntryProps<Data>>;
  /** `sizes` of the images in entries. */
  imageSizes: string;
  list: {
    title: string;
    description: string;
    perPage: number;
    component: ComponentType<ListProps<Data>>;
    fields: Fields;
  };
  /** The Atom feed's title. */
  feed: string;
  /** What the site gives its entries' Markdown: the generator holds no words, class names or colours of its own. */
  markdown?: MarkdownSettings;
  /** How many of the newest entries each of its feeds carries, with their full text (default 20). */
  feedLength?: number;
  /**
   * The tags an entry may give (`tags: [Open banking]`), as readers see them: any other is refused with the file and line. Each
   * tag with entries has its list, `<path>/tags/<tag>/` (its name in lower-case ASCII), paginated as the collection's, and its feed.
   */
  tags?: {
    allowed: readonly string[];
    /** A tag's list: its title and description (as a page's), and its feed's title. */
    list: (tag: string) => { title: string; description: string; feed: string };
  };
  /** How many related entries (by shared tags) an entry's page gets (default 3). */
  related?: number;
}

/** A collection whose entry component is typed by its own fields: `defineCollection({ fields: { client: text(80) }, entry: CaseStudy, ... })`. */
export function defineCollection<Entries extends v.ObjectEntries, Fields extends object = object>(
  collection: Omit<Collection<v.InferOutput<v.ObjectSchema<Entries, undefined>>, Fields>, 'fields'> & { fields: Entries },
): Collection<never, Fields> {
  // A site's collections hold entries of different shapes: each is checked by its own fields before its component sees it.
  return collection as unknown as Collection<never, Fields>;
}

/** The kinds of code token Shiki's css-variables theme tells apart: each may have a class of the site's stylesheet. */
export const CODE_TOKEN_KINDS = [
  'keyword',
  'string',
  'string-expression',
  'constant',
  'function',
  'parameter',
  'punctuation',
  'comment',
  'link',
  'inserted',
  'deleted',
  'changed',
] as const;

export type CodeTokenKind = (typeof CODE_TOKEN_KINDS)[number];

export interface MarkdownSettings {
  /** Fenced code highlighted at build time (Shiki), each kind of token a class, never a style attribute; without it, one colour. */
  code?: {
    /** Shiki's names or aliases (typescript, ts, shellscript, sh); a block in another is refused. Default: COMMON_LANGUAGES. */
    languages?: readonly string[];
    /** A kind without one is the block's own colour. */
    classes: Readonly<Partial<Record<CodeTokenKind, string>>>;
  };
  /** On the wrapper of each level-2 and level-3 heading and on the link to it beside the heading. */
  classes?: { heading?: string; headingLink?: string };
  /** In the site's language: what a screen reader says for what has no words on the page. */
  labels?: {
    /** The list of footnotes. */
    footnotes?: string;
    /** A footnote's link back to its reference in the text: `occurrence` counts from 1 where a note is cited more than once. */
    backlink?: (note: number, occurrence: number) => string;
  };
  /** Opening and closing double quotes, then single: by default the site language's (`lang`), or straight where it is unknown. */
  quotes?: readonly [string, string, string, string];
}

export interface ShellPage<Fields extends object> {
  title: string;
  description: string;
  /** "/404" for the 404 page, which answers at every unknown path. */
  url: string;
  /** None for the 404 page. */
  canonical?: string;
  fields?: Fields;
  kind: 'route' | 'entry' | 'list' | 'not-found';
  /** The site's, or the entry's own. */
  socialImage: { url: string; width: number; height: number; alt: string };
  feed?: { title: string; url: string };
  draft: boolean;
  /** An entry's, as its frontmatter writes them. */
  dates?: { published: string; modified?: string };
}

/** Where a shell's navigation comes from (those with fields), and the 404 page's list of them all. */
export interface ShellRoute<Fields extends object> {
  url: string;
  title: string;
  fields?: Fields;
  /** A collection's list with nothing published: the site decides whether its navigation links it. */
  empty?: boolean;
}

export interface ShellAssets {
  /** Inline in a build (allowed by its hash); linked in the dev server, which swaps it in place. */
  stylesheet: { inline: string } | { href: string; integrity: string };
  script: { href: string; integrity: string };
  /** "" when the site has none. */
  inlineScript: string;
  /** To preload. */
  fonts: readonly string[];
  icons?: string;
  brand: { favicon: string; touchIcon: string; logo: string; manifest: string };
}

export interface ShellProps<Fields extends object> {
  page: ShellPage<Fields>;
  site: {
    /** "/" or "/site/". */
    base: string;
    origin: string;
    year: number;
    /** The pages with fields (the route table's, the collections' lists): what the navigation is made of. */
    routes: readonly ShellRoute<Fields>[];
    redirects: readonly (readonly [from: string, to: string])[];
    /** Every published page's URL, on the 404 page alone: a thousand entries' addresses belong in no other page. */
    paths?: readonly string[];
    /** Each collection's feed, once it has a published entry: every page links them for feed readers to find. */
    feeds: readonly { title: string; url: string }[];
    /** The newest entries of the collections the page's copy shows (`content.latest`), by collection. */
    latest?: Readonly<Record<string, readonly EntryInfo<unknown>[]>>;
  };
  assets: ShellAssets;
  /** For a `<meta http-equiv>`, first in the head. */
  csp: string;
  children: ReactNode;
}

export interface Pages<Content, Fields extends object, Data = never> {
  routes: readonly Route<Content, Fields>[];
  redirects?: readonly Redirect[];
  notFound: PageEntry<Content>;
  /**
   * Checks each route's `content` and lays it out. Its text in `markdown()` fields is checked as an entry's body is, and reaches
   * the page rendered. `latest` says which collections' newest entries a page's copy shows, and how many: the shell gets them.
   */
  content: {
    schema: v.GenericSchema<unknown, Content>;
    page: ComponentType<{ content: Content }>;
    latest?: (content: Content) => Readonly<Record<string, number>>;
  };
  /** Of `Fields`. */
  fields: v.ObjectEntries;
  shell: ComponentType<ShellProps<Fields>>;
  /** An SVG sprite of `<symbol>`s that pages point into. */
  icons?: () => string;
  /** SVG: the favicon, touch and manifest icons. */
  appIcon: ComponentType<{ size: number; square: boolean }>;
  /** SVG, with the page's title on an entry's own. */
  socialImage: { component: ComponentType<{ title?: string; host: string }>; width: number; height: number };
  collections?: Readonly<Record<string, Collection<Data, Fields>>>;
  /** Its files besides pages, by name, from the defaults: `({ sitemap, ...rest }) => ({ ...rest, humans })` drops the sitemap. */
  outputs?: (defaults: Readonly<Record<DefaultOutputName, Output>>) => Readonly<Record<string, Output>>;
}

/** Files the site publishes besides its pages (outputs/), made where the site's code runs; the writer writes them. */
export type Output = { files: (input: OutputInput) => readonly OutputContent[] };

/** Those every site has unless its `outputs` leaves one out. */
export type DefaultOutputName = 'redirects' | 'sitemap' | 'robots' | 'feeds';

export interface OutputInput {
  site: { name: string; lang: string };
  /** Without a trailing slash; "/" or "/site/". */
  address: { origin: string; base: string };
  /** Every page, drafts included (the dev server shows them). */
  pages: readonly PageInfo[];
  feeds: readonly FeedInfo[];
  /** The body of an entry of `feeds` as HTML, as a feed carries it: every link and image an absolute URL. */
  body: (path: SitePath) => string;
  redirects: readonly RedirectInfo[];
  /** The meta policy of a page with nothing inline of its own. */
  csp: string;
  favicon: string;
}

export interface OutputContent {
  /** In the output, with forward slashes. */
  path: string;
  contents: string;
  /** A redirect's page: its target. */
  redirectsTo?: string;
}

export function definePages<Content, Fields extends object, Data = never>(
  pages: Pages<Content, Fields, Data>,
): Pages<Content, Fields, Data> {
  return pages;
}

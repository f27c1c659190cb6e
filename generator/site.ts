/**
 * What a site hands the generator, in two typed halves: `defineSite` (the site's config module,
 * plain data the build's main thread reads: where the styles, script, public folder and font are,
 * and which module holds the pages) and `definePages` (that module, which only render workers
 * load: the route table, redirects, collections, the 404 page, the document shell, the icons and
 * brand drawings). The main thread never loads React or the site's components, so that a page
 * that loops forever costs a worker, never the build or the dev server.
 */
import type { ComponentType, ReactNode } from 'react';
import type * as v from 'valibot';

/** A path of the site, as the route table writes it: "/" or "/about-us", lower case, no trailing slash. */
export type SitePath = `/${string}`;

export interface FontDefinition {
  /** The family the stylesheet names ("Inter"). */
  family: string;
  /** A WOFF2 variable font with a weight axis: a module path ("inter-ui/variable/InterVariable.woff2") or a project file ("./fonts/x.woff2"). */
  file: string;
  /**
   * Characters the font covers whether a page shows them or not (in a second file a browser
   * fetches only for text that needs it), so that text no build saw never meets a missing glyph.
   */
  safety: string;
}

/** The config module's default export. Paths are relative to the project root. */
export interface Site {
  /** The brand's name: the manifest, the social image's text alternative. */
  name: string;
  tagline: string;
  /** The site's address (`https://www.example.com`, or a folder of it): canonical links, the sitemap, feeds. */
  url: string;
  themeColor: string;
  /** The pages' language (`lang`), for feeds and the manifest. */
  lang: string;
  /** The module render workers load, which default-exports `definePages(...)`. */
  pages: string;
  styles: string;
  client: string;
  /** A script every page carries inline, minified at build time and allowed by its hash (the first paint's). */
  inlineScript?: string;
  /** Copied into the output as it is; links in it may point only inside it. */
  public?: string;
  font: FontDefinition;
  /** TrueType files the brand images are drawn with, so that they come out the same on every machine. */
  brandFonts: readonly string[];
  /** The hosts whose configuration the build writes (default: all), each held to its own limits. */
  hosts?: readonly HostName[];
}

/**
 * serve (serve.json), Netlify and Cloudflare Pages (_headers, _redirects), nginx
 * (deploy/nginx.conf), CloudFront (deploy/cloudfront-*); S3 website hosting needs none.
 */
export type HostName = 'serve' | 'netlify' | 'nginx' | 'cloudfront';

export const HOST_NAMES: readonly HostName[] = ['serve', 'netlify', 'nginx', 'cloudfront'];

export function defineSite(config: Site): Site {
  return config;
}

/** What renders one page of the table: its copy, laid out by the site's content page, or a component of its own. */
export type PageEntry<Content> = { title: string; description: string } & (
  | { content: Content; page?: undefined }
  | { page: ComponentType; content?: undefined }
);

/** A page with a URL; `Fields` are the site's own (its place in the header and footer, say). */
export type Route<Content, Fields extends object = object> = PageEntry<Content> & { path: SitePath } & Fields;

/** An address that leads to a route without being one. */
export interface Redirect {
  /** "/slug": no route of the table; `/about` and `/about/` both redirect. */
  from: SitePath;
  /** The path of a route of the table (never another redirect). */
  to: SitePath;
  /** 301, permanent (the default), or 302. */
  status?: 301 | 302;
}

/** An entry of a collection as its component gets it: the checked frontmatter, and the body. */
export interface EntryProps<Data> {
  entry: EntryInfo<Data>;
  /** The Markdown body, as React elements. */
  body: ReactNode;
  /** The frontmatter's image, in every format made of it, its box set (not lazy: it leads the page). */
  image?: ReactNode;
}

export interface EntryInfo<Data> {
  slug: string;
  /** Public URL path. */
  url: string;
  title: string;
  description: string;
  /** "2025-06-01" or a full ISO date-time, as written. */
  date: string;
  updated?: string;
  /** Shown only by the dev server, with a mark. */
  draft: boolean;
  image?: ImageInfo;
  data: Data;
}

/** A processed image: its fallback, its sources, and its box, so that nothing moves when it loads. */
export interface ImageInfo {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** `srcset`s by type, widest last: `image/avif`, `image/webp`, and the original's. */
  sources: readonly { type: string; srcset: string }[];
}

export interface ListProps<Data> {
  /** The list's own, as the collection gives them. */
  title: string;
  description: string;
  entries: readonly EntryInfo<Data>[];
  /** 1-based. */
  page: number;
  pages: number;
  /** Public URL paths of the neighbouring list pages. */
  previous?: string;
  next?: string;
}

/**
 * A folder of Markdown files, each with YAML frontmatter, becoming a route each
 * (`<path>/<slug>/`) and a list, newest first, paginated (`<path>/`, `<path>/page/2/`).
 */
export interface Collection<Data, Fields extends object = object> {
  /** Relative to the project root. */
  folder: string;
  path: SitePath;
  /** Frontmatter fields besides the ones every entry has (title, description, date, ...). */
  fields: v.ObjectEntries;
  entry: ComponentType<EntryProps<Data>>;
  /** `sizes` of the images in entries: how wide they show. */
  imageSizes: string;
  list: {
    title: string;
    description: string;
    perPage: number;
    component: ComponentType<ListProps<Data>>;
    /** The list's own route fields (its place in the navigation). */
    fields: Fields;
  };
  /** The Atom feed's title. */
  feed: string;
}

/** A page of the site as its shell gets it. */
export interface ShellPage<Fields extends object> {
  title: string;
  description: string;
  /** Public URL path ("/site/about-us/"); "/404" for the 404 page, which answers at every unknown path. */
  url: string;
  /** Absolute; none for the 404 page. */
  canonical?: string;
  /** The route's own fields, for a page of the table or a collection's list. */
  fields?: Fields;
  kind: 'route' | 'entry' | 'list' | 'not-found';
  /** The share image: the site's, or the entry's own. */
  socialImage: { url: string; width: number; height: number; alt: string };
  /** The Atom feed of the collection the page belongs to. */
  feed?: { title: string; url: string };
  draft: boolean;
}

/** A page of the site with an address: where a shell's navigation comes from (those with fields), and the 404 page's list of them all. */
export interface ShellRoute<Fields extends object> {
  /** Public URL path. */
  url: string;
  title: string;
  /** A route's own fields, and a collection list's. */
  fields?: Fields;
}

/** Built files every page refers to. */
export interface ShellAssets {
  /** Inside the page in a build (allowed by its hash); a linked file in the dev server, which swaps it in place. */
  stylesheet: { inline: string } | { href: string; integrity: string };
  script: { href: string; integrity: string };
  /** The first paint's script (SiteConfig.inlineScript), minified; "" when the site has none. */
  inlineScript: string;
  /** Fonts to preload. */
  fonts: readonly string[];
  icons?: string;
  brand: { favicon: string; touchIcon: string; logo: string; manifest: string };
}

export interface ShellProps<Fields extends object> {
  page: ShellPage<Fields>;
  site: {
    /** "/" or the folder the site lives under ("/site/"). */
    base: string;
    origin: string;
    year: number;
    routes: readonly ShellRoute<Fields>[];
    /** Each redirect's source and its target's URL, public paths. */
    redirects: readonly (readonly [from: string, to: string])[];
  };
  assets: ShellAssets;
  /** For a `<meta http-equiv="Content-Security-Policy">`, first in the head. */
  csp: string;
  children: ReactNode;
}

/** The pages module's default export. */
export interface Pages<Content, Fields extends object, Data = never> {
  routes: readonly Route<Content, Fields>[];
  redirects?: readonly Redirect[];
  notFound: PageEntry<Content>;
  /** Checks each route's `content` (file, line and field in every message) and lays it out. */
  content: { schema: v.GenericSchema<unknown, Content>; page: ComponentType<{ content: Content }> };
  /** The schema of the site's own route fields (`Fields`). */
  fields: v.ObjectEntries;
  shell: ComponentType<ShellProps<Fields>>;
  /** An SVG sprite of `<symbol>`s that pages point into; none if the site draws no icons so. */
  icons?: () => string;
  /** The app icon at a size (favicon, touch and manifest icons): SVG. */
  appIcon: ComponentType<{ size: number; square: boolean }>;
  /** The share image, with the page's title on an entry's own: SVG. */
  socialImage: { component: ComponentType<{ title?: string; host: string }>; width: number; height: number };
  collections?: Readonly<Record<string, Collection<Data, Fields>>>;
}

export function definePages<Content, Fields extends object, Data = never>(
  pages: Pages<Content, Fields, Data>,
): Pages<Content, Fields, Data> {
  return pages;
}

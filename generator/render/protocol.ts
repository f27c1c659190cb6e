/**
 * What the build's main thread and its render workers say to each other. The main thread never
 * loads the site's code (pages, components, React): a worker does, and answers with plain data.
 */
import type { PageAssets } from '../../components/Document/Document';
import type { SiteConfig } from '../../site.config';
import type { Failure } from '../failure';
import type { InlineCode } from '../hosting/policy';

/** A route as the main thread knows it: everything but the page itself. */
export interface RouteInfo {
  path: `/${string}`;
  title: string;
  description: string;
  nav?: string;
  useCase?: string;
}

/** A redirect of the table (pages/routes.ts), its status filled in. */
export interface RedirectInfo {
  from: `/${string}`;
  to: `/${string}`;
  status: 301 | 302;
}

/** The site as the main thread knows it, from the route table and site.config.ts. */
export interface SiteDescription {
  site: SiteConfig;
  routes: RouteInfo[];
  redirects: RedirectInfo[];
  notFound: { title: string; description: string };
  /** The code every page carries inline (the Document's), for the Content-Security-Policy. */
  inline: InlineCode;
}

/** Root-relative URLs of the generated brand files. */
export interface BrandAssets {
  favicon: string;
  touchIcon: string;
  /** A 512 px square PNG of the mark, for the manifest and the organisation's structured data. */
  logo: string;
  socialImage: { url: string; width: number; height: number; alt: string };
  manifest: string;
}

/** The brand images as SVG, drawn by the worker from the components in components/AppIcon and SocialImage. */
export interface BrandDrawings {
  favicon: string;
  touchIcon: string;
  largeIcon: string;
  socialImage: string;
  socialImageSize: { width: number; height: number };
}

/** What every page of one build shares: set once per worker before it renders. */
export interface RenderSettings {
  /** Folder the pages are written into. */
  staging: string;
  root: string;
  assets: PageAssets;
  brand: BrandAssets;
  /** The site's origin, for canonical URLs and social cards. */
  origin: string;
  /** The folder of the origin the site lives in ("/" or "/site/"): every root-relative URL starts with it. */
  base: string;
  year: number;
  /** The Content-Security-Policy for the meta tag. */
  csp: string;
  /**
   * 'write': write each page and report its size and references. 'text': write nothing, only
   * report the characters each page shows (the font step's pass, before the font exists).
   */
  pass: 'write' | 'text';
  /** The characters the font draws: a page that shows any other fails, naming it. Unset: no check. */
  fontCharacters?: string;
}

/** One page to render: an index into the route table, or the 404 page. */
export type PageTarget = number | 'not-found';

/** A reference found in a file, for the link check: where it was written, and its value. */
export interface FoundReference {
  where: string;
  value: string;
  /** A problem found while reading it (a JSON-LD block that does not parse). */
  problem?: string;
}

export interface RenderedPage {
  /** Path of the written file, relative to the output folder. */
  file: string;
  bytes: number;
  /**
   * The page's references that this worker has not reported for an earlier page (so the shared
   * navigation and assets cross once), checked by the links step once the whole site is written.
   */
  references: FoundReference[];
  /** The fragments of same-page references ("#team") that name no element of the page; those references are among `references`. */
  missingFragments: string[];
  /** In the text pass, the characters the page shows (generator/text.ts); empty otherwise. */
  characters: string;
}

export type ToWorker =
  /** `root` and `table` (the route table module, relative to it) for the content check's messages. */
  | { type: 'describe'; root: string; table: string }
  | { type: 'draw-brand'; host: string; sizes: { touchIcon: number; largeIcon: number } }
  | { type: 'draw-icons' }
  | { type: 'setup'; settings: RenderSettings }
  | { type: 'render'; id: number; target: PageTarget };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'described'; site: SiteDescription }
  | { type: 'drawn'; drawings: BrandDrawings }
  | { type: 'drawn-icons'; sprite: string }
  | { type: 'rendered'; id: number; page: RenderedPage }
  | { type: 'failed'; id?: number; failure: Failure };

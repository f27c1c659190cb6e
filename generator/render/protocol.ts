/**
 * What the build's main thread and its render workers say to each other. The main thread never
 * loads the site's code (pages, components, React): a worker does, and answers with plain data.
 */
import type { PageAssets } from '../../components/Document/Document';
import type { Redirect, Route } from '../../pages/routes';
import type { SiteConfig } from '../../site.config';
import type { Failure } from '../failure';
import type { InlineCode } from '../hosting/policy';

/** A route as the main thread knows it: everything but the page itself. */
export type RouteInfo = Pick<Route, 'path' | 'title' | 'description' | 'nav' | 'useCase'>;

/** Its status filled in. */
export type RedirectInfo = Required<Redirect>;

export interface SiteDescription {
  site: SiteConfig;
  routes: RouteInfo[];
  redirects: RedirectInfo[];
  notFound: { title: string; description: string };
  /** The Document's inline code, for the Content-Security-Policy. */
  inline: InlineCode;
}

/** Root-relative URLs of the generated brand files. */
export interface BrandAssets {
  favicon: string;
  touchIcon: string;
  /** 512 px square, for the manifest and the organisation's structured data. */
  logo: string;
  socialImage: { url: string; width: number; height: number; alt: string };
  manifest: string;
}

/** SVG, drawn from components/AppIcon and components/SocialImage. */
export interface BrandDrawings {
  favicon: string;
  touchIcon: string;
  largeIcon: string;
  socialImage: string;
  socialImageSize: { width: number; height: number };
}

/** What every page of one build shares: set once per worker before it renders. */
export interface RenderSettings {
  /** Where the pages are written. */
  staging: string;
  root: string;
  assets: PageAssets;
  brand: BrandAssets;
  origin: string;
  /** "/" or "/site/": every root-relative URL starts with it. */
  base: string;
  year: number;
  /** For the meta tag. */
  csp: string;
  /** 'text' writes nothing, and reports the characters each page shows: the font step's pass, before the font exists. */
  pass: 'write' | 'text';
  /** The characters the font draws: a page that shows another fails, naming it. Unset: no check. */
  fontCharacters?: string;
}

/** An index into the route table, or the 404 page. */
export type PageTarget = number | 'not-found';

/** A reference found in a file, for the link check: where it was written, and its value. */
export interface FoundReference {
  where: string;
  value: string;
  /** Found while reading it (a JSON-LD block that does not parse). */
  problem?: string;
}

export interface RenderedPage {
  /** Relative to the output folder. */
  file: string;
  bytes: number;
  /**
   * Those this worker has not reported for an earlier page, so that the shared navigation and
   * assets cross once; fragments of the page itself only when they name nothing.
   */
  references: FoundReference[];
  /** In the text pass, the characters the page shows; empty otherwise. */
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

import type { PageAssets } from '../components/Document/Document';
import type { InlineCode } from './hosting/policy';
import type { RenderedPage, SiteDescription } from './render/protocol';
import type { RenderPool } from './workers';

/** What a build is asked to do. Every field has a default in `defaultOptions` (generator/pipeline.ts). */
export interface BuildOptions {
  /** Project root: where styles/, client/ and public/ are read from. */
  root: string;
  /** Final output folder; replaced only when every step succeeded. */
  outDir: string;
  /**
   * How the output is replaced (generator/out-dir.ts): 'link' (the default, as dist/ is) makes it a
   * symbolic link into `.<name>-builds/`, swapped with no gap; 'folder' (the CLI's --out-dir
   * without --link) a plain folder, replaced by two renames with a gap between them.
   */
  outLayout: 'link' | 'folder';
  /**
   * The module that exports the route table (`routes`, `notFound`, and optionally `site` in place
   * of site.config.ts): pages/routes.ts. Only render workers load it.
   */
  routesModule: string;
  /** Year shown in the footer; a parameter so that tests can pin it. */
  year: number;
  /**
   * The site's URL, for canonical URLs, Open Graph and the sitemap: `--site-url`, else $SITE_URL,
   * else `site.url` from site.config.ts; an origin, or the folder the site lives in
   * ("https://example.com/site/"). Read it through `siteAddress()` in generator/urls.ts, which
   * checks it.
   */
  siteUrl?: string;
  /**
   * The folder of the origin the site is served from ("/site/"), when the site URL does not say:
   * `--base`. Every link, asset and host configuration lives under it; the output's layout stays
   * the same. Unset: the site URL's path, "/" for a bare origin.
   */
  base?: string;
  /** Render workers: one per core by default; 1 renders one page after another. */
  jobs: number;
  /** How long one page may take to render (and the site's code to load) before the build fails. */
  pageTimeoutMs: number;
  /** How long one step may take before the build fails naming it. */
  stepTimeoutMs: number;
  /** Where progress lines go, one per step as it finishes (plain text); errors are thrown, never logged here. */
  log: (line: string) => void;
  /**
   * 'production' (the build): the stylesheet inside every page, allowed by its hash, and the font
   * cut down to the characters the site shows, for the lightest first visit. 'development' (the
   * dev server): the stylesheet as a file, which a save swaps in place, and the whole font, so
   * that no page is rendered twice to learn its text.
   */
  mode: 'production' | 'development';
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

/** The fonts as the font step wrote them. */
export interface BuiltFonts {
  /** The @font-face rules that name them, for the start of the stylesheet. */
  faces: string;
  /**
   * Every character the fonts pages download first can draw, in code point order; undefined when
   * the whole font is shipped (the dev server). A page that shows another fails the build.
   */
  characters?: string;
}

/** One file written to the output, for the summary. */
export interface OutputFile {
  /** Path relative to the output root, with forward slashes. */
  path: string;
  bytes: number;
  /** A redirect's page: the URL it sends the browser to. It is no page of the site's own. */
  redirectsTo?: string;
}

/** The state the steps share: each step reads what earlier ones produced and adds its own part. */
export interface BuildContext {
  options: BuildOptions;
  /** The render workers, which alone load the site's code. */
  pool: RenderPool;
  /** The route table and site configuration, as the routes step learnt them from a worker. */
  site?: SiteDescription;
  /** Folder the steps write into; becomes `outDir` at the end. */
  staging: string;
  /** The stylesheet, script and fonts as pages refer to them, set by the steps that make them. */
  assets: Partial<PageAssets>;
  /** The compiled stylesheet, before the font faces join it (the styles step). */
  styles?: string;
  /** The font step's part of the stylesheet and what its fonts can draw. */
  fonts?: BuiltFonts;
  /** The code pages carry inline, allowed by hash in the CSP of the pages and of every host. */
  inline: InlineCode;
  /** Public URLs of the icons, social image and web manifest, set by the brand step. */
  brand?: BrandAssets;
  outputs: OutputFile[];
  /** What each page refers to, found while it was rendered, for the links step. */
  pageReferences: Map<string, Pick<RenderedPage, 'references' | 'missingFragments'>>;
  timings: { step: string; ms: number }[];
}

export type BuildStep = (ctx: BuildContext) => Promise<void>;

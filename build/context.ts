import type { PageAssets } from '../components/layout/Document';
import type { PageEntry, Route } from '../pages/routes';
import type { SiteConfig } from '../site.config';

/** What a build is asked to do. Every field has a default in `defaultOptions` (build/pipeline.ts). */
export interface BuildOptions {
  /** Project root: where styles/, client/ and public/ are read from. */
  root: string;
  /** Final output folder; replaced only when every step succeeded. */
  outDir: string;
  routes: readonly Route[];
  notFound: PageEntry;
  site: SiteConfig;
  /** Year shown in the footer; a parameter so that tests can pin it. */
  year: number;
  /**
   * Absolute origin for canonical URLs, Open Graph and the sitemap, without a trailing slash:
   * `--site-url`, else $SITE_URL, else `site.url` from site.config.ts. Read it through `siteUrl()`
   * in build/urls.ts, which checks it is a bare http(s) origin.
   */
  siteUrl?: string;
  /** Where progress lines go; errors are thrown, never logged here. */
  log: (line: string) => void;
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

/** One file written to the output, for the summary. */
export interface OutputFile {
  /** Path relative to the output root, with forward slashes. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** The state the steps share: each step reads what earlier ones produced and adds its own part. */
export interface BuildContext {
  options: BuildOptions;
  /** Folder the steps write into; becomes `outDir` at the end. */
  staging: string;
  /** Public URLs of the hashed stylesheet, script and fonts, set by the steps that write them. */
  assets: Partial<PageAssets>;
  /** Hashed URL of each copied asset by its source name, for `asset-url()` in stylesheets. */
  assetUrls: Map<string, string>;
  /** Public URLs of the icons, social image and web manifest, set by the brand step. */
  brand?: BrandAssets;
  outputs: OutputFile[];
  timings: { step: string; ms: number }[];
}

export type BuildStep = (ctx: BuildContext) => Promise<void>;

/** A failure the person running the build can act on: it names the file, the route and the cause. */
export class BuildError extends Error {
  readonly file: string | undefined;
  readonly route: string | undefined;

  constructor(message: string, details: { file?: string; route?: string; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.name = 'BuildError';
    this.file = details.file;
    this.route = details.route;
  }
}

import { availableParallelism } from 'node:os';
import path from 'node:path';

/** What a build is asked to do. Every field has a default in `defaultOptions`. */
export interface BuildOptions {
  /** Project root: where styles/, client/ and public/ are read from. */
  root: string;
  /** Final output folder; replaced only when every step succeeded. */
  outDir: string;
  /**
   * How the output is replaced (generator/output-swap.ts): 'link' (the default, as dist/ is) makes it a
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

export function defaultOptions(root: string = process.cwd()): BuildOptions {
  return {
    root,
    outDir: path.join(root, 'dist'),
    outLayout: 'link',
    routesModule: path.join(root, 'pages', 'routes.ts'),
    year: new Date().getFullYear(),
    jobs: availableParallelism(),
    pageTimeoutMs: 10_000,
    stepTimeoutMs: 120_000,
    log: (line) => console.log(line),
    mode: 'production',
  } satisfies BuildOptions;
}

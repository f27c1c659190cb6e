import { availableParallelism } from 'node:os';
import path from 'node:path';

/** What a build is asked to do. Every field but siteUrl and base has a default in `defaultOptions`. */
export interface BuildOptions {
  /** Where styles/, client/ and public/ are read from. */
  root: string;
  /** Replaced only when every step succeeded. */
  outDir: string;
  /**
   * 'link' (dist/): a symbolic link into `.<name>-builds/`, swapped with no gap. 'folder' (--out-dir
   * without --link): a plain folder, replaced by two renames (output-swap.ts).
   */
  outLayout: 'link' | 'folder';
  /** Exports `routes`, `notFound` and optionally `site` (else site.config.ts's). Only render workers load it. */
  routesModule: string;
  /** Shown in the footer; an option so that tests can pin it. */
  year: number;
  /** --site-url; checked, with $SITE_URL and site.config.ts's url, by siteAddress() in urls.ts. */
  siteUrl?: string;
  /** --base, the folder the site is served from ("/site/"): every URL lives under it, the files' layout does not. */
  base?: string;
  /** Render workers at most; 1 renders one page after another. */
  jobs: number;
  /** How long one page may take to render (and the site's code to load). */
  pageTimeoutMs: number;
  stepTimeoutMs: number;
  /** One plain-text line per step as it finishes; errors are thrown, never logged here. */
  log: (line: string) => void;
  /**
   * 'production': the stylesheet inside every page and the font cut down to the characters shown,
   * for the lightest first visit. 'development' (the dev server): the stylesheet as a file, which a
   * save swaps in place, and the whole font, so that no page is rendered twice to learn its text.
   */
  mode: 'production' | 'development';
}

/**
 * The project the generator is part of, its parent folder, as launch.mjs takes it: the build and
 * the dev server work on it wherever they were started.
 */
export const projectRoot = path.resolve(import.meta.dirname, '..');

export function defaultOptions(root: string = projectRoot): BuildOptions {
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

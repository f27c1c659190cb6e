import { availableParallelism } from 'node:os';
import path from 'node:path';

/** What a build is asked to do. Every field but siteUrl and base has a default in `defaultOptions`. */
export interface BuildOptions {
  /** The project: where the config module and everything it names are read from. */
  root: string;
  /** The site's config module (defineSite), relative to the root. */
  config: string;
  /** Another pages module than the config names (a test's, the bench's repeated site): absolute, or relative to the root. */
  pages?: string;
  /** Replaced only when every step succeeded. */
  outDir: string;
  /**
   * 'link' (dist/): a symbolic link into `.<name>-builds/`, swapped with no gap. 'folder' (--out-dir
   * without --link): a plain folder, replaced by two renames (output-swap.ts).
   */
  outLayout: 'link' | 'folder';
  /** Shown in the footer; an option so that tests can pin it. */
  year: number;
  /** The build's "now" (ms since the epoch): entries scheduled for later, or expired, are left out. */
  now: number;
  /** --site-url; checked, with $SITE_URL and the config's url, by siteAddress() in urls.ts. */
  siteUrl?: string;
  /** --base, the folder the site is served from ("/site/"): every URL lives under it, the files' layout does not. */
  base?: string;
  /** Render workers at most; 1 renders one page after another. */
  jobs: number;
  /** How long one page may take to render (and the site's code to load). */
  pageTimeoutMs: number;
  stepTimeoutMs: number;
  /** How long the hashed assets of earlier builds stay reachable in the output (dist's history). */
  keepAssetsMs: number;
  /** One plain-text line per step as it finishes; errors are thrown, never logged here. */
  log: (line: string) => void;
  /**
   * 'production': the stylesheet inside every page and the font cut down to the characters shown,
   * for the lightest first visit. 'development' (the dev server): the stylesheet as a file, which a
   * save swaps in place, the whole font, and drafts shown with a mark.
   */
  mode: 'production' | 'development';
}

/**
 * The project the generator is part of, its parent folder, as launch.mjs takes it: the build and
 * the dev server work on it wherever they were started.
 */
export const projectRoot = path.resolve(import.meta.dirname, '..');

export const DAY_MS = 24 * 60 * 60 * 1000;

export function defaultOptions(root: string = projectRoot): BuildOptions {
  const now = Date.now();
  return {
    root,
    config: 'site.config.ts',
    outDir: path.join(root, 'dist'),
    outLayout: 'link',
    year: new Date(now).getFullYear(),
    now,
    jobs: availableParallelism(),
    pageTimeoutMs: 10_000,
    stepTimeoutMs: 120_000,
    keepAssetsMs: 7 * DAY_MS,
    log: (line) => console.log(line),
    mode: 'production',
  } satisfies BuildOptions;
}

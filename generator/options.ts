import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ProgressReporter } from './progress';

/** Every field but siteUrl and base has a default in `defaultOptions`. */
export interface BuildOptions {
  root: string;
  /** The site's config module, relative to the root. */
  config: string;
  /** Another pages module than the config names (a test's, the bench's): absolute, or relative to the root. */
  pages?: string;
  outDir: string;
  /** 'link': a symbolic link into `.<name>-builds/`, swapped with no gap; 'folder': a plain folder (output-swap.ts). */
  outLayout: 'link' | 'folder';
  /** Shown in the footer; an option so that tests can pin it. */
  year: number;
  /** Ms since the epoch: entries scheduled for later, or expired, are left out. */
  now: number;
  siteUrl?: string;
  /** The folder the site is served from ("/site/"): every URL lives under it, the files' layout does not. */
  base?: string;
  /** Render workers at most. */
  jobs: number;
  pageTimeoutMs: number;
  stepTimeoutMs: number;
  /** How long the hashed assets of earlier builds stay in the output, for pages loaded before. */
  keepAssetsMs: number;
  /** One line per step as it finishes; errors are thrown, never logged here. */
  log: (line: string) => void;
  progress?: ProgressReporter;
  /** 'production': the stylesheet inline and the font cut, for the lightest first visit; 'development': what a save swaps fast. */
  mode: 'production' | 'development';
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** For the site at `root`, a folder anywhere: the generator knows nothing of where it is itself. */
export function defaultOptions(root: string): BuildOptions {
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
  };
}

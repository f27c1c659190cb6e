/**
 * The project's source files, named by what they are: each build step declares those it reads
 * (STEPS in pipeline.ts), from which the dev server knows what to watch and which steps a save
 * makes stale. Globs as picomatch reads them, relative to the root; a leading `!` excludes what an
 * earlier pattern took in.
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

export const SOURCES = {
  /** The site's code: the route table, each page's copy, the components and site.config.ts. */
  site: ['site.config.ts', 'pages/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', '!**/*.client.ts'],
  /** The stylesheet: its layers in styles/, and each component's partial beside its TSX. */
  styles: ['styles/**/*.scss', 'components/**/*.scss', 'pages/**/*.scss'],
  /** The browser script: client/ and each component's behaviour (`<name>.client.ts`). */
  client: ['client/**/*.ts', 'components/**/*.client.ts', 'pages/**/*.client.ts'],
  /** Files copied into the output as they are. */
  public: ['public/**'],
} as const satisfies Record<string, readonly string[]>;

export type SourceName = keyof typeof SOURCES;

/** `file` relative to the root, with forward slashes. */
export function sourcesOf(file: string): SourceName[] {
  return (Object.keys(SOURCES) as SourceName[]).filter((name) => matches(SOURCES[name], file));
}

/** What the dev server watches. */
export function watchedRoots(): string[] {
  return [...new Set((Object.keys(SOURCES) as SourceName[]).flatMap(rootsOf))];
}

/** The sources with files under a top-level folder, or that are that file. */
export function sourcesUnder(root: string): SourceName[] {
  return (Object.keys(SOURCES) as SourceName[]).filter((name) => rootsOf(name).includes(root));
}

/** The top-level folders (or files) of a source's patterns, but exclusions. */
export function rootsOf(name: SourceName): string[] {
  return SOURCES[name].filter((pattern) => !pattern.startsWith('!')).map((pattern) => pattern.split('/')[0] ?? '');
}

const matchers = new Map<string, (file: string) => boolean>();
/** Loaded on the first match: a build reads SOURCES (the styles step) but matches no file. */
let picomatch: typeof Picomatch | undefined;

/** The last pattern that speaks of `file` decides. */
export function matches(patterns: readonly string[], file: string): boolean {
  let matched = false;
  for (const pattern of patterns) {
    const exclude = pattern.startsWith('!');
    if (matched !== exclude) continue;
    const glob = exclude ? pattern.slice(1) : pattern;
    let test = matchers.get(glob);
    if (!test) {
      picomatch ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch;
      test = picomatch(glob, { dot: true });
      matchers.set(glob, test);
    }
    if (test(file)) matched = !exclude;
  }
  return matched;
}

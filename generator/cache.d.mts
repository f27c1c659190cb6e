/** Types of cache.mjs, which is plain JavaScript so that launch.mjs can use it before anything is compiled. */
export function cacheDir(root: string): string;
export function cacheEnabled(): boolean;
/** The version of a package as the project resolves it. */
export function packageVersion(root: string, name: string): string;
export function hashParts(parts: readonly (string | Uint8Array)[]): string;
export function fingerprintInputs(root: string, inputs: readonly string[]): string | undefined;
export interface CacheHit {
  /** Where the output is kept. */
  file: string;
  output: Buffer;
  meta: unknown;
}
export function lookup(root: string, kind: string, key: string): CacheHit | undefined;
export interface CacheEntry {
  output: string | Uint8Array;
  /** The files it was made from, absolute or relative to root. */
  inputs: readonly string[];
  meta?: unknown;
  extension: string;
}
/** Returns the file the output is kept in, or undefined when the cache is off or cannot be written. */
export function store(root: string, kind: string, key: string, entry: CacheEntry): string | undefined;

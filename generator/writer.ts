/** The one writer of the output and of the build's own work files, on the main thread and in the render workers alike. */
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BuildError, diskFull } from './failure';
import { ASSETS_DIR } from './hosting/policy';
import { publicPath } from './urls';

export interface OutputFile {
  /** Relative to the output root, with forward slashes. */
  path: string;
  bytes: number;
  /** A redirect's page: its target. */
  redirectsTo?: string;
}

export interface WrittenAsset {
  /** Under the base path. */
  href: string;
  integrity: string;
  file: OutputFile;
}

/** Folders known to exist: each mkdir is a system call. */
const made = new Set<string>();

export async function writeOutput(
  folder: string,
  relativePath: string,
  contents: string | Uint8Array,
  redirectsTo?: string,
): Promise<OutputFile> {
  // Synchronous: a thousand small files written one after another, each without a trip through libuv's thread pool, take
  // half the time; the render workers write the pages, and the main thread has little else to do meanwhile.
  const written = write(folder, relativePath, (target) => writeFileSync(target, contents));
  const bytes = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  return { path: written, bytes, ...(redirectsTo === undefined ? {} : { redirectsTo }) };
}

/** A file the cache keeps, linked into the output (copied where links cannot go), unread. */
export function linkOutput(folder: string, relativePath: string, source: string, bytes: number): OutputFile {
  const written = write(folder, relativePath, (target) => {
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  });
  return { path: written, bytes };
}

/** The file's path in the output, with forward slashes. */
function write(folder: string, relativePath: string, make: (target: string) => void): string {
  const target = path.join(folder, relativePath);
  const parent = path.dirname(target);
  try {
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    make(target);
  } catch (error) {
    throw writeError(error, target);
  }
  return relativePath.split(path.sep).join('/');
}

/** `assets/<folder>/<name>.<hash>.<extension>`, which hosts may cache for a year. */
export async function writeAsset(
  output: string,
  base: string,
  { name, extension, folder, contents }: { name: string; extension: string; folder?: string; contents: string | Uint8Array },
): Promise<WrittenAsset> {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  const file = [ASSETS_DIR, folder, `${name}.${hash}.${extension}`].filter(Boolean).join('/');
  const written = await writeOutput(output, file, contents);
  const integrity = `sha384-${createHash('sha384').update(contents).digest('base64')}`;
  return { href: publicPath(base, `/${file}`), integrity, file: written };
}

export function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

/** A full disk or a folder that cannot be written says so, naming the place, whatever the build was doing. */
export function writeError(error: unknown, target: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const full = diskFull(error, target);
  if (full) return full;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return new BuildError(`${shown(target)} cannot be written (${code}): check the folder's permissions.`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

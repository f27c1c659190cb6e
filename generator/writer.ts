/** The one writer of a build's output and scratch files, on the main thread: no two parts write one file; a full disk says so. */
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  linkSync,
  mkdir,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  writeFile,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BuildError, diskFull } from './failure';
import { ASSETS_DIR } from './hosting/policy';
import { isRunning } from './process-alive';
import { publicPath } from './urls';

export interface OutputFile {
  /** Relative to the output root, with forward slashes. */
  path: string;
  bytes: number;
  /** A redirect's page: its target. */
  redirectsTo?: string;
  /** The entries (their Markdown files) it was made for: once none is published, no later build keeps it for its grace period. */
  madeFor?: readonly string[];
}

export interface WrittenAsset {
  /** Under the base path. */
  href: string;
  integrity: string;
  file: OutputFile;
}

/** Where a page waits, written, until what it still needs (the font cut to every page's text) is known. */
export type Spooled = { spool: Spool; offset: number; length: number };

/** A scratch file of pages, appended to as they are rendered and read back as they are written. */
export class Spool {
  private fd: number | undefined;
  private end = 0;

  constructor(readonly file: string) {}

  append(html: string): Spooled {
    const bytes = Buffer.from(html);
    const offset = this.end;
    try {
      this.fd ??= openSync(this.file, 'a+');
      for (let written = 0; written < bytes.length; )
        written += writeSync(this.fd, bytes, written, bytes.length - written, offset + written);
    } catch (error) {
      throw writeError(error, this.file);
    }
    this.end += bytes.length;
    return { spool: this, offset, length: bytes.length };
  }

  read({ offset, length }: Spooled): string {
    this.fd ??= openSync(this.file, 'a+');
    const bytes = Buffer.allocUnsafe(length);
    readSync(this.fd, bytes, 0, length, offset);
    // Bytes, one a character: a page is not decoded to be written again (write.ts).
    return bytes.toString('latin1');
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** What wrote a file, and the project's file that made it, if one did. */
export type Owner = { what: string; file?: string };

const ASSET: Owner = { what: 'an asset' };

// fs's callbacks, not fs/promises: no FileHandle a file. The write step of a thousand pages takes a quarter less time.
const mkdirAsync = promisify(mkdir);
const writeFileAsync = promisify(writeFile);

export class Writer {
  /** Folders known to exist: each mkdir is a system call. */
  private readonly made = new Set<string>();
  /** Each file written, and what wrote it. */
  private readonly owners = new Map<string, Owner>();
  private readonly spools: Spool[] = [];

  /** `folder` is the output being built; `work`, scratch space removed with the build. */
  constructor(
    readonly folder: string,
    readonly work: string,
  ) {}

  /**
   * `owner` names what wrote it ("the sitemap", "public/robots.txt"): a second file at one path fails the build naming both.
   * Synchronous: a thousand small files, each without a trip through libuv's thread pool, take half the time; nothing else waits.
   */
  write(relativePath: string, contents: string | Uint8Array, owner: string | Owner, redirectsTo?: string): OutputFile {
    const file = this.claim(relativePath, typeof owner === 'string' ? { what: owner } : owner);
    this.put(path.join(this.folder, relativePath), (target) => writeFileSync(target, contents));
    const bytes = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    return { path: file, bytes, ...(redirectsTo === undefined ? {} : { redirectsTo }) };
  }

  /** As `write`, on libuv's threads: the write step sends a few pages at a time, so that a slow disk is written in parallel. */
  async writeAsync(relativePath: string, contents: Uint8Array, owner: string): Promise<OutputFile> {
    const file = this.claim(relativePath, { what: owner });
    const target = path.join(this.folder, relativePath);
    const parent = path.dirname(target);
    try {
      if (!this.made.has(parent)) {
        await mkdirAsync(parent, { recursive: true });
        this.made.add(parent);
      }
      await writeFileAsync(target, contents);
    } catch (error) {
      throw writeError(error, target);
    }
    return { path: file, bytes: contents.byteLength };
  }

  /** A file the cache keeps, linked into the output (copied where links cannot go), unread; the same asset twice is one. */
  link(relativePath: string, source: string, bytes: number): OutputFile {
    const file = relativePath.split(path.sep).join('/');
    if (!this.owners.has(file)) {
      this.owners.set(file, ASSET);
      // A hard link where the cache and the output share a file system, a copy where they do not.
      this.put(path.join(this.folder, relativePath), (target) => {
        try {
          linkSync(source, target);
        } catch {
          copyFileSync(source, target);
        }
      });
    }
    return { path: file, bytes };
  }

  /** `assets/<folder>/<name>.<hash>.<extension>`, cached by hosts for a year; `keep` caches the bytes, and that file is linked. */
  asset(
    base: string,
    { name, extension, folder, contents }: { name: string; extension: string; folder?: string; contents: string | Uint8Array },
    keep?: (file: OutputFile) => string | undefined,
  ): WrittenAsset {
    const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
    const file = [ASSETS_DIR, folder, `${name}.${hash}.${extension}`].filter(Boolean).join('/');
    const bytes = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    const kept = keep?.({ path: file, bytes });
    if (!this.owners.has(file)) {
      this.owners.set(file, ASSET);
      this.put(path.join(this.folder, file), (target) => {
        try {
          if (kept) return linkSync(kept, target);
        } catch {
          // The cache's copy gone already (a cache emptied beside the build), or on another file system: the bytes are here.
        }
        writeFileSync(target, contents);
      });
    }
    const integrity = `sha384-${createHash('sha384').update(contents).digest('base64')}`;
    return { href: publicPath(base, `/${file}`), integrity, file: { path: file, bytes } };
  }

  /** A file of the build's own (the site's bundled code): in its scratch space, never in the output. */
  scratch(name: string, contents: string | Uint8Array): string {
    const target = path.join(this.work, name);
    this.put(target, (at) => writeFileSync(at, contents));
    return target;
  }

  /** A spool for pages, in the scratch space: a thousand pages need not be held in memory until they are written. */
  spool(): Spool {
    const file = path.join(this.work, `pages-${this.spools.length + 1}-${Date.now()}.spool`);
    this.put(file, (target) => writeFileSync(target, ''));
    const spool = new Spool(file);
    this.spools.push(spool);
    return spool;
  }

  /** A file an earlier build of this folder wrote, and this one did not (the dev server's output, rebuilt in place). */
  remove(relativePath: string): void {
    rmSync(path.join(this.folder, relativePath), { force: true });
  }

  /** The spools go with the build's scratch space; their descriptors go now (a later read opens one again). */
  close(): void {
    for (const spool of this.spools) spool.close();
  }

  /** The file's path in the output, with forward slashes: refused if another part of the build wrote it. */
  private claim(relativePath: string, owner: Owner): string {
    const file = relativePath.split(path.sep).join('/');
    const first = this.owners.get(file);
    if (first !== undefined) {
      // The one a person can rename (a file of public/) is named as the file to change.
      throw new BuildError(`${file} would be written twice: by ${first.what} and by ${owner.what}. Give one of them another name.`, {
        file: owner.file ?? first.file,
      });
    }
    this.owners.set(file, owner);
    return file;
  }

  private put(target: string, make: (target: string) => void): void {
    const parent = path.dirname(target);
    try {
      if (!this.made.has(parent)) {
        mkdirSync(parent, { recursive: true });
        this.made.add(parent);
      }
      make(target);
    } catch (error) {
      throw writeError(error, target);
    }
  }
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

/**
 * A folder of the machine's temporary space for a long-lived command (the dev server), removed when the process exits, a
 * crash included; those that processes killed before they could remove them (their names carry their id) are swept first.
 */
export function scratchFolder(prefix: string): { folder: string; remove: () => void } {
  for (const entry of readdirSync(tmpdir())) {
    const pid = Number(new RegExp(`^${prefix}-(\\d+)-`).exec(entry)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    try {
      rmSync(path.join(tmpdir(), entry), { recursive: true, force: true });
    } catch {
      // One it may not remove (another user's, in a temporary folder all users share) is its owner's to remove.
    }
  }
  const folder = mkdtempSync(path.join(tmpdir(), `${prefix}-${process.pid}-`));
  const remove = () => {
    process.off('exit', remove);
    rmSync(folder, { recursive: true, force: true });
  };
  process.on('exit', remove);
  return { folder, remove };
}

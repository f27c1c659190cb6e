/**
 * The one writer of a build's output. Every file goes through write() (or record(), for a page a
 * render worker wrote), which keeps the list of files for the summary and the host configuration;
 * a content-hashed asset goes through asset(), which alone decides its name
 * (`assets/<folder>/<name>.<hash>.<extension>`) and its Subresource Integrity value.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSETS_DIR } from './hosting/policy';
import { publicPath } from './urls';

/** One file written to the output. */
export interface OutputFile {
  /** Path relative to the output root, with forward slashes. */
  path: string;
  bytes: number;
  /** A redirect's page: the URL it sends the browser to. It is no page of the site's own. */
  redirectsTo?: string;
}

/** A built asset as pages refer to it. */
export interface WrittenAsset {
  /** Root-relative URL under the site's base path, e.g. "/assets/main.3f2a1c9d0e.css" (or "/site/assets/..."). */
  href: string;
  /** Subresource Integrity (sha384), for the tags that load it. */
  integrity: string;
}

export interface AssetFile {
  /** Base name before the hash: "main", "favicon". */
  name: string;
  /** Without the dot: "css", "woff2". */
  extension: string;
  /** Sub-folder of assets/, e.g. "fonts". */
  folder?: string;
  contents: string | Buffer;
}

export class Writer {
  /**
   * `folder` is the staging folder; `base` the site's base path, which asset URLs start with;
   * `files`, every file written, in the order written.
   */
  constructor(
    readonly folder: string,
    readonly base: string,
    readonly files: OutputFile[] = [],
  ) {}

  /** Writes one file and records it. */
  async write(relativePath: string, contents: string | Buffer): Promise<OutputFile> {
    const target = path.join(this.folder, relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents);
    return this.record(relativePath, typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength);
  }

  /** Records a file written elsewhere (a page, by its render worker). */
  record(relativePath: string, bytes: number): OutputFile {
    const output: OutputFile = { path: relativePath.split(path.sep).join('/'), bytes };
    this.files.push(output);
    return output;
  }

  /** Writes a file under a content-hashed name below assets/, which hosts may cache for a year. */
  async asset({ name, extension, folder, contents }: AssetFile): Promise<WrittenAsset> {
    const file = [ASSETS_DIR, folder, `${name}.${contentHash(contents)}.${extension}`].filter(Boolean).join('/');
    await this.write(file, contents);
    return { href: publicPath(this.base, `/${file}`), integrity: `sha384-${createHash('sha384').update(contents).digest('base64')}` };
  }
}

/** A short, stable content hash for cache-busting file names. */
function contentHash(contents: string | Buffer): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 10);
}

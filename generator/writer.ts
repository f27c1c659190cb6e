/**
 * The one writer of a build's output: every file goes through write() (or record(), for a page a
 * render worker wrote), which lists it for the summary and the host configuration; asset() alone
 * names a content-hashed asset and gives its Subresource Integrity value.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSETS_DIR } from './hosting/policy';
import { publicPath } from './urls';

export interface OutputFile {
  /** Relative to the output root, with forward slashes. */
  path: string;
  bytes: number;
  /** A redirect's page: the URL it sends the browser to. */
  redirectsTo?: string;
}

export interface WrittenAsset {
  /** Under the site's base path: "/assets/main.3f2a1c9d0e.css" (or "/site/assets/..."). */
  href: string;
  /** sha384, for the tags that load it. */
  integrity: string;
}

export class Writer {
  /** `base` is the site's base path, which asset URLs start with. */
  constructor(
    readonly folder: string,
    readonly base: string,
    readonly files: OutputFile[] = [],
  ) {}

  async write(relativePath: string, contents: string | Buffer): Promise<OutputFile> {
    const target = path.join(this.folder, relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents);
    return this.record(relativePath, typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength);
  }

  record(relativePath: string, bytes: number): OutputFile {
    const output: OutputFile = { path: relativePath.split(path.sep).join('/'), bytes };
    this.files.push(output);
    return output;
  }

  /** `assets/<folder>/<name>.<hash>.<extension>`, which hosts may cache for a year. */
  async asset({ name, extension, folder, contents }: { name: string; extension: string; folder?: string; contents: string | Buffer }) {
    const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
    const file = [ASSETS_DIR, folder, `${name}.${hash}.${extension}`].filter(Boolean).join('/');
    await this.write(file, contents);
    const integrity = `sha384-${createHash('sha384').update(contents).digest('base64')}`;
    return { href: publicPath(this.base, `/${file}`), integrity } satisfies WrittenAsset;
  }
}

/**
 * The one writer of the output folder. Every file goes through writeOutput(), which records it for
 * the summary; a content-hashed asset goes through writeAsset(), which alone decides its name
 * (`assets/<folder>/<name>.<hash>.<extension>`) and its Subresource Integrity value.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildContext, OutputFile } from './context';
import { ASSETS_DIR } from './hosting/policy';
import { addressOf, publicPath } from './urls';

/** Writes one file into the staging folder and records it for the summary. */
export async function writeOutput(ctx: BuildContext, relativePath: string, contents: string | Buffer): Promise<OutputFile> {
  const target = path.join(ctx.staging, relativePath);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, contents);
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  return recordOutput(ctx, relativePath, bytes.byteLength);
}

/** Records a file written elsewhere (a page, by its render worker) for the summary. */
export function recordOutput(ctx: BuildContext, relativePath: string, bytes: number): OutputFile {
  const output: OutputFile = { path: relativePath.split(path.sep).join('/'), bytes };
  ctx.outputs.push(output);
  return output;
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

/** Writes a file under a content-hashed name below assets/, which hosts may cache for a year. */
export async function writeAsset(ctx: BuildContext, { name, extension, folder, contents }: AssetFile): Promise<WrittenAsset> {
  const file = [ASSETS_DIR, folder, `${name}.${contentHash(contents)}.${extension}`].filter(Boolean).join('/');
  await writeOutput(ctx, file, contents);
  return { href: publicPath(addressOf(ctx).base, `/${file}`), integrity: integrityOf(contents) };
}

/** A short, stable content hash for cache-busting file names. */
function contentHash(contents: string | Buffer): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 10);
}

/** A Subresource Integrity value (sha384, as browsers recommend) for the given bytes. */
function integrityOf(contents: string | Buffer): string {
  return `sha384-${createHash('sha384').update(contents).digest('base64')}`;
}

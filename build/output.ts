import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuildContext } from './context';

/** Writes one file into the staging folder and records it for the summary. */
export async function writeOutput(ctx: BuildContext, relativePath: string, contents: string | Buffer): Promise<void> {
  const target = path.join(ctx.staging, relativePath);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, contents);
  recordOutput(ctx, relativePath, typeof contents === 'string' ? Buffer.from(contents) : contents);
}

export function recordOutput(ctx: BuildContext, relativePath: string, contents: Buffer): void {
  ctx.outputs.push({
    path: relativePath.split(path.sep).join('/'),
    bytes: contents.byteLength,
    gzipBytes: gzipSync(contents).byteLength,
  });
}

/** A short, stable content hash for cache-busting file names. */
export function contentHash(contents: string | Buffer): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 10);
}

/** The output file of a route: "/" → index.html, "/about-us" → about-us/index.html. */
export function routeFile(routePath: string): string {
  const slug = routePath.replace(/^\/+|\/+$/g, '');
  return slug === '' ? 'index.html' : `${slug}/index.html`;
}

/** A Subresource Integrity value (sha384, as browsers recommend) for the given bytes. */
export function integrityOf(contents: string | Buffer): string {
  return `sha384-${createHash('sha384').update(contents).digest('base64')}`;
}

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';

const KB = 1024;

/**
 * Size budgets of the built site (issue 5), in bytes. Text is measured gzipped at zlib's default
 * level, as most servers send it; fonts and images are already compressed and count as they are.
 * Used by the budget tests (built sizes are deterministic) and printed by `npm run bench`.
 */
export const BUDGETS = {
  pageHtmlGzip: 14 * KB,
  cssGzip: 12 * KB,
  jsGzip: 2 * KB,
  fonts: 60 * KB,
  firstVisit: 120 * KB,
} as const;

const PRECOMPRESSED = /\.(woff2|png|jpe?g|webp|avif|gif|ico)$/;

export interface FileSize {
  /** Path relative to the site folder, with forward slashes. */
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
  /** What crosses the network: gzip for text, the raw bytes for formats that are compressed already. */
  transfer: number;
}

export async function sizeOf(siteDir: string, file: string): Promise<FileSize> {
  const bytes = await readFile(path.join(siteDir, file));
  const gzip = gzipSync(bytes).byteLength;
  return {
    file,
    raw: bytes.byteLength,
    gzip,
    brotli: brotliCompressSync(bytes).byteLength,
    transfer: PRECOMPRESSED.test(file) ? bytes.byteLength : gzip,
  };
}

/** Every file of the built site, measured. */
export async function siteSizes(siteDir: string): Promise<FileSize[]> {
  const files = (await readdir(siteDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return Promise.all(files.map((file) => sizeOf(siteDir, file)));
}

export function totalTransfer(sizes: readonly FileSize[], matching: RegExp): number {
  return sizes.filter((size) => matching.test(size.file)).reduce((sum, size) => sum + size.transfer, 0);
}

/**
 * The files a first visit to a page downloads: the page, what its head and body ask for on load
 * (stylesheet, script, preloads, icons, manifest, images), and what the stylesheet pulls in (fonts).
 */
export async function firstVisitFiles(siteDir: string, page: string): Promise<string[]> {
  const $ = cheerio.load(await readFile(path.join(siteDir, page), 'utf8'));
  const urls = new Set<string>();
  $('link[rel="stylesheet"], link[rel="preload"], link[rel~="icon"], link[rel="manifest"]').each((_, link) => {
    urls.add($(link).attr('href') ?? '');
  });
  $('script[src], img[src]').each((_, element) => {
    urls.add($(element).attr('src') ?? '');
  });
  for (const stylesheet of [...urls].filter((url) => url.endsWith('.css'))) {
    const css = await readFile(path.join(siteDir, stylesheet), 'utf8');
    for (const [, url] of css.matchAll(/url\(["']?(\/[^"')]+)["']?\)/g)) urls.add(url ?? '');
  }
  const local = [...urls].filter((url) => url.startsWith('/') && !url.startsWith('//')).map((url) => url.slice(1).split(/[?#]/)[0] ?? '');
  return [page, ...new Set(local)];
}

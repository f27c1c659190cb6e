import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { readCss } from '../../generator/css';
import { fontUsage } from '../../generator/fonts';
import { scanHtml } from '../../generator/scan';
import { filesUnder } from './files';

const KB = 1024;

/**
 * Size budgets of the built site (issue 5), in bytes. Text is measured gzipped at zlib's default
 * level, as most servers send it; fonts and images are already compressed and count as they are.
 * Used by the budget tests (built sizes are deterministic) and printed by `npm run bench`.
 */
export const BUDGETS = {
  /** The stylesheet inside it included: the first round trip of a new connection carries about 14 kB. */
  pageHtmlGzip: 14 * KB,
  /** Each page's own stylesheet, inside it (issue 13). */
  cssGzip: 12 * KB,
  jsGzip: 2 * KB,
  /** Every font file, those only some text needs (unicode-range) included. */
  fonts: 60 * KB,
  /** The fonts a first visit downloads. */
  firstVisitFonts: 14 * KB,
  /** A first visit to any page: HTML, script, fonts, icon sprite, favicon and manifest (issue 13). */
  firstVisit: 35 * KB,
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
  return Promise.all((await filesUnder(siteDir)).map((file) => sizeOf(siteDir, file)));
}

export function totalTransfer(sizes: readonly FileSize[], matching: RegExp): number {
  return sizes.filter((size) => matching.test(size.file)).reduce((sum, size) => sum + size.transfer, 0);
}

/**
 * The files a first visit to a page downloads: the page, what its head and body ask for on load
 * (stylesheets, scripts, preloads, icons, the icon sprite, manifest, images), and what its stylesheets pull in: a
 * font face only when the page shows a character in its unicode-range, as browsers do.
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
  // Icons point into the sprite file.
  $('use[href]').each((_, element) => {
    urls.add(($(element).attr('href') ?? '').split('#')[0] ?? '');
  });
  // The page script loads the site's script, which it names in data-src, once the page is painted.
  $('script[data-src]').each((_, element) => {
    urls.add($(element).attr('data-src') ?? '');
  });
  const stylesheets = $('style')
    .toArray()
    .map((element) => $(element).text());
  for (const href of [...urls].filter((url) => url.endsWith('.css'))) stylesheets.push(await readFile(path.join(siteDir, href), 'utf8'));
  const shown = shownText($);
  for (const css of stylesheets) {
    for (const [face] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
      const range = /unicode-range\s*:\s*([^;}]+)/.exec(face)?.[1];
      if (range !== undefined && ![...shown].some((character) => inUnicodeRange(character, range))) continue;
      for (const [, url] of face.matchAll(/url\(["']?(\/[^"')]+)["']?\)/g)) urls.add(url ?? '');
    }
    for (const [, url] of css.replace(/@font-face\s*\{[^}]*\}/g, '').matchAll(/url\(["']?(\/[^"')]+)["']?\)/g)) urls.add(url ?? '');
  }
  const local = [...urls].filter((url) => url.startsWith('/') && !url.startsWith('//')).map((url) => url.slice(1).split(/[?#]/)[0] ?? '');
  return [page, ...new Set(local)];
}

/**
 * What a page shows, as a reader meets it: the characters the generator's font step counts
 * (its text and text alternatives, as the build's scan reads them), and those its stylesheets write with `content`.
 */
export function shownText($: cheerio.CheerioAPI): string {
  const stylesheets = $('style')
    .toArray()
    .map((element) => $(element).text());
  return scanHtml($.html(), '').characters + stylesheets.map((css) => fontUsage(readCss(css).declarations).characters).join('');
}

/** Whether a character lies in a CSS unicode-range such as `U+20-7E,U+A9`. */
export function inUnicodeRange(character: string, range: string): boolean {
  const code = character.codePointAt(0) ?? -1;
  return range.split(',').some((part) => {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    return code >= Number.parseInt(first, 16) && code <= Number.parseInt(last, 16);
  });
}

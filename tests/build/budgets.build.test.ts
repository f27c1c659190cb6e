import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pageFiles } from '../../scripts/lib/files';
import { BUDGETS, type FileSize, firstVisitFiles, siteSizes, totalTransfer } from '../../scripts/lib/sizes';
import { BUILT_PAGES } from '../support/site';

/** Built bytes are deterministic, so the size budgets are asserted here; timing lives in `npm run bench`. */
const siteDir = inject('siteDir');
let sizes: FileSize[] = [];
let pages: FileSize[] = [];

beforeAll(async () => {
  sizes = await siteSizes(siteDir);
  const pageSet = new Set(await pageFiles(siteDir));
  pages = sizes.filter((size) => pageSet.has(size.file));
});

/** What a first visit to a page downloads, file by file. */
async function firstVisit(page: string): Promise<FileSize[]> {
  const files = await firstVisitFiles(siteDir, page);
  return files.map((file) => {
    const size = sizes.find((candidate) => candidate.file === file);
    if (!size) throw new Error(`${page} asks for ${file}, which the build did not write`);
    return size;
  });
}

describe('size budgets', () => {
  it('are measured on every page the route table has, the 404 page too, and no other', () => {
    expect(pages.map((page) => page.file).sort()).toEqual(BUILT_PAGES.map((page) => page.file).sort());
  });

  it.each(BUILT_PAGES)('$path is at most 14 KB of gzipped HTML, its stylesheet included (one TCP round trip)', ({ file }) => {
    const page = pages.find((candidate) => candidate.file === file);
    expect(page?.gzip).toBeGreaterThan(0);
    expect(page?.gzip).toBeLessThanOrEqual(BUDGETS.pageHtmlGzip);
  });

  it.each(BUILT_PAGES)('$path carries its own stylesheet, at most 12 KB gzipped', async ({ file }) => {
    const $ = cheerio.load(await readFile(path.join(siteDir, file), 'utf8'));
    const css = $('style').text();
    expect(css.length).toBeGreaterThan(1000);
    expect(gzipSync(css).byteLength).toBeLessThanOrEqual(BUDGETS.cssGzip);
  });

  it('has no stylesheet file', () => {
    expect(sizes.filter((size) => size.file.endsWith('.css'))).toEqual([]);
  });

  it('all JavaScript is at most 2 KB gzipped', () => {
    const js = totalTransfer(sizes, /\.m?js$/);
    expect(js).toBeGreaterThan(0);
    expect(js).toBeLessThanOrEqual(BUDGETS.jsGzip);
  });

  it('fonts are at most 60 KB in total', () => {
    const fonts = totalTransfer(sizes, /\.(woff2?|ttf|otf)$/);
    expect(fonts).toBeGreaterThan(0);
    expect(fonts).toBeLessThanOrEqual(BUDGETS.fonts);
  });

  it.each(BUILT_PAGES)(
    'a first visit to $path downloads at most 35 KB: the page, its script, one font file, the icon sprite, the favicon and the manifest',
    async ({ file: page }) => {
      const files = await firstVisit(page);
      const names = files.map((file) => file.file);
      expect(names).toHaveLength(6);
      expect(names).toEqual(
        expect.arrayContaining([
          page,
          expect.stringMatching(/^assets\/main\.[0-9a-f]{10}\.js$/),
          expect.stringMatching(/^assets\/fonts\/inter\.[0-9a-f]{10}\.woff2$/),
          expect.stringMatching(/^assets\/favicon\.[0-9a-f]{10}\.svg$/),
          expect.stringMatching(/^assets\/icons\.[0-9a-f]{10}\.svg$/),
          expect.stringMatching(/^assets\/site\.[0-9a-f]{10}\.webmanifest$/),
        ]),
      );
      expect(files.reduce((sum, file) => sum + file.transfer, 0)).toBeLessThanOrEqual(BUDGETS.firstVisit);
      const fonts = files.filter((file) => file.file.endsWith('.woff2')).reduce((sum, file) => sum + file.transfer, 0);
      expect(fonts).toBeLessThanOrEqual(BUDGETS.firstVisitFonts);
    },
  );
});

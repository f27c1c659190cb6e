import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BUDGETS, firstVisitFiles, sizeOf, siteSizes, totalTransfer, type FileSize } from '../support/sizes';

/** Built bytes are deterministic, so the size budgets are asserted here; timing lives in `npm run bench`. */
const siteDir = inject('siteDir');
let sizes: FileSize[] = [];

beforeAll(async () => {
  sizes = await siteSizes(siteDir);
});

describe('size budgets', () => {
  it('every page is at most 14 KB of gzipped HTML (one TCP round trip)', () => {
    const pages = sizes.filter((size) => size.file.endsWith('.html'));
    expect(pages.length).toBe(8);
    expect(pages.filter((page) => page.gzip > BUDGETS.pageHtmlGzip).map((page) => `${page.file}: ${page.gzip} B`)).toEqual([]);
  });

  it('all CSS is at most 12 KB gzipped', () => {
    const css = totalTransfer(sizes, /\.css$/);
    expect(css).toBeGreaterThan(0);
    expect(css).toBeLessThanOrEqual(BUDGETS.cssGzip);
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

  it('a first visit to the landing page downloads at most 120 KB', async () => {
    const files = await firstVisitFiles(siteDir, 'index.html');
    expect(files).toEqual(expect.arrayContaining(['index.html', expect.stringMatching(/\.css$/), expect.stringMatching(/\.js$/), expect.stringMatching(/\.woff2$/)]));
    let sum = 0;
    for (const file of files) sum += (await sizeOf(siteDir, file)).transfer;
    expect(sum).toBeLessThanOrEqual(BUDGETS.firstVisit);
  });
});

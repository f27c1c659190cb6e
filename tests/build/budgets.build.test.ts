import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Size budgets of issue 5. Built bytes are deterministic, so they are asserted here; timing lives
 * in `npm run bench`. Text is measured gzipped at zlib's default level, as most servers send it;
 * fonts and images are already compressed and count as they are.
 */
const KB = 1024;
const BUDGET = {
  pageHtmlGzip: 14 * KB,
  cssGzip: 12 * KB,
  jsGzip: 2 * KB,
  fonts: 60 * KB,
  firstVisit: 120 * KB,
};

const siteDir = inject('siteDir');
let files: string[] = [];

beforeAll(async () => {
  files = (await readdir(siteDir, { recursive: true })).map((file) => file.split(path.sep).join('/'));
});

const COMPRESSED = /\.(woff2|png|jpe?g|webp|avif|gif|ico)$/;

async function transferSize(file: string): Promise<number> {
  const bytes = await readFile(path.join(siteDir, file));
  return COMPRESSED.test(file) ? bytes.byteLength : gzipSync(bytes).byteLength;
}

async function total(matching: RegExp): Promise<number> {
  let sum = 0;
  for (const file of files.filter((name) => matching.test(name))) sum += await transferSize(file);
  return sum;
}

describe('size budgets', () => {
  it('every page is at most 14 KB of gzipped HTML (one TCP round trip)', async () => {
    const pages = files.filter((file) => file.endsWith('.html'));
    expect(pages.length).toBe(8);
    const over: string[] = [];
    for (const page of pages) {
      const size = await transferSize(page);
      if (size > BUDGET.pageHtmlGzip) over.push(`${page}: ${size} B`);
    }
    expect(over).toEqual([]);
  });

  it('all CSS is at most 12 KB gzipped', async () => {
    expect(await total(/\.css$/)).toBeLessThanOrEqual(BUDGET.cssGzip);
  });

  it('all JavaScript is at most 2 KB gzipped', async () => {
    expect(await total(/\.m?js$/)).toBeLessThanOrEqual(BUDGET.jsGzip);
  });

  it('fonts are at most 60 KB in total', async () => {
    const fonts = await total(/\.(woff2?|ttf|otf)$/);
    expect(fonts).toBeGreaterThan(0);
    expect(fonts).toBeLessThanOrEqual(BUDGET.fonts);
  });

  it('a first visit to the landing page downloads at most 120 KB', async () => {
    const html = await readFile(path.join(siteDir, 'index.html'), 'utf8');
    const $ = cheerio.load(html);
    // Everything the page asks for on load: stylesheet, script, preloads, icons and images,
    // plus what the stylesheet itself pulls in (fonts).
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
    const local = [...urls].filter((url) => url.startsWith('/'));
    expect(local.length).toBeGreaterThanOrEqual(3);
    let sum = await transferSize('index.html');
    for (const url of local) sum += await transferSize(url.replace(/^\//, ''));
    expect(sum).toBeLessThanOrEqual(BUDGET.firstVisit);
  });
});

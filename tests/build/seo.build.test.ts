import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { canonicalPath, routeFile } from '../../generator/urls';
import { notFound, routes } from '../../pages/routes';
import { projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';
import { BUILT_PAGES, FEED_PATHS } from '../support/site';

/** Every page with an address of its own, route or collection entry, as the build writes them. */
const ADDRESSED = BUILT_PAGES.filter((page) => page.file !== '404.html').map((page) => page.path);

/** The shared build of the test run, made for the configured site URL whatever SITE_URL says (setup-site.ts). */
const outDir = inject('siteDir');
const origin = site.url;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'seo-test-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const load = async (file: string) => cheerio.load(await readFile(path.join(outDir, file), 'utf8'));

describe('sitemap.xml', () => {
  it('parses and lists every page with an address, then every feed, and only those, by absolute canonical URL', async () => {
    const $ = cheerio.load(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8'), { xml: true });
    expect($('urlset').attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = $('url > loc')
      .toArray()
      .map((loc) => $(loc).text());
    expect(locs).toEqual([...ADDRESSED, ...FEED_PATHS].map((address) => `${origin}${address}`));
    expect(FEED_PATHS).toContain('/news/feed.xml');
    expect(locs.some((loc) => loc.includes('404'))).toBe(false);
  });
});

describe('the site URL', () => {
  it('comes from SITE_URL when it is set at build time', async () => {
    const previous = process.env.SITE_URL;
    process.env.SITE_URL = 'https://staging.example.test';
    try {
      const stagingDir = path.join(workDir, 'staging', 'dist');
      await runBuild({ root: projectRoot, outDir: stagingDir, log: () => {} });
      const $ = cheerio.load(await readFile(path.join(stagingDir, 'about-us/index.html'), 'utf8'));
      expect($('link[rel="canonical"]').attr('href')).toBe('https://staging.example.test/about-us/');
      expect($('meta[property="og:image"]').attr('content')).toMatch(/^https:\/\/staging\.example\.test\/assets\//);
      await expect(readFile(path.join(stagingDir, 'robots.txt'), 'utf8')).resolves.toContain(
        'Sitemap: https://staging.example.test/sitemap.xml',
      );
    } finally {
      if (previous === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = previous;
    }
  });

  it('fails the build with the cause when it is neither an origin nor a folder of one', async () => {
    const outDir = path.join(workDir, 'bad-url', 'dist');
    await expect(runBuild({ root: projectRoot, outDir, log: () => {}, siteUrl: 'https://example.test/site' })).rejects.toThrow(
      'names a folder without its closing "/": write https://example.test/site/',
    );
    await expect(runBuild({ root: projectRoot, outDir, log: () => {}, siteUrl: 'https://example.test/?utm=x' })).rejects.toThrow(
      /without a query or fragment/,
    );
    expect(existsSync(outDir)).toBe(false);
  });
});

describe('robots.txt', () => {
  it('allows everything and names the sitemap', async () => {
    const robots = await readFile(path.join(outDir, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).not.toMatch(/^Disallow: \S/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${origin}/sitemap\\.xml$`, 'm'));
  });
});

describe("every page's head", () => {
  it.each(routes.map((route) => route.path))('%s has its title, description, canonical and sharing tags', async (routePath) => {
    const route = routes.find((candidate) => candidate.path === routePath);
    const $ = await load(routeFile(routePath));
    const meta = (key: string) => $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');
    const canonical = `${origin}${canonicalPath(routePath)}`;
    expect($('title').text()).toBe(route?.title);
    expect(meta('description')).toBe(route?.description);
    expect($('link[rel="canonical"]').attr('href')).toBe(canonical);
    expect(meta('og:title')).toBe(route?.title);
    expect(meta('og:description')).toBe(route?.description);
    expect(meta('og:url')).toBe(canonical);
    expect(meta('og:type')).toBe('website');
    expect(meta('og:site_name')).toBe(site.name);
    expect(meta('og:image')).toMatch(new RegExp(`^${origin}/assets/social\\.[0-9a-f]{10}\\.png$`));
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:title')).toBe(route?.title);
    expect(meta('twitter:image')).toBe(meta('og:image'));
    expect(meta('theme-color')).toBe(site.themeColor);
    expect($('link[rel="icon"][type="image/svg+xml"]').attr('href')).toMatch(/^\/assets\/favicon\.[0-9a-f]{10}\.svg$/);
    expect($('link[rel="apple-touch-icon"]').attr('href')).toMatch(/^\/assets\/apple-touch-icon\.[0-9a-f]{10}\.png$/);
    expect($('link[rel="manifest"]').attr('href')).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.webmanifest$/);
    expect($('meta[http-equiv="Content-Security-Policy"]').attr('content')).toMatch(/^default-src 'self'; /);
    expect($('meta[name="robots"]')).toHaveLength(0);
  });

  it('gives every page a unique title and description', async () => {
    const heads = await Promise.all(routes.map(async (route) => load(routeFile(route.path))));
    expect(new Set(heads.map(($) => $('title').text())).size).toBe(routes.length);
    expect(new Set(heads.map(($) => $('meta[name="description"]').attr('content'))).size).toBe(routes.length);
  });

  it('declares the charset within the first 1024 bytes, though the CSP meta comes early', async () => {
    for (const route of routes) {
      const html = await readFile(path.join(outDir, routeFile(route.path)));
      expect(html.subarray(0, 1024).toString('latin1'), route.path).toMatch(/<meta charset="utf-8"\/?>/i);
    }
  });

  it('puts organisation JSON-LD on the landing page only', async () => {
    const $ = await load('index.html');
    const blocks = $('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks.text()) as Record<string, unknown>;
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: site.name, url: `${origin}/` });
    expect(String(data.logo)).toMatch(new RegExp(`^${origin}/assets/icon-512\\.[0-9a-f]{10}\\.png$`));
    for (const route of routes.filter((candidate) => candidate.path !== '/')) {
      expect((await load(routeFile(route.path)))('script[type="application/ld+json"]'), route.path).toHaveLength(0);
    }
  });

  it('embeds the canonical path of every page with an address in the 404 page, as data rather than script', async () => {
    const $ = await load('404.html');
    const element = $('[data-module="not-found-page"]');
    expect(element.attr('data-routes')?.split(' ')).toEqual(ADDRESSED);
    expect($('script:not([src]):not([type="application/ld+json"])')).toHaveLength(1);
  });

  it('keeps the 404 page out of search results', async () => {
    const $ = await load('404.html');
    expect($('title').text()).toBe(notFound.title);
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    expect($('link[rel="canonical"]')).toHaveLength(0);
  });
});

describe('the brand images', () => {
  async function png(url: string): Promise<{ width: number; height: number }> {
    const bytes = await readFile(path.join(outDir, url));
    // PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  it('include a 1200×630 PNG social image', async () => {
    const $ = await load('index.html');
    const url = new URL($('meta[property="og:image"]').attr('content') ?? '').pathname;
    await expect(png(url)).resolves.toEqual({ width: 1200, height: 630 });
    expect($('meta[property="og:image:width"]').attr('content')).toBe('1200');
    expect($('meta[property="og:image:height"]').attr('content')).toBe('630');
  });

  it('include a 180 px PNG touch icon and an SVG favicon', async () => {
    const $ = await load('index.html');
    await expect(png($('link[rel="apple-touch-icon"]').attr('href') ?? '')).resolves.toEqual({ width: 180, height: 180 });
    const svg = await readFile(path.join(outDir, $('link[rel="icon"]').attr('href') ?? ''), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('include a web manifest whose icons exist', async () => {
    const $ = await load('index.html');
    const manifest = JSON.parse(await readFile(path.join(outDir, $('link[rel="manifest"]').attr('href') ?? ''), 'utf8')) as {
      name: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: site.name, start_url: '/', theme_color: site.themeColor });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['any', '180x180', '512x512']);
    for (const icon of manifest.icons.filter((icon) => icon.type === 'image/png')) {
      const [width] = icon.sizes.split('x').map(Number);
      await expect(png(icon.src)).resolves.toEqual({ width, height: width });
    }
  });
});

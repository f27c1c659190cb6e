/**
 * The site built to live under a folder of its origin (`--base /site/`, or a site URL with a
 * path): every URL it writes lies in that folder, from links and assets to the manifest, the
 * sitemap, the 404 page's known paths and every host configuration; the output's layout stays
 * the same as at the root.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scanCss } from '../../generator/css';
import type { ServeConfig } from '../../generator/hosting/serve';
import { runBuild } from '../../generator/pipeline';
import { scanHtml } from '../../generator/scan';
import { routeFile } from '../../generator/urls';
import { redirects, routes } from '../../pages/routes';
import { filesUnder, pageFiles, readHostedSite } from '../../scripts/lib/files';
import { buildCommand, projectRoot } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';
import { BUILT_PAGES, FEED_PATHS } from '../support/site';

const origin = 'https://www.example.test';
const base = '/site/';
let workDir: string;
let outDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'base-test-'));
  outDir = path.join(workDir, 'dist');
  await runBuild({ root: projectRoot, outDir, log: () => {}, siteUrl: origin, base });
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const read = (file: string) => readFile(path.join(outDir, file), 'utf8');

/** Why a URL the site wrote is not under the base, or undefined when it is (or is no URL of the site). */
function outsideBase(url: string): string | undefined {
  if (url.startsWith('#') || /^(mailto|tel|data):/.test(url)) return undefined;
  if (/^https?:/.test(url)) return url.startsWith(origin) && !url.startsWith(`${origin}${base}`) ? url : undefined;
  return url.startsWith(base) ? undefined : url;
}

/** Every page with an address (the routes' and the collections'), under the base. */
const ADDRESSES = BUILT_PAGES.filter((page) => page.file !== '404.html').map((page) => `${base}${page.path.slice(1)}`);

describe('a build under the base path /site/', () => {
  it('keeps the layout of a build at the root: the same files, dist/index.html the page at /site/', async () => {
    const hashless = (files: string[]) => files.map((file) => file.replace(/\.[0-9a-f]{10}\./, '.#.')).sort();
    expect(hashless(await filesUnder(outDir))).toEqual(hashless(await filesUnder(inject('siteDir'))));
    const $ = cheerio.load(await read('index.html'));
    expect($('link[rel="canonical"]').attr('href')).toBe(`${origin}${base}`);
  });

  it('writes every URL of every page under /site/: links, assets, the script, preloads, icons, canonical and Open Graph', async () => {
    const pages = await pageFiles(outDir);
    expect(pages).toHaveLength(BUILT_PAGES.length);
    const outside: string[] = [];
    let checked = 0;
    for (const file of [...pages, ...redirects.map((redirect) => routeFile(redirect.from))]) {
      const html = await read(file);
      for (const { value } of scanHtml(html, origin).references) {
        checked += 1;
        const problem = outsideBase(value);
        if (problem) outside.push(`${file}: ${problem}`);
      }
      const $ = cheerio.load(html);
      for (const { value } of scanCss($('style').text())) if (outsideBase(value)) outside.push(`${file}: url(${value})`);
      const data = $('[data-routes]');
      for (const known of [...(data.attr('data-routes') ?? '').split(' '), ...(data.attr('data-redirects') ?? '').split(/[ =]/)]) {
        if (known && outsideBase(known)) outside.push(`${file}: known path ${known}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(outside).toEqual([]);
  });

  it('links each page, the header and footer too, by its URL under /site/, and the brand and the 404 page home to /site/', async () => {
    const $ = cheerio.load(await read('404.html'));
    expect($('.c-header__brand').attr('href')).toBe(base);
    expect($('.c-footer__brand').attr('href')).toBe(base);
    expect($('a:contains("Return to Home")').attr('href')).toBe(base);
    const navigation = $('.c-header__link')
      .toArray()
      .map((link) => $(link).attr('href'));
    expect(navigation).toEqual(routes.filter((route) => route.nav).map((route) => `${base}${route.path.slice(1)}/`));
    expect($('[data-module="not-found-page"]').attr('data-routes')?.split(' ')).toEqual(ADDRESSES);
  });

  it('gives the manifest the folder as its id, start and scope, and icons under it', async () => {
    const $ = cheerio.load(await read('index.html'));
    const manifest = JSON.parse(await read(($('link[rel="manifest"]').attr('href') ?? '').slice(base.length))) as {
      id: string;
      start_url: string;
      scope: string;
      icons: { src: string }[];
    };
    expect([manifest.id, manifest.start_url, manifest.scope]).toEqual([base, base, base]);
    for (const icon of manifest.icons) {
      expect(icon.src.startsWith(`${base}assets/`), icon.src).toBe(true);
      expect(existsSync(path.join(outDir, icon.src.slice(base.length))), icon.src).toBe(true);
    }
  });

  it('lists every page with an address, then every feed, under /site/ in the sitemap, which robots.txt names there', async () => {
    const locs = [...(await read('sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const feeds = FEED_PATHS.map((feed) => `${base}${feed.slice(1)}`);
    expect(locs).toEqual([...ADDRESSES, ...feeds].map((address) => `${origin}${address}`));
    expect(await read('robots.txt')).toContain(`Sitemap: ${origin}${base}sitemap.xml`);
  });

  it('writes every host configuration for /site/: serve.json, _headers, _redirects, nginx, CloudFront and deploy/site.json', async () => {
    const hosted = await readHostedSite(outDir);
    expect(hosted.base).toBe(base);
    expect(hosted.redirects.map((rule) => rule.from)).toEqual(redirects.map((redirect) => `${base}${redirect.from.slice(1)}`));
    const serve = JSON.parse(await read('serve.json')) as ServeConfig;
    expect(serve.headers.map((rule) => rule.source)).toEqual(['**', 'site/assets/**']);
    expect(serve.redirects.map((rule) => rule.source)).toEqual(hosted.redirects.map((rule) => rule.from));
    const headers = await read('_headers');
    expect(headers).toMatch(/^\/site\/assets\/\*$/m);
    expect(headers).toMatch(/^\/site\/about-us\/$/m);
    expect(headers).not.toMatch(/^\/about-us\/$/m);
    expect(await read('_redirects')).toMatch(/^\/site\/about\s+\/site\/about-us\/\s+301$/m);
    const nginx = await read('deploy/nginx.conf');
    expect(nginx).toContain('error_page 404 /site/404.html;');
    expect(nginx).toMatch(/location \/site\/ \{\n\s+try_files \$uri \$uri\/index\.html =404;/);
    expect(nginx).toMatch(/location \/ \{\n\s+return 404;/);
    const handler = vm.runInNewContext(`${await read('deploy/cloudfront-function.js')}\nhandler`) as (event: object) => {
      uri?: string;
      headers?: { location: { value: string } };
    };
    expect(handler({ request: { uri: '/site/about-us', querystring: {} } }).uri).toBe('/site/about-us/index.html');
    expect(handler({ request: { uri: '/site/about', querystring: {} } }).headers?.location.value).toBe('/site/about-us/');
  });

  it('comes from a site URL with the folder too, byte for byte the same', async () => {
    const again = path.join(workDir, 'from-url', 'dist');
    await runBuild({ root: projectRoot, outDir: again, log: () => {}, siteUrl: `${origin}${base}` });
    expect(await fingerprint(again)).toEqual(await fingerprint(outDir));
  });
});

describe('npm run build with a base path it refuses', () => {
  /** `npm run build` (the launcher) with these arguments, into a folder of its own. */
  function build(...args: string[]) {
    const out = path.join(workDir, 'refused', 'dist');
    const result = spawnSync(...buildCommand(['--quiet', '--out-dir', out, ...args]), {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    return { status: result.status, stderr: result.stderr, built: existsSync(out) };
  }

  it.each([
    [['--base', 'site'], 'The base path "site" (from the --base option) must start and end with "/", such as "/site/".'],
    [['--base', '/site'], 'The base path "/site" (from the --base option) must start and end with "/", such as "/site/".'],
    [['--base', '/site/?x=1'], 'The base path "/site/?x=1" (from the --base option) must be a path alone, without a query or fragment'],
    [['--base', '/a b/'], 'The base path "/a b/" (from the --base option) may hold only folder names of letters, digits and - . _ ~'],
    [
      ['--site-url', 'https://example.test/site'],
      'The site URL "https://example.test/site" (from the --site-url option) names a folder without its closing "/": write https://example.test/site/',
    ],
    [
      ['--site-url', 'https://example.test/one/', '--base', '/two/'],
      'The base path /two/ (from --base) and the path /one/ of the site URL',
    ],
  ])('stops %j with status 1 and the cause, and writes nothing', (args, message) => {
    const result = build(...args);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Build failed: ${message}`);
    expect(result.built).toBe(false);
  });
});

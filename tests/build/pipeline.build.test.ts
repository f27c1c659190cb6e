import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../build/context';
import { runBuild, type BuildResult } from '../../build/pipeline';
import { routes } from '../../pages/routes';
import { fingerprint } from '../support/files';
import { htmlFileOf } from '../support/site';

const projectRoot = path.resolve(import.meta.dirname, '../..');
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'build-test-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const quiet = { log: () => {} };

describe('a successful build', () => {
  let outDir: string;
  let result: BuildResult;

  beforeAll(async () => {
    outDir = path.join(workDir, 'ok', 'dist');
    result = await runBuild({ ...quiet, outDir });
  });

  it('writes every route and the 404 page', () => {
    for (const route of routes) expect(existsSync(path.join(outDir, htmlFileOf(route.path))), route.path).toBe(true);
    expect(existsSync(path.join(outDir, '404.html'))).toBe(true);
  });

  it('starts every page with a doctype and links the hashed stylesheet and script that exist', async () => {
    for (const file of [...routes.map((route) => htmlFileOf(route.path)), '404.html']) {
      const html = await readFile(path.join(outDir, file), 'utf8');
      expect(html.startsWith('<!DOCTYPE html>'), file).toBe(true);
      const $ = cheerio.load(html);
      const css = $('link[rel="stylesheet"]').attr('href') ?? '';
      const js = $('script[src]').attr('src') ?? '';
      expect(css).toMatch(/^\/assets\/main\.[0-9a-f]{10}\.css$/);
      expect(js).toMatch(/^\/assets\/main\.[0-9a-f]{10}\.js$/);
      expect($('script[src]').attr('defer')).toBeDefined();
      for (const [asset, integrity] of [
        [css, $('link[rel="stylesheet"]').attr('integrity')],
        [js, $('script[src]').attr('integrity')],
      ] as const) {
        const bytes = await readFile(path.join(outDir, asset));
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
        expect(asset, 'the name carries the hash of the content').toContain(hash);
        expect(integrity).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
      }
    }
  });

  it('ships no React to the browser', async () => {
    const assets = await readdir(path.join(outDir, 'assets'));
    const scripts = assets.filter((name) => name.endsWith('.js'));
    expect(scripts).toHaveLength(1);
    const code = await readFile(path.join(outDir, 'assets', scripts[0] ?? ''), 'utf8');
    expect(code).not.toMatch(/react|createElement|__SECRET_INTERNALS|useState|hydrateRoot|jsx/i);
    expect(code).toContain('IntersectionObserver');
    expect(code.length).toBeLessThan(4000);
    // The guide's budget for the whole client bundle.
    expect(gzipSync(code).byteLength).toBeLessThanOrEqual(2048);
  });

  it('has no inline style attributes and only the one inline script', async () => {
    for (const route of routes) {
      const $ = cheerio.load(await readFile(path.join(outDir, htmlFileOf(route.path)), 'utf8'));
      expect($('[style]'), route.path).toHaveLength(0);
      // JSON-LD is data the browser never executes, so it is not a script as far as the CSP goes.
      expect($('script:not([src]):not([type="application/ld+json"])'), route.path).toHaveLength(1);
    }
  });

  it('reports every file it wrote with its size and gzipped size', async () => {
    const written = Object.keys(await fingerprint(outDir)).sort();
    expect(result.outputs.map((output) => output.path).sort()).toEqual(written);
    for (const output of result.outputs) {
      expect(output.bytes).toBeGreaterThan(0);
      expect(output.gzipBytes).toBeGreaterThan(0);
    }
    expect(result.timings.map((timing) => timing.step)).toEqual([
      'routes',
      'fonts',
      'styles',
      'client',
      'brand',
      'pages',
      'not-found',
      'sitemap',
      'public',
      'hosting',
      'links',
    ]);
  });

  it('contains no live-reload code: that exists only in what the dev server serves', async () => {
    for (const file of Object.keys(await fingerprint(outDir))) {
      const text = await readFile(path.join(outDir, file), 'utf8');
      expect(text, file).not.toMatch(/__dev|EventSource|data-dev-/);
    }
  });

  it('leaves no staging folder behind', async () => {
    expect(await readdir(path.dirname(outDir))).toEqual(['dist']);
  });

  it('is deterministic: a second build writes the same bytes', async () => {
    const again = path.join(workDir, 'again', 'dist');
    await runBuild({ ...quiet, outDir: again, year: new Date().getFullYear() });
    expect(await fingerprint(again)).toEqual(await fingerprint(outDir));
  });
});

describe('a failing build', () => {
  it('names the page that throws, and leaves the previous output intact', async () => {
    const outDir = path.join(workDir, 'throws', 'dist');
    await runBuild({ ...quiet, outDir });
    const before = await fingerprint(outDir);

    function BrokenPricingPage(): never {
      throw new Error('pricing table is empty');
    }
    const brokenRoutes = [
      ...routes,
      { path: '/pricing' as const, page: BrokenPricingPage, title: 'Pricing', description: 'Prices.' },
    ];
    const failure = runBuild({ ...quiet, outDir, routes: brokenRoutes });
    await expect(failure).rejects.toBeInstanceOf(BuildError);
    await expect(failure).rejects.toThrow(/\/pricing/);
    await expect(failure).rejects.toThrow(/BrokenPricingPage/);
    await expect(failure).rejects.toThrow(/pricing table is empty/);
    await expect(failure).rejects.toThrow(/pipeline\.build\.test\.ts:\d+/);

    expect(await fingerprint(outDir)).toEqual(before);
    expect(await readdir(path.dirname(outDir))).toEqual(['dist']);
  });

  it('names the stylesheet and line of an SCSS error, and leaves the previous output intact', async () => {
    const root = path.join(workDir, 'scss-project');
    await mkdir(root, { recursive: true });
    for (const folder of ['styles', 'client']) await cp(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
    const outDir = path.join(root, 'dist');
    await runBuild({ ...quiet, root, outDir });
    const before = await fingerprint(outDir);

    await writeFile(path.join(root, 'styles/components/_hero.scss'), '.c-hero {\n  color: red\n  margin: 0;\n}\n');
    const failure = runBuild({ ...quiet, root, outDir });
    await expect(failure).rejects.toThrow(/styles\/components\/_hero\.scss:\d+/);
    expect(await fingerprint(outDir)).toEqual(before);
  });

  it('refuses routes that differ only in case', async () => {
    const [home] = routes;
    if (!home) throw new Error('the route table is empty');
    const outDir = path.join(workDir, 'case', 'dist');
    const twins = [
      { ...home, path: '/about-us' as const },
      { ...home, path: '/About-Us' as const },
    ];
    await expect(runBuild({ ...quiet, outDir, routes: twins })).rejects.toThrow(/differ only in case/);
    expect(existsSync(outDir)).toBe(false);
  });
});

describe('reserved folders', () => {
  it.each(['/assets', '/deploy/notes'] as const)('refuse a route at %s', async (reserved) => {
    const [home] = routes;
    if (!home) throw new Error('the route table is empty');
    const outDir = path.join(workDir, 'reserved', 'dist');
    const failure = runBuild({ ...quiet, outDir, routes: [home, { ...home, path: reserved }] });
    await expect(failure).rejects.toThrow(/reserves/);
    await expect(failure).rejects.toThrow(/pages\/routes\.ts/);
    expect(existsSync(outDir)).toBe(false);
  });

  it('refuse a public file where the host configuration goes', async () => {
    const root = path.join(workDir, 'public-clash');
    await mkdir(path.join(root, 'public'), { recursive: true });
    for (const folder of ['styles', 'client']) await cp(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
    await writeFile(path.join(root, 'public', 'serve.json'), '{}');
    await expect(runBuild({ ...quiet, root, outDir: path.join(root, 'dist') })).rejects.toThrow(/public\/serve\.json is reserved/);
  });
});

describe('public files', () => {
  it('are copied as they are', async () => {
    const root = path.join(workDir, 'public-project');
    await mkdir(path.join(root, 'public', 'docs'), { recursive: true });
    for (const folder of ['styles', 'client']) await cp(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    await writeFile(path.join(root, 'public', 'docs', 'brochure.bin'), bytes);
    const outDir = path.join(root, 'dist');
    await runBuild({ ...quiet, root, outDir });
    expect(await readFile(path.join(outDir, 'docs', 'brochure.bin'))).toEqual(bytes);
  });
});

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes, gzipSizes, LARGEST_PAGES_LISTED, PAGES_LISTED_IN_FULL, summarize } from '../../generator/commands/build';
import { BuildError } from '../../generator/failure';
import { type BuildResult, runBuild, STEP_NAMES } from '../../generator/pipeline';
import { routeFile } from '../../generator/urls';
import { routes } from '../../pages/routes';
import { copyProject, type ProjectCopy, projectRoot } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';
import { fixture, leftovers } from '../support/output';

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'build-test-'));
});

const copies: ProjectCopy[] = [];

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await Promise.all(copies.map((copy) => copy.remove()));
});

/** A copy of the project (node_modules linked) that a test may change. */
async function project(): Promise<ProjectCopy> {
  const copy = await copyProject('build-test-project-');
  copies.push(copy);
  return copy;
}

const quiet = { log: () => {} };

describe('a successful build', () => {
  let outDir: string;
  let result: BuildResult;

  beforeAll(async () => {
    outDir = path.join(workDir, 'ok', 'dist');
    result = await runBuild({ root: projectRoot, ...quiet, outDir });
  });

  it('writes every route and the 404 page', () => {
    for (const route of routes) expect(existsSync(path.join(outDir, routeFile(route.path))), route.path).toBe(true);
    expect(existsSync(path.join(outDir, '404.html'))).toBe(true);
  });

  it('starts every page with a doctype, carries its stylesheet, and names the hashed script that exists', async () => {
    for (const file of [...routes.map((route) => routeFile(route.path)), '404.html']) {
      const html = await readFile(path.join(outDir, file), 'utf8');
      expect(html.startsWith('<!DOCTYPE html>'), file).toBe(true);
      const $ = cheerio.load(html);
      expect($('link[rel="stylesheet"]'), file).toHaveLength(0);
      // Its own, cut to its classes: the font first, allowed by its hash in the page's policy alone.
      const style = $('style').text();
      expect(style, file).toMatch(/^@font-face\{font-family:"Inter";/);
      const sha = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
      expect($('meta[http-equiv="Content-Security-Policy"]').attr('content'), file).toContain(`style-src 'self' ${sha};`);
      // The page script loads the site's script once the page is painted: no <script src> to wait for.
      expect($('script[src]'), file).toHaveLength(0);
      const js = $('script[data-src]').attr('data-src') ?? '';
      expect(js).toMatch(/^\/assets\/main\.[0-9a-f]{10}\.js$/);
      const bytes = await readFile(path.join(outDir, js));
      expect(js, 'the name carries the hash of the content').toContain(createHash('sha256').update(bytes).digest('hex').slice(0, 10));
      expect($('script[data-src]').attr('data-integrity')).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
    }
  });

  it('points every icon at a symbol of the one icon sprite, which carries the shapes', async () => {
    const sprites = (await readdir(path.join(outDir, 'assets'))).filter((name) => /^icons\.[0-9a-f]{10}\.svg$/.test(name));
    expect(sprites).toHaveLength(1);
    const $sprite = cheerio.load(await readFile(path.join(outDir, 'assets', sprites[0] ?? ''), 'utf8'), { xmlMode: true });
    const symbols = new Set(
      $sprite('symbol')
        .map((_, symbol) => $sprite(symbol).attr('id'))
        .get(),
    );
    expect(symbols.size).toBeGreaterThan(20);
    let used = 0;
    for (const file of [...routes.map((route) => routeFile(route.path)), '404.html']) {
      const $ = cheerio.load(await readFile(path.join(outDir, file), 'utf8'));
      for (const icon of $('svg.c-icon').toArray()) {
        const href = $(icon).find('use').attr('href') ?? '';
        expect(href, file).toMatch(new RegExp(`^/assets/${sprites[0]?.replace(/\./g, '\\.')}#`));
        expect(symbols.has(href.split('#')[1] ?? ''), `${file}: ${href}`).toBe(true);
        expect($(icon).find('path, circle, rect, line, polyline'), file).toHaveLength(0);
        used += 1;
      }
    }
    expect(used).toBeGreaterThan(40);
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
      const $ = cheerio.load(await readFile(path.join(outDir, routeFile(route.path)), 'utf8'));
      expect($('[style]'), route.path).toHaveLength(0);
      // JSON-LD is data the browser never executes, so it is not a script as far as the CSP goes.
      expect($('script:not([src]):not([type="application/ld+json"])'), route.path).toHaveLength(1);
    }
  });

  it('reports every file it wrote with its size, which the summary gzips', async () => {
    const written = Object.keys(await fingerprint(outDir)).sort();
    expect(result.outputs.map((output) => output.path).sort()).toEqual(written);
    const gzipped = await gzipSizes(result);
    for (const output of result.outputs) {
      expect(output.bytes).toBe((await readFile(path.join(outDir, output.path))).byteLength);
      expect(gzipped.get(output.path)).toBe(gzipSync(await readFile(path.join(outDir, output.path))).byteLength);
    }
    // Every step, timed, in the order declared.
    expect(result.timings.map((timing) => timing.step)).toEqual(STEP_NAMES);
  });

  it('contains no live-reload code: that exists only in what the dev server serves', async () => {
    for (const file of Object.keys(await fingerprint(outDir))) {
      const text = await readFile(path.join(outDir, file), 'utf8');
      expect(text, file).not.toMatch(/__dev|EventSource|data-dev-/);
    }
  });

  it('leaves no staging folder behind', async () => {
    expect(await leftovers(outDir)).toEqual([]);
  });

  it('is deterministic: a second build writes the same bytes', async () => {
    const again = path.join(workDir, 'again', 'dist');
    await runBuild({ root: projectRoot, ...quiet, outDir: again, year: new Date().getFullYear() });
    expect(await fingerprint(again)).toEqual(await fingerprint(outDir));
  });
});

describe('a site too large to list every page in the summary', () => {
  it('gzips the pages the summary lists, the largest, and every other file', async () => {
    const outDir = path.join(workDir, 'large', 'dist');
    const result = await runBuild({ root: projectRoot, ...quiet, outDir, pages: fixture('repeated.ts') });
    const gzipped = await gzipSizes(result);
    const pages = result.outputs.filter((output) => output.path.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(PAGES_LISTED_IN_FULL);
    const measured = pages.filter((page) => gzipped.has(page.path));
    expect(measured).toHaveLength(LARGEST_PAGES_LISTED);
    const smallestMeasured = Math.min(...measured.map((page) => page.bytes));
    for (const page of pages) if (!gzipped.has(page.path)) expect(page.bytes, page.path).toBeLessThanOrEqual(smallestMeasured);
    for (const page of measured)
      expect(gzipped.get(page.path), page.path).toBe(gzipSync(await readFile(path.join(outDir, page.path))).byteLength);
    for (const output of result.outputs.filter((output) => !output.path.endsWith('.html'))) {
      expect(gzipped.get(output.path), output.path).toBe(gzipSync(await readFile(path.join(outDir, output.path))).byteLength);
    }

    const lines = summarize(result, gzipped);
    const pageRows = lines.filter((line) => /^\s+\/\S*\s+\S+\.html\s/.test(line));
    expect(pageRows).toHaveLength(LARGEST_PAGES_LISTED);
    const unlisted = pages.filter((page) => !gzipped.has(page.path)).reduce((sum, page) => sum + page.bytes, 0);
    expect(
      lines.some(
        (line) => line.trim().replace(/\s+/g, ' ') === `… and ${pages.length - LARGEST_PAGES_LISTED} more pages ${formatBytes(unlisted)}`,
      ),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`^Built ${pages.length} pages and \\d+ other files \\([\\d.]+ [kM]B\\) in \\d+ ms\\.$`));
  });
});

describe('a failing build', () => {
  it('names the page that throws, and leaves the previous output intact', async () => {
    const outDir = path.join(workDir, 'throws', 'dist');
    await runBuild({ root: projectRoot, ...quiet, outDir });
    const before = await fingerprint(outDir);

    const failure = runBuild({ root: projectRoot, ...quiet, outDir, pages: fixture('throwing-page.tsx') });
    await expect(failure).rejects.toBeInstanceOf(BuildError);
    await expect(failure).rejects.toThrow(/\/zz-test-throwing/);
    await expect(failure).rejects.toThrow(/BrokenPricingPage/);
    await expect(failure).rejects.toThrow(/pricing table is empty/);
    await expect(failure).rejects.toThrow(/tests\/fixtures\/routes\/throwing-page\.tsx:\d+/);

    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });

  it('names the stylesheet and line of an SCSS error, and leaves the previous output intact', async () => {
    const { root } = await project();
    const outDir = path.join(root, 'dist');
    await runBuild({ ...quiet, root, outDir });
    const before = await fingerprint(outDir);

    await writeFile(path.join(root, 'components/Hero/_hero.scss'), '.c-hero {\n  color: red\n  margin: 0;\n}\n');
    const failure = runBuild({ ...quiet, root, outDir });
    await expect(failure).rejects.toThrow(/components\/Hero\/_hero\.scss:\d+/);
    expect(await fingerprint(outDir)).toEqual(before);
  });

  it('refuses routes that differ only in case', async () => {
    const outDir = path.join(workDir, 'case', 'dist');
    await expect(runBuild({ root: projectRoot, ...quiet, outDir, pages: fixture('case-twins.ts') })).rejects.toThrow(
      /differs only in case/,
    );
    expect(existsSync(outDir)).toBe(false);
  });
});

describe('reserved folders', () => {
  it.each([
    ['/assets', 'reserved-assets.ts'],
    ['/deploy/notes', 'reserved-deploy.ts'],
  ])('refuse a route at %s', async (_reserved, table) => {
    const outDir = path.join(workDir, 'reserved', 'dist');
    const failure = runBuild({ root: projectRoot, ...quiet, outDir, pages: fixture(table) });
    await expect(failure).rejects.toThrow(/reserves/);
    await expect(failure).rejects.toThrow(new RegExp(`tests/fixtures/routes/${table.replace('.', '\\.')}`));
    expect(existsSync(outDir)).toBe(false);
  });

  it('refuse a public file where the host configuration goes', async () => {
    const { root } = await project();
    await mkdir(path.join(root, 'public'), { recursive: true });
    await writeFile(path.join(root, 'public', 'serve.json'), '{}');
    await expect(runBuild({ ...quiet, root, outDir: path.join(root, 'dist') })).rejects.toThrow(/public\/serve\.json is reserved/);
  });
});

describe('public files', () => {
  it('are copied as they are', async () => {
    const { root } = await project();
    await mkdir(path.join(root, 'public', 'docs'), { recursive: true });
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    await writeFile(path.join(root, 'public', 'docs', 'brochure.bin'), bytes);
    const outDir = path.join(root, 'dist');
    await runBuild({ ...quiet, root, outDir });
    expect(await readFile(path.join(outDir, 'docs', 'brochure.bin'))).toEqual(bytes);
  });
});

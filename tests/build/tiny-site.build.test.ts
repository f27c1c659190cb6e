/**
 * The generator is a library: a second, tiny site (tests/fixtures/tiny-site/), with two pages, a
 * document shell and styles of its own, builds with the same command, and nothing of the
 * marketing site ends up in it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../../scripts/lib/files';
import { buildCommand, projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';

let folder: string;
let outDir: string;
let exitCode: number | null;
let output = '';

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'tiny-site-'));
  outDir = path.join(folder, 'out');
  const [command, args] = buildCommand(['--site', 'tests/fixtures/tiny-site/site.config.ts', '--out-dir', outDir]);
  exitCode = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', resolve);
  });
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('a second site, built by the same generator', () => {
  it('builds with `npm run build -- --site`', () => {
    expect(exitCode, output).toBe(0);
  });

  it('has its two pages and its 404 page, in its own shell', async () => {
    const files = await filesUnder(outDir);
    expect(files.filter((file) => file.endsWith('.html')).sort()).toEqual(['404.html', 'index.html', 'second/index.html']);
    const $ = cheerio.load(await readFile(path.join(outDir, 'second/index.html'), 'utf8'));
    expect($('html').hasClass('tiny-shell')).toBe(true);
    expect($('h1').text()).toBe('Second');
    expect(
      $('nav a')
        .toArray()
        .map((link) => [$(link).text(), $(link).attr('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Second', '/second/'],
    ]);
    expect($('link[rel="canonical"]').attr('href')).toBe('https://tiny.example.org/second/');
    expect($('style').text()).toContain('.tiny-shell__nav a{margin-right:1rem}');
  });

  it('holds nothing of the marketing site, and only the host configuration it asks for', async () => {
    const files = await filesUnder(outDir);
    const text = (
      await Promise.all(
        files.filter((file) => /\.(html|json|xml|txt|webmanifest)$/.test(file)).map((file) => readFile(path.join(outDir, file), 'utf8')),
      )
    ).join('\n');
    expect(text).not.toContain(site.name);
    expect(files).toContain('serve.json');
    expect(files.filter((file) => /^(_headers|_redirects|deploy\/nginx\.conf|deploy\/cloudfront)/.test(file))).toEqual([]);
  });
});

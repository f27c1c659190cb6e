/**
 * The generator is a library: a second, tiny site (tests/fixtures/tiny-site/), with two pages, a document shell, styles and
 * outputs of its own, copied to a folder outside this repository with its own package.json, builds through the generator's
 * public API alone (build({ root })), and nothing of the marketing site ends up in it.
 */
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator';
import { filesUnder } from '../../scripts/lib/files';
import { projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';

let folder: string;
let outDir: string;
let failure: unknown;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'tiny-site-'));
  const root = path.join(folder, 'site');
  outDir = path.join(folder, 'out');
  await cp(path.join(projectRoot, 'tests/fixtures/tiny-site'), root, { recursive: true });
  // What the site installed: its own packages (this repository's, linked), its own fonts.
  await writeFile(
    path.join(root, 'package.json'),
    JSON.stringify({
      name: 'tiny',
      private: true,
      type: 'module',
      dependencies: { react: '*', 'react-dom': '*', valibot: '*', 'inter-ui': '*' },
    }),
  );
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await mkdir(path.join(root, 'fonts'));
  await copyFile(path.join(projectRoot, 'components/SocialImage/fonts/Inter-Regular.ttf'), path.join(root, 'fonts/Inter-Regular.ttf'));
  failure = await build({ root, outDir, outLayout: 'folder', log: () => {} }).then(
    () => undefined,
    (error: unknown) => error,
  );
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('a second site, built by the same generator', () => {
  it('builds from its own folder, outside the repository, through build({ root })', () => {
    expect(failure).toBeUndefined();
    expect(path.relative(projectRoot, folder).startsWith('..')).toBe(true);
  });

  it('publishes the outputs it asks for: its own humans.txt and robots.txt, the defaults but the sitemap', async () => {
    const files = await filesUnder(outDir);
    expect(files).toContain('humans.txt');
    expect(files).not.toContain('sitemap.xml');
    expect(await readFile(path.join(outDir, 'humans.txt'), 'utf8')).toBe('/* TEAM */\nSite: Tiny\n');
    expect(await readFile(path.join(outDir, 'robots.txt'), 'utf8')).not.toContain('Sitemap');
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

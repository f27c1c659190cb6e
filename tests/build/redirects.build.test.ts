/**
 * The redirects of the table (pages/routes.ts) as the build writes them: a page at each source
 * for a bare file server, every host's configuration, the 404 page's list, the sitemap without
 * them; and the tables the build refuses, each failing `npm run build` with status 1, a message
 * naming the entry, and the output left as it was.
 */
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ServeConfig } from '../../generator/hosting/serve';
import { canonicalPath, routeFile } from '../../generator/urls';
import { redirects, routes } from '../../pages/routes';
import { filesUnder, readHostedSite } from '../../scripts/lib/files';
import { buildCommand, copyProject, type ProjectCopy, projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';
import { fingerprint } from '../support/files';

const siteDir = inject('siteDir');
const origin = new URL(site.url).origin;
const targetOf = (to: string) => routes.find((route) => route.path === to.replace(/(.)\/$/, '$1'));

describe('the redirects of the table, as built', () => {
  it('ship /about → /about-us and /demo → the landing page, whose closing section is "Book a Demo Today"', () => {
    expect(redirects.map(({ from, to, status }) => [from, to, status ?? 301])).toEqual(
      expect.arrayContaining([
        ['/about', '/about-us', 301],
        ['/demo', '/', 301],
      ]),
    );
  });

  it.each(redirects)(
    '$from has a page that sends the browser to $to: meta refresh, canonical link, noindex and a visible link',
    async (redirect) => {
      const html = await readFile(path.join(siteDir, routeFile(redirect.from)), 'utf8');
      const $ = cheerio.load(html);
      const target = canonicalPath(redirect.to);
      expect($('meta[http-equiv="refresh"]').attr('content')).toBe(`0; url=${target}`);
      expect($('link[rel="canonical"]').attr('href')).toBe(`${origin}${target}`);
      expect($('meta[name="robots"]').attr('content')).toBe('noindex');
      const link = $('main a');
      expect(link.attr('href')).toBe(target);
      expect(link.text()).toBe(targetOf(redirect.to)?.title);
      expect($('h1').text()).toBe('This page has moved');
      expect($('title').text()).toBe(targetOf(redirect.to)?.title);
    },
  );

  it('have pages that pass html-validate and hold under the pages’ own Content-Security-Policy: no script, no style', async () => {
    const validator = new HtmlValidate(JSON.parse(await readFile(path.join(projectRoot, '.htmlvalidate.json'), 'utf8')) as object);
    // The pages' own, less the stylesheet a redirect's page has not.
    const policy = cheerio
      .load(await readFile(path.join(siteDir, 'index.html'), 'utf8'))('meta[http-equiv="Content-Security-Policy"]')
      .attr('content')
      ?.replace(/style-src [^;]*/, "style-src 'self'");
    for (const redirect of redirects) {
      const file = routeFile(redirect.from);
      const html = await readFile(path.join(siteDir, file), 'utf8');
      const report = await validator.validateString(html, file);
      expect(
        report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`)),
        file,
      ).toEqual([]);
      const $ = cheerio.load(html);
      expect($('meta[http-equiv="Content-Security-Policy"]').attr('content'), file).toBe(policy);
      expect($('head > meta').first().attr('http-equiv'), file).toBe('Content-Security-Policy');
      expect($('script, style, [style]'), file).toHaveLength(0);
    }
  });

  it('are left out of the sitemap, and known to the 404 page, each with the page it leads to', async () => {
    const sitemap = await readFile(path.join(siteDir, 'sitemap.xml'), 'utf8');
    for (const redirect of redirects) expect(sitemap, redirect.from).not.toContain(`${origin}${canonicalPath(redirect.from)}<`);
    const $ = cheerio.load(await readFile(path.join(siteDir, '404.html'), 'utf8'));
    expect($('[data-module="not-found-page"]').attr('data-redirects')?.split(' ')).toEqual(
      redirects.map((redirect) => `${canonicalPath(redirect.from)}=${canonicalPath(redirect.to)}`),
    );
  });

  it('are in every host configuration, with their status, and in deploy/site.json for deploy:s3', async () => {
    const read = (file: string) => readFile(path.join(siteDir, file), 'utf8');
    const hosted = await readHostedSite(siteDir);
    expect(hosted).toEqual({
      base: '/',
      redirects: redirects.map((redirect) => ({ from: redirect.from, to: canonicalPath(redirect.to), status: redirect.status ?? 301 })),
    });
    const serve = JSON.parse(await read('serve.json')) as ServeConfig;
    const nginx = await read('deploy/nginx.conf');
    const netlify = (await read('_redirects')).split('\n').map((line) => line.trim().split(/\s+/).join(' '));
    const cloudfront = vm.runInNewContext(`${await read('deploy/cloudfront-function.js')}\nhandler`) as (event: object) => {
      statusCode?: number;
      headers?: { location: { value: string } };
    };
    for (const rule of hosted.redirects) {
      expect(serve.redirects, rule.from).toContainEqual({ source: rule.from, destination: rule.to, type: rule.status });
      expect(nginx, rule.from).toContain(`location ~* ^${rule.from}/?$ {\n        return ${rule.status} ${rule.to}$is_args$args;\n    }`);
      expect(netlify, rule.from).toEqual(
        expect.arrayContaining([`${rule.from} ${rule.to} ${rule.status}`, `${rule.from}/ ${rule.to} ${rule.status}`]),
      );
      const answer = cloudfront({ request: { uri: `${rule.from.toUpperCase()}/`, querystring: { utm: { value: 'x' } } } });
      expect(answer, rule.from).toMatchObject({ statusCode: rule.status, headers: { location: { value: `${rule.to}?utm=x` } } });
    }
  });
});

describe('npm run build with a redirect table it refuses', () => {
  let project: ProjectCopy;
  let before: Record<string, string>;
  const dist = () => path.join(project.root, 'dist');

  /** `npm run build` (the launcher) in the copy, with `pages/routes.ts` ending in the given redirects. */
  async function buildWith(table: string): Promise<{ status: number | null; stderr: string }> {
    const file = path.join(project.root, 'pages', 'routes.ts');
    const original = await readFile(file, 'utf8');
    const edited = original.replace(
      /export const redirects: readonly Redirect\[\] = \[[\s\S]*?\n\];/,
      `export const redirects: readonly Redirect[] = ${table};`,
    );
    expect(edited).not.toBe(original);
    await writeFile(file, edited);
    try {
      const result = spawnSync(...buildCommand(['--quiet']), { cwd: project.root, encoding: 'utf8' });
      return { status: result.status, stderr: result.stderr };
    } finally {
      await writeFile(file, original);
    }
  }

  beforeAll(async () => {
    project = await copyProject('site-redirects-');
    const first = spawnSync(...buildCommand(['--quiet']), { cwd: project.root, encoding: 'utf8' });
    expect(first.status, first.stderr).toBe(0);
    before = await fingerprint(dist());
  });

  afterAll(async () => {
    await project?.remove();
  });

  it.each([
    [
      'a source that is a route',
      "[{ from: '/about-us', to: '/' }]",
      'redirect "/about-us" → "/" has a source that is the route "/about-us"',
    ],
    ['an unknown target', "[{ from: '/about', to: '/abuot-us' }]", 'redirect "/about" → "/abuot-us" leads to no route'],
    ['a loop', "[{ from: '/a', to: '/b' }, { from: '/b', to: '/a' }]", 'redirect "/a" → "/b" is part of a loop: "/a" → "/b" → "/a"'],
    [
      'a chain',
      "[{ from: '/old', to: '/about' }, { from: '/about', to: '/about-us' }]",
      'redirect "/old" → "/about" leads to another redirect',
    ],
  ])('fails with %s, naming the entry, exit status 1 and dist/ as it was', async (_case, table, message) => {
    const result = await buildWith(table);
    expect(result.status).toBe(1);
    // The entry's own line in the route table, then what is wrong with it.
    expect(result.stderr).toMatch(new RegExp(`pages/routes\\.ts:\\d+: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(result.stderr).toContain('dist/ was left unchanged.');
    expect(await fingerprint(dist())).toEqual(before);
  });

  it('builds a 302 as well, and nothing of a redirect the table no longer has stays behind', async () => {
    const result = await buildWith("[{ from: '/later', to: '/about-us', status: 302 }]");
    expect(result.status, result.stderr).toBe(0);
    const files = await filesUnder(dist());
    expect(files).toContain('later/index.html');
    expect(files).not.toContain('about/index.html');
    expect((await readHostedSite(dist())).redirects).toEqual([{ from: '/later', to: '/about-us/', status: 302 }]);
  });
});

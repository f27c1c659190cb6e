/**
 * The site built with `--base /site/` and served under /site/: by nginx with the generated
 * deploy/nginx.conf (the site's folder at site/ of its root), by `serve` with serve.json as
 * `npm run preview` lays it out, and by a bare file server. Every route renders with no failed
 * request, no CSP violation and no console error; the menu and the scroll reveal work; an
 * unknown path under the folder gets the 404 page, its status and one console message naming the
 * path asked for; the redirects and mis-cased paths land on their pages under the folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { routeUrl } from '../../generator/urls';
import { redirects, routes } from '../../pages/routes';
import { projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';
import { type BrowserFixtures, consoleErrors, cspViolations, test, untilScripted } from '../support/browser';
import { serverFor, startBareServer, startNginx, startServeAt, type TestServer } from '../support/hosts';

const base = '/site/';
const origin = new URL(site.url).origin;
let workDir: string;
let siteDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'base-browser-'));
  siteDir = path.join(workDir, 'dist');
  await runBuild({ root: projectRoot, outDir: siteDir, log: () => {}, siteUrl: site.url, base });
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface Host {
  name: string;
  start: () => Promise<TestServer>;
  browser?: BrowserContextOptions;
}

const hosts: Host[] = [
  { name: 'nginx with deploy/nginx.conf', start: () => startNginx(siteDir, base), browser: { ignoreHTTPSErrors: true } },
  { name: 'serve with serve.json', start: () => startServeAt(siteDir, base) },
  { name: 'a bare static server (python3 http.server + 404.html)', start: () => startBareServer(siteDir, base) },
];

describe.each(hosts)('served under /site/ by $name', (host) => {
  const running = serverFor(host.start);
  const open = (openPage: BrowserFixtures['openPage'], width = 1280) => openPage(width, host.browser);

  test('renders every route of the table under /site/, with no failed request, CSP violation or console error', async ({ openPage }) => {
    const server = running();
    const record = await open(openPage);
    for (const route of routes) {
      const url = routeUrl(base, route.path);
      record.forget();
      const response = await record.page.goto(server.url + url, { waitUntil: 'networkidle' });
      expect(response?.status(), url).toBe(200);
      await expect(record.page.title(), url).resolves.toBe(route.title);
      await expect(record.page.locator('link[rel="canonical"]').getAttribute('href'), url).resolves.toBe(origin + url);
      await untilScripted(record.page);
      await expect(
        record.page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].some((face) => face.family === 'Inter' && face.status === 'loaded');
        }),
        url,
      ).resolves.toBe(true);
      await record.page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      await record.page.waitForLoadState('networkidle');
      const problems = await record.problems();
      expect(problems.cspViolations, url).toEqual([]);
      expect(problems.consoleErrors, url).toEqual([]);
      expect(problems.failedRequests, url).toEqual([]);
    }
  });

  test('opens and closes the menu at 375 px', async ({ openPage }) => {
    const server = running();
    const record = await open(openPage, 375);
    await record.page.goto(`${server.url}${base}`);
    await untilScripted(record.page);
    const toggle = record.page.getByRole('button', { name: 'Menu' });
    const link = record.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About us' });
    await expect(link.isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(link.isVisible()).resolves.toBe(true);
    await expect(link.getAttribute('href')).resolves.toBe(`${base}about-us/`);
    await record.page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(cspViolations(record)).resolves.toEqual([]);
  });

  test('reveals a section below the fold once it scrolls into view', async ({ openPage }) => {
    const server = running();
    const record = await open(openPage);
    await record.page.goto(`${server.url}${base}`);
    await untilScripted(record.page);
    const opacity = () =>
      record.page.evaluate(() => getComputedStyle(document.querySelector('#benefits [data-module="reveal"]') as Element).opacity);
    await expect.poll(opacity).toBe('0');
    await record.page.evaluate(() => document.querySelector('#benefits [data-module="reveal"]')?.scrollIntoView({ behavior: 'instant' }));
    await expect.poll(opacity, { timeout: 5000 }).toBe('1');
  });

  test('answers an unknown path under /site/ with the 404 page, status 404, and one console message naming it', async ({ openPage }) => {
    const server = running();
    const record = await open(openPage);
    const response = await record.page.goto(`${server.url}${base}no-such-page/here`);
    expect(response?.status()).toBe(404);
    await expect(record.page.locator('h1').textContent()).resolves.toBe('404');
    await expect(record.page.getByText('Oops! Page not found').isVisible()).resolves.toBe(true);
    await expect(record.page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe(base);
    await expect.poll(() => consoleErrors(record)).toHaveLength(1);
    const problems = await record.problems();
    expect(problems.consoleErrors[0]).toBe(`404 Error: User attempted to access non-existent route: "${base}no-such-page/here"`);
    expect(problems.cspViolations).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });

  test.for([
    [`${base}About-Us`, `${base}about-us/`],
    [`${base}CREDIT-DECISION/?x=1`, `${base}credit-decision/?x=1`],
    ...redirects.flatMap((redirect) => [
      [`${base}${redirect.from.slice(1)}`, routeUrl(base, redirect.to)],
      [routeUrl(base, redirect.from), routeUrl(base, redirect.to)],
    ]),
    ...redirects.map((redirect) => [`${base}${redirect.from.slice(1).toUpperCase()}`, routeUrl(base, redirect.to)]),
  ] as [string, string][])('brings %s to %s, under /site/', async ([requested, landing], { openPage }) => {
    const server = running();
    const record = await open(openPage);
    await record.page.goto(server.url + requested);
    await record.page.waitForURL(server.url + landing);
    await expect(record.page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(origin + landing.split('?')[0]);
    await expect(consoleErrors(record)).resolves.toEqual([]);
  });
});

describe('nginx under /site/, outside the folder', () => {
  const running = serverFor(() => startNginx(siteDir, base));

  test('serves nothing outside /site/ (the 404 page and its status), and sends /site to /site/', async () => {
    const server = running();
    for (const outside of ['/', '/about-us/', '/assets/', '/404.html', '/sitemap.xml']) {
      const response = await server.fetch(server.url + outside, { redirect: 'manual' });
      expect(response.status, outside).toBe(404);
      await expect(response.text(), outside).resolves.toContain('Oops! Page not found');
    }
    const bare = await server.fetch(`${server.url}/site?x=1`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/site/?x=1');
    for (const config of ['/site/deploy/nginx.conf', '/site/serve.json', '/site/_headers', '/site/_redirects']) {
      expect((await server.fetch(server.url + config, { redirect: 'manual' })).status, config).toBe(404);
    }
  });
});

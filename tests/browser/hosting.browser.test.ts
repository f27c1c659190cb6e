/**
 * The hosting matrix: the same built site, unchanged, served by `serve` with the generated
 * serve.json, by nginx with the generated deploy/nginx.conf, and by a bare static server that
 * only knows index.html and an error document (Python's http.server; like S3 website hosting, it
 * sends no headers of ours). Each must render every route, answer unknown paths with the 404
 * page, and bring mis-cased paths to the canonical page.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, securityHeaders } from '../../build/hosting/policy';
import { canonicalPath } from '../../build/urls';
import { routes } from '../../pages/routes';
import { site } from '../../site.config';
import { openPage, type PageRecord } from '../support/browser';
import { launchChromium } from '../support/chromium';
import { startBareServer, startNginx } from '../support/hosts';
import type { RunningServer } from '../support/server';

const siteDir = inject('siteDir');
const origin = new URL(site.url).origin;

interface Host {
  name: string;
  start: () => Promise<RunningServer>;
  /** The headers of build/hosting/policy.ts, if this host sends them; HSTS only where HTTPS is expected. */
  headers?: { https: boolean };
}

const hosts: Host[] = [
  { name: 'serve with serve.json', start: async () => ({ url: inject('siteUrl'), stop: async () => {} }), headers: { https: false } },
  { name: 'nginx with deploy/nginx.conf', start: () => startNginx(siteDir), headers: { https: true } },
  { name: 'a bare static server (python3 http.server + 404.html)', start: () => startBareServer(siteDir) },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    __cspViolations?: string[];
    __injectedScriptRan?: boolean;
  }
}

/** A page that also records Content-Security-Policy violations, from before any page script runs. */
async function openRecordingPage(): Promise<PageRecord> {
  const record = await openPage(browser, 1280);
  await record.page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return record;
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);
/** Console errors the page wrote itself; Chromium adds "Failed to load resource" for the 404 document. */
const ownErrors = (record: PageRecord) => record.consoleErrors.filter((text) => !text.startsWith('Failed to load resource'));

describe.each(hosts)('served by $name', (host) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await host.start();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('renders every route with and without the trailing slash, with no CSP violation, error or failed request', async () => {
    const record = await openRecordingPage();
    for (const route of routes) {
      for (const requested of new Set([route.path, canonicalPath(route.path)])) {
        record.consoleErrors.length = 0;
        record.failedRequests.length = 0;
        // Network idle, not just load: a late request (the favicon) cut short by the next
        // navigation would otherwise be reported against the next page.
        const response = await record.page.goto(server.url + requested, { waitUntil: 'networkidle' });
        expect(response?.status(), requested).toBe(200);
        await expect(record.page.title(), requested).resolves.toBe(route.title);
        await expect(record.page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(origin + canonicalPath(route.path));
        await expect(record.page.locator('h1').count(), requested).resolves.toBe(1);
        // Every stylesheet applied (absolute asset paths work from either URL form).
        await expect(record.page.evaluate(() => document.styleSheets.length), requested).resolves.toBeGreaterThan(0);
        await expect(violations(record.page), requested).resolves.toEqual([]);
        expect(record.consoleErrors, requested).toEqual([]);
        expect(record.failedRequests, requested).toEqual([]);
      }
    }
    await record.close();
  });

  it('answers an unknown path with the 404 page and status 404, and logs the path', async () => {
    const record = await openRecordingPage();
    const response = await record.page.goto(`${server.url}/no-such-page/here`);
    expect(response?.status()).toBe(404);
    await expect(record.page.locator('h1').textContent()).resolves.toBe('404');
    await expect(record.page.getByText('Oops! Page not found').isVisible()).resolves.toBe(true);
    await expect(record.page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');
    await expect.poll(() => ownErrors(record)).toHaveLength(1);
    expect(ownErrors(record)[0]).toMatch(/non-existent route: \/no-such-page\/here$/);
    expect(record.page.url()).toBe(`${server.url}/no-such-page/here`);
    await expect(violations(record.page)).resolves.toEqual([]);
    expect(record.failedRequests).toEqual([]);
    await record.close();
  });

  it.each([
    ['/About-Us', '/about-us/'],
    ['/ABOUT-US/', '/about-us/'],
    ['/CREDIT-DECISION/', '/credit-decision/'],
    ['/Credit-Decision', '/credit-decision/'],
  ])('brings %s to the canonical page %s', async (requested, canonical) => {
    const record = await openRecordingPage();
    await record.page.goto(server.url + requested);
    await record.page.waitForURL(server.url + canonical);
    await expect(record.page.title()).resolves.toBe(routes.find((route) => canonicalPath(route.path) === canonical)?.title);
    expect(ownErrors(record)).toEqual([]);
    await record.close();
  });

  it.each(['/ABOUT-US/?x=1#y', '/About-Us?x=1#y', '/about-us/?x=1#y'])('keeps query and hash: %s ends on /about-us/?x=1#y', async (requested) => {
    const record = await openRecordingPage();
    await record.page.goto(server.url + requested);
    await record.page.waitForURL(`${server.url}/about-us/?x=1#y`);
    await expect(record.page.title()).resolves.toBe(routes.find((route) => route.path === '/about-us')?.title);
    expect(ownErrors(record)).toEqual([]);
    await record.close();
  });

  it('logs a crafted path, but runs nothing and creates no element from it', async () => {
    const record = await openRecordingPage();
    const dialogs: string[] = [];
    record.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await record.page.goto(`${server.url}/<img src=x onerror=alert(1)>`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => ownErrors(record)).toHaveLength(1);
    expect(ownErrors(record)[0]).toContain('<img src=x onerror=alert(1)>');
    await expect(record.page.locator('h1').textContent()).resolves.toBe('404');
    await expect(record.page.locator('img[src="x"], [onerror]').count()).resolves.toBe(0);
    await expect(record.page.evaluate(() => document.documentElement.outerHTML.includes('onerror'))).resolves.toBe(false);
    expect(dialogs).toEqual([]);
    await expect(violations(record.page)).resolves.toEqual([]);
    await record.close();
  });

  it('enforces the CSP: an injected inline script and style are refused', async () => {
    const record = await openRecordingPage();
    await record.page.goto(`${server.url}/`);
    await record.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injectedScriptRan = true';
      document.head.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { outline: 7px solid red; }';
      document.head.append(style);
    });
    await expect.poll(() => violations(record.page)).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/), expect.stringMatching(/^style-src/)]));
    await expect(record.page.evaluate(() => window.__injectedScriptRan)).resolves.toBeUndefined();
    await expect(record.page.evaluate(() => getComputedStyle(document.body).outlineWidth)).resolves.not.toBe('7px');
    await record.close();
  });

  if (host.headers) {
    const expected = securityHeaders(host.headers);

    it('sends the security headers and the cache policy on pages, assets, the 404 and the SEO files', async () => {
      const html = await (await fetch(`${server.url}/`)).text();
      const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
      expect(assets.length).toBeGreaterThanOrEqual(4);
      const cases: [path: string, status: number, cache: string][] = [
        ['/', 200, CACHE_REVALIDATE],
        ['/about-us/', 200, CACHE_REVALIDATE],
        ['/about-us', 200, CACHE_REVALIDATE],
        ['/404.html', 200, CACHE_REVALIDATE],
        ['/no-such-page', 404, CACHE_REVALIDATE],
        ['/sitemap.xml', 200, CACHE_REVALIDATE],
        ['/robots.txt', 200, CACHE_REVALIDATE],
        ...assets.map((asset): [string, number, string] => [asset, 200, CACHE_IMMUTABLE]),
      ];
      for (const [requested, status, cache] of cases) {
        const response = await fetch(server.url + requested, { redirect: 'manual' });
        expect(response.status, requested).toBe(status);
        expect(response.headers.get('cache-control'), requested).toBe(cache);
        for (const [name, value] of expected) expect(response.headers.get(name), `${name} on ${requested}`).toBe(value);
        if (!host.headers?.https) expect(response.headers.get('strict-transport-security'), requested).toBeNull();
        await response.arrayBuffer();
      }
    });

    it('sends the right content types', async () => {
      const html = await (await fetch(`${server.url}/`)).text();
      const manifest = /rel="manifest" href="([^"]+)"/.exec(html)?.[1] ?? '';
      const types: [string, RegExp][] = [
        ['/', /^text\/html/],
        [manifest, /^application\/manifest\+json/],
        ['/sitemap.xml', /xml/],
        ['/robots.txt', /^text\/plain/],
      ];
      for (const [requested, type] of types) {
        const response = await fetch(server.url + requested);
        expect(response.headers.get('content-type'), requested).toMatch(type);
        await response.arrayBuffer();
      }
    });
  }
});

describe('nginx with deploy/nginx.conf, beyond the matrix', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startNginx(siteDir);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('compresses text with gzip', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    await response.arrayBuffer();
  });

  it('refuses the host configuration that ships in dist/, and lists no folder', async () => {
    for (const requested of ['/deploy/nginx.conf', '/deploy/cloudfront-function.js', '/serve.json', '/_headers', '/assets/', '/assets']) {
      const response = await fetch(server.url + requested, { redirect: 'manual' });
      expect(response.status, requested).toBe(404);
      await expect(response.text()).resolves.toContain('Oops! Page not found');
    }
  });
});

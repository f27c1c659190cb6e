/**
 * The hosting matrix: the same built site, unchanged, served by `serve` with the generated
 * serve.json, by nginx over HTTPS with the generated deploy/nginx.conf (and a certificate made
 * for the run), and by a bare static server that only knows index.html and an error document
 * (Python's http.server; like S3 website hosting, it sends no headers of ours). Each must render
 * every route, answer unknown paths with the 404 page, and bring mis-cased paths to the canonical
 * page.
 */
import { connect as tlsConnect } from 'node:tls';
import type { BrowserContextOptions } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, securityHeaders } from '../../generator/hosting/policy';
import { canonicalPath } from '../../generator/urls';
import { routes } from '../../pages/routes';
import { site } from '../../site.config';
import { type BrowserFixtures, consoleErrors, cspViolations, test, untilScripted } from '../support/browser';
import { checkNginxConfig, type NginxServer, startBareServer, startNginx, type TestServer } from '../support/hosts';
import { plainRequest } from '../support/network';
import { inlineCodeOf } from '../support/site';

const siteDir = inject('siteDir');
const origin = new URL(site.url).origin;

interface Host {
  name: string;
  start: () => Promise<TestServer>;
  /** The headers of generator/hosting/policy.ts, if this host sends them; HSTS only where HTTPS is expected. */
  headers?: { https: boolean };
  /** For Chromium: nginx's certificate is made for the run, so no browser trusts it. */
  browser?: BrowserContextOptions;
}

const hosts: Host[] = [
  {
    name: 'serve with serve.json',
    start: async () => ({ url: inject('siteUrl'), fetch, stop: async () => {} }),
    headers: { https: false },
  },
  {
    name: 'nginx over HTTPS with deploy/nginx.conf',
    start: () => startNginx(siteDir),
    headers: { https: true },
    browser: { ignoreHTTPSErrors: true },
  },
  { name: 'a bare static server (python3 http.server + 404.html)', start: () => startBareServer(siteDir) },
];

declare global {
  interface Window {
    __injectedScriptRan?: boolean;
  }
}

describe.each(hosts)('served by $name', (host) => {
  let server: TestServer;
  /** A page as this host needs it (nginx's certificate trusted). */
  const openHostPage = (openPage: BrowserFixtures['openPage']) => openPage(1280, host.browser);

  beforeAll(async () => {
    server = await host.start();
  });

  afterAll(async () => {
    await server?.stop();
  });

  test('renders every route with and without the trailing slash, with no CSP violation, error or failed request', async ({ openPage }) => {
    const record = await openHostPage(openPage);
    for (const route of routes) {
      for (const requested of new Set([route.path, canonicalPath(route.path)])) {
        record.forget();
        // Network idle, not just load: a late request (the favicon) cut short by the next
        // navigation would otherwise be reported against the next page.
        const response = await record.page.goto(server.url + requested, { waitUntil: 'networkidle' });
        expect(response?.status(), requested).toBe(200);
        await expect(record.page.title(), requested).resolves.toBe(route.title);
        await expect(record.page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(origin + canonicalPath(route.path));
        await expect(record.page.locator('h1').count(), requested).resolves.toBe(1);
        // Every stylesheet applied (absolute asset paths work from either URL form).
        await expect(
          record.page.evaluate(() => document.styleSheets.length),
          requested,
        ).resolves.toBeGreaterThan(0);
        // The inline stylesheet applied (its hash allowed wherever a policy is sent), the page
        // script loaded the site's script (its hash and the script's integrity allowed), and the
        // font it names loaded, so the text is in it (font-display: swap): its main face, and not
        // the extra one no page needs.
        await untilScripted(record.page);
        await expect(
          record.page.evaluate(async () => {
            await document.fonts.ready;
            return [...document.fonts].filter((face) => face.family === 'Inter').map((face) => `${face.status} ${face.unicodeRange}`);
          }),
          requested,
        ).resolves.toEqual(['loaded U+0-10FFFF', expect.stringMatching(/^unloaded U\+/)]);
        const problems = await record.problems();
        expect(problems.cspViolations, requested).toEqual([]);
        expect(problems.consoleErrors, requested).toEqual([]);
        expect(problems.failedRequests, requested).toEqual([]);
      }
    }
  });

  test('answers an unknown path with the 404 page and status 404, and logs the path', async ({ openPage }) => {
    const record = await openHostPage(openPage);
    const response = await record.page.goto(`${server.url}/no-such-page/here`);
    expect(response?.status()).toBe(404);
    await expect(record.page.locator('h1').textContent()).resolves.toBe('404');
    await expect(record.page.getByText('Oops! Page not found').isVisible()).resolves.toBe(true);
    await expect(record.page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');
    await expect.poll(() => consoleErrors(record)).toHaveLength(1);
    const problems = await record.problems();
    expect(problems.consoleErrors[0]).toMatch(/non-existent route: "\/no-such-page\/here"$/);
    expect(record.page.url()).toBe(`${server.url}/no-such-page/here`);
    expect(problems.cspViolations).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });

  test.for([
    ['/About-Us', '/about-us/'],
    ['/ABOUT-US/', '/about-us/'],
    ['/CREDIT-DECISION/', '/credit-decision/'],
    ['/Credit-Decision', '/credit-decision/'],
  ] as const)('brings %s to the canonical page %s', async ([requested, canonical], { openPage }) => {
    const record = await openHostPage(openPage);
    await record.page.goto(server.url + requested);
    await record.page.waitForURL(server.url + canonical);
    await expect(record.page.title()).resolves.toBe(routes.find((route) => canonicalPath(route.path) === canonical)?.title);
    await expect(consoleErrors(record)).resolves.toEqual([]);
  });

  test.for(['/ABOUT-US/?x=1#y', '/About-Us?x=1#y', '/about-us/?x=1#y'])(
    'keeps query and hash: %s ends on /about-us/?x=1#y',
    async (requested, { openPage }) => {
      const record = await openHostPage(openPage);
      await record.page.goto(server.url + requested);
      await record.page.waitForURL(`${server.url}/about-us/?x=1#y`);
      await expect(record.page.title()).resolves.toBe(routes.find((route) => route.path === '/about-us')?.title);
      await expect(consoleErrors(record)).resolves.toEqual([]);
    },
  );

  test('logs a crafted path, but runs nothing and creates no element from it', async ({ openPage }) => {
    const record = await openHostPage(openPage);
    const dialogs: string[] = [];
    record.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await record.page.goto(`${server.url}/<img src=x onerror=alert(1)>`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => consoleErrors(record)).toHaveLength(1);
    expect((await record.problems()).consoleErrors[0]).toContain('<img src=x onerror=alert(1)>');
    await expect(record.page.locator('h1').textContent()).resolves.toBe('404');
    await expect(record.page.locator('img[src="x"], [onerror]').count()).resolves.toBe(0);
    await expect(record.page.evaluate(() => document.documentElement.outerHTML.includes('onerror'))).resolves.toBe(false);
    expect(dialogs).toEqual([]);
    await expect(cspViolations(record)).resolves.toEqual([]);
  });

  test.for([
    ['/x%0A404%20Error:%20forged', '"/x\\n404 Error: forged"'],
    ['/x%0D%0A404%20Error:%20forged', '"/x\\r\\n404 Error: forged"'],
    ['/x%E2%80%A8404%20Error:%20forged', '"/x\\u2028404 Error: forged"'],
    ['/x%C2%85404%20Error:%20forged', '"/x\\u0085404 Error: forged"'],
    ['/x%E2%80%AEdegrof', '"/x\\u202edegrof"'],
  ] as const)('logs %s as one line, quoted, that no crafted path can split or disguise', async ([requested, logged], { openPage }) => {
    const record = await openHostPage(openPage);
    const messages: string[] = [];
    record.page.on('console', (message) => messages.push(message.text()));
    const response = await record.page.goto(server.url + requested);
    expect(response?.status()).toBe(404);
    await expect.poll(() => consoleErrors(record)).toHaveLength(1);
    const own = messages.filter((text) => !text.startsWith('Failed to load resource'));
    expect(own).toEqual([`404 Error: User attempted to access non-existent route: ${logged}`]);
    expect(own[0]).not.toMatch(/[\n\r\u0085\u2028\u2029\u202e]/);
    await expect(cspViolations(record)).resolves.toEqual([]);
  });

  test('lets the browser load the web manifest under the CSP (default-src), and nothing else it does not list', async ({ openPage }) => {
    const record = await openHostPage(openPage);
    await record.page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    // What Chromium does when it checks whether the site can be installed: fetch the manifest.
    const cdp = await record.page.context().newCDPSession(record.page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toMatch(/\/assets\/site\.[0-9a-f]{10}\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toHaveProperty('icons');
    const problems = await record.problems();
    expect(problems.cspViolations).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    // Reading the site's own files through the page is allowed (Lighthouse's robots.txt check
    // does); a connection to any other origin is refused.
    const robots = await record.page.evaluate(() => fetch('/robots.txt').then((response) => response.status));
    expect(robots).toBe(200);
    await expect(cspViolations(record)).resolves.toEqual([]);
    await record.page.evaluate(() => fetch('https://example.com/collect').catch(() => undefined));
    await expect.poll(() => cspViolations(record)).not.toEqual([]);
    // Once per policy that forbids it: the header's and the meta tag's.
    for (const violation of await cspViolations(record)) expect(violation).toMatch(/^connect-src https:\/\/example\.com\/collect$/);
  });

  test('enforces the CSP: an injected inline script and style are refused', async ({ openPage }) => {
    const record = await openHostPage(openPage);
    await record.page.goto(`${server.url}/`);
    await record.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injectedScriptRan = true';
      document.head.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { outline: 7px solid red; }';
      document.head.append(style);
    });
    await expect
      .poll(() => cspViolations(record))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/), expect.stringMatching(/^style-src/)]));
    await expect(record.page.evaluate(() => window.__injectedScriptRan)).resolves.toBeUndefined();
    await expect(record.page.evaluate(() => getComputedStyle(document.body).outlineWidth)).resolves.not.toBe('7px');
  });

  if (host.headers) {
    const { https } = host.headers;

    test('sends the security headers and the cache policy on pages, assets, the 404 and the SEO files', async () => {
      const html = await (await server.fetch(`${server.url}/`)).text();
      // The CSP allows the inline code the built page carries, and nothing else inline.
      const expected = securityHeaders({ https, inline: inlineCodeOf(html) });
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
        const response = await server.fetch(server.url + requested, { redirect: 'manual' });
        expect(response.status, requested).toBe(status);
        expect(response.headers.get('cache-control'), requested).toBe(cache);
        for (const [name, value] of expected) expect(response.headers.get(name), `${name} on ${requested}`).toBe(value);
        if (!https) expect(response.headers.get('strict-transport-security'), requested).toBeNull();
        await response.arrayBuffer();
      }
    });

    test('sends the right content types', async () => {
      const html = await (await server.fetch(`${server.url}/`)).text();
      const manifest = /rel="manifest" href="([^"]+)"/.exec(html)?.[1] ?? '';
      const font = /rel="preload" href="([^"]+)" as="font"/.exec(html)?.[1] ?? '';
      const types: [string, RegExp][] = [
        ['/', /^text\/html/],
        [manifest, /^application\/manifest\+json/],
        [font, /^font\/woff2/],
        ['/sitemap.xml', /xml/],
        ['/robots.txt', /^text\/plain/],
      ];
      for (const [requested, type] of types) {
        const response = await server.fetch(server.url + requested);
        expect(response.headers.get('content-type'), requested).toMatch(type);
        await response.arrayBuffer();
      }
    });
  }
});

describe('nginx with deploy/nginx.conf, beyond the matrix', () => {
  let server: NginxServer;

  beforeAll(async () => {
    server = await startNginx(siteDir);
  });

  afterAll(async () => {
    await server?.stop();
  });

  test('passes nginx -t as generated, with only its marked settings edited, and without a warning', async () => {
    const { status, output } = await checkNginxConfig(siteDir);
    expect(status, output).toBe(0);
    expect(output).toContain('test is successful');
    // nginx 1.25.1+ would warn that "listen ... http2" is deprecated: the form older ones need.
    const warnings = output.split('\n').filter((line) => /\[(warn|emerg|alert|crit)\]/.test(line) && !/"listen \.\.\. http2"/.test(line));
    expect(warnings).toEqual([]);
  });

  test('redirects every plain-HTTP request to the same URL over HTTPS, and serves nothing over it', async () => {
    const host = new URL(site.url).hostname;
    for (const method of ['GET', 'HEAD', 'POST']) {
      for (const requested of ['/', '/about-us/', '/about-us?x=1&y=%20z', '/no-such-page', '/assets/', '/deploy/nginx.conf', '/404.html']) {
        const answer = await plainRequest(server.plainUrl, requested, { method, host });
        expect(answer.status, `${method} ${requested}`).toBe(301);
        expect(answer.headers.location, `${method} ${requested}`).toBe(`https://${host}${requested}`);
        expect(answer.body).not.toMatch(/Kestrel|Oops/);
      }
    }
    // Whatever name the request came for, it stays on it.
    const byAddress = await plainRequest(server.plainUrl, '/about-us/');
    expect(byAddress.headers.location).toBe('https://127.0.0.1/about-us/');
  });

  test('speaks HTTP/2 over TLS 1.2 or 1.3 with the certificate it was given', async () => {
    const { protocol, alpn, certificate } = await new Promise<{
      protocol: string | null;
      alpn: string | false | null;
      certificate: string;
    }>((resolve, reject) => {
      const socket = tlsConnect(
        { host: '127.0.0.1', port: Number(new URL(server.url).port), ca: server.certificate.pem, ALPNProtocols: ['h2', 'http/1.1'] },
        () => {
          resolve({
            protocol: socket.getProtocol(),
            alpn: socket.alpnProtocol,
            certificate: socket.getPeerX509Certificate()?.toString() ?? '',
          });
          socket.end();
        },
      );
      socket.on('error', reject);
    });
    expect(protocol).toMatch(/^TLSv1\.[23]$/);
    expect(alpn).toBe('h2');
    expect(certificate.trim()).toBe(server.certificate.pem.trim());
  });

  test('compresses text with gzip', async () => {
    const response = await server.fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    await response.arrayBuffer();
  });

  test('refuses the host configuration that ships in dist/, and lists no folder', async () => {
    for (const requested of ['/deploy/nginx.conf', '/deploy/cloudfront-function.js', '/serve.json', '/_headers', '/assets/', '/assets']) {
      const response = await server.fetch(server.url + requested, { redirect: 'manual' });
      expect(response.status, requested).toBe(404);
      await expect(response.text()).resolves.toContain('Oops! Page not found');
    }
  });
});

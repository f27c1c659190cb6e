/**
 * The redirects of the table on each host the site is tested on: `serve` with serve.json and
 * nginx with deploy/nginx.conf answer a source, with or without its slash, with its status and
 * the target in Location; a bare file server (Python's http.server, no configuration at all)
 * serves the page at the source, which sends the browser on. (S3 website hosting is tried in
 * tests/build/deploy-s3rver.build.test.ts.)
 */
import { describe, expect, inject } from 'vitest';
import { canonicalPath } from '../../generator/urls';
import { redirects, routes } from '../../pages/routes';
import { consoleErrors, test } from '../support/browser';
import { serverFor, startBareServer, startNginx, type TestServer } from '../support/hosts';

const siteDir = inject('siteDir');
const titleOf = (to: string) => routes.find((route) => canonicalPath(route.path) === canonicalPath(to))?.title;

interface Host {
  name: string;
  start: () => Promise<TestServer>;
  /** Whether the host passes the query string on to the target. */
  keepsQuery: boolean;
}

const hosts: Host[] = [
  {
    name: 'serve with serve.json',
    start: async () => ({ url: inject('siteUrl'), fetch, stop: async () => {} }),
    keepsQuery: false,
  },
  { name: 'nginx with deploy/nginx.conf', start: () => startNginx(siteDir), keepsQuery: true },
];

describe.each(hosts)('$name', (host) => {
  const running = serverFor(host.start);

  test('answers /about and /about/ (in any case) with a 301 to /about-us/, and every redirect of the table with its status', async () => {
    const server = running();
    expect(redirects.map((redirect) => redirect.from)).toContain('/about');
    for (const redirect of redirects) {
      const sources = [redirect.from, `${redirect.from}/`, redirect.from.toUpperCase()];
      for (const source of sources) {
        const response = await server.fetch(server.url + source, { redirect: 'manual' });
        expect(response.status, source).toBe(redirect.status ?? 301);
        expect(response.headers.get('location'), source).toBe(canonicalPath(redirect.to));
        await response.arrayBuffer();
      }
    }
  });

  test(`${host.keepsQuery ? 'keeps' : 'drops'} the query string`, async () => {
    const server = running();
    const response = await server.fetch(`${server.url}/about/?utm_source=mail&x=1`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(host.keepsQuery ? '/about-us/?utm_source=mail&x=1' : '/about-us/');
    await response.arrayBuffer();
  });
});

describe('a bare file server (python3 http.server + 404.html), which knows no redirects', () => {
  const running = serverFor(() => startBareServer(siteDir));

  test.for(redirects.flatMap((redirect) => [redirect.from, `${redirect.from}/`]))(
    'serves the page at %s, which sends the browser to its target with no CSP violation or error',
    async (source, { openPage }) => {
      const server = running();
      const record = await openPage(1280);
      const redirect = redirects.find((candidate) => source.startsWith(candidate.from));
      const target = canonicalPath(redirect?.to ?? '/');
      // The page at the source answers (200), not the 404 page, whose script would also send the browser on.
      const response = await record.page.goto(server.url + source);
      expect(response?.status()).toBe(200);
      await record.page.waitForURL(server.url + target);
      await expect(record.page.title()).resolves.toBe(titleOf(target));
      const problems = await record.problems();
      expect(problems.cspViolations).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
    },
  );

  test('sends a source in another case to its target through the 404 page, keeping query and hash', async ({ openPage }) => {
    const server = running();
    const record = await openPage(1280);
    await record.page.goto(`${server.url}/About/?x=1#team`);
    await record.page.waitForURL(`${server.url}/about-us/?x=1#team`);
    await expect(record.page.title()).resolves.toBe(titleOf('/about-us'));
    await expect(consoleErrors(record)).resolves.toEqual([]);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import type { TestProject } from 'vitest/node';
import { chromiumEngine } from '../../scripts/lib/engines/chromium';
import { type Layout, measureLayout } from './layout';
import { acquire } from './shared';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where tests/engines/layout.engine.test.ts asks for Chromium's layout of a page: `?path=/about-us/&width=375`. */
    chromiumLayouts: string;
  }
}

/**
 * Global set-up of the engine projects, after setup-chromium.ts and setup-site.ts: each page of the site as the run's Chromium
 * lays it out at a width (tests/support/layout.ts), measured the first time a project asks for it and kept for the others,
 * so that the site is measured in Chromium once a run, not once for Chromium and again beside each engine held to it. A
 * server in vitest's own process answers the test files; a failed measurement is answered with its message, and measured
 * again when asked again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { chromiumEndpoint, siteUrl } = project.getProvidedContext();
  const { value, release } = await acquire(
    'chromium-layouts',
    async () => {
      const browser = await chromium.connect(chromiumEndpoint);
      const engine = chromiumEngine(browser);
      const measured = new Map<string, Promise<Layout>>();
      const layout = (routePath: string, width: number) => {
        const key = `${width} ${routePath}`;
        let found = measured.get(key);
        if (!found) {
          found = engine.open({ width }).then(async (page) => {
            try {
              return await measureLayout(page, siteUrl + routePath);
            } finally {
              await page.close();
            }
          });
          found.catch(() => measured.delete(key));
          measured.set(key, found);
        }
        return found;
      };
      const server = createServer((request, response) => {
        const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
        layout(query.get('path') ?? '/', Number(query.get('width'))).then(
          (found) => response.setHeader('Content-Type', 'application/json').end(JSON.stringify(found)),
          (error: unknown) => response.writeHead(500).end(String(error)),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { browser, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    },
    async ({ browser, server }) => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await browser.close();
    },
  );
  project.provide('chromiumLayouts', value.url);
  return release;
}

/**
 * What a build sends its render workers: a site of many pages, whose every page's navigation is drawn from the whole route
 * table, sends each page a request the size of that page, with the table shared, not copied: copied into a thousand requests,
 * it cost as much as another five hundred pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { RenderPool } from '../../generator/render/pool';
import type { RenderRequest, RenderSettings } from '../../generator/render/protocol';
import { fromShared } from '../../generator/render/shared';
import { projectRoot, writePagesModule } from '../../scripts/lib/project';

/** Copies of the site's routes: each a page whose navigation reads the whole table. */
const COPIES = 300;

let folder: string;
const requests: RenderRequest[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'render-requests-'));
  const site = JSON.stringify(path.join(projectRoot, 'pages', 'site.tsx'));
  const pages = await writePagesModule(
    folder,
    'many-pages.ts',
    `import site from ${site};
export default {
  ...site,
  routes: [
    ...site.routes,
    ...Array.from({ length: ${COPIES} }, (_, index) => {
      const { nav, footer, ...route } = site.routes[index % site.routes.length];
      const path = \`/zz-copy-\${index}\${route.path === '/' ? '' : route.path}\`;
      return { ...route, path, title: \`\${route.title.slice(0, 50)} (\${index})\` };
    }),
  ],
};
`,
  );
  const ask = RenderPool.prototype.ask;
  vi.spyOn(RenderPool.prototype, 'ask').mockImplementation(function (this: RenderPool, ...args: Parameters<RenderPool['ask']>) {
    if (args[0] === 'render') requests.push(args[1] as RenderRequest);
    return ask.apply(this, args);
  } as RenderPool['ask']);
  await runBuild({ root: projectRoot, outDir: path.join(folder, 'dist'), log: () => {}, pages });
}, 180_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await rm(folder, { recursive: true, force: true });
});

const isShared = (settings: unknown): settings is RenderRequest['settings'] =>
  (settings as { bytes?: unknown } | undefined)?.bytes instanceof SharedArrayBuffer;

/** The settings a request carries, shared or not. */
const settingsOf = (request: RenderRequest): RenderSettings =>
  isShared(request.settings) ? fromShared(request.settings) : (request.settings as unknown as RenderSettings);

/** What postMessage copies: shared memory is handed over, not copied. */
function copiedBytes(request: RenderRequest): number {
  return serialize(isShared(request.settings) ? { ...request, settings: { key: request.settings.key } } : request).length;
}

it('sends every page a request without a copy of the route table its navigation is drawn from', () => {
  expect(requests.length).toBeGreaterThan(COPIES);
  const routes = settingsOf(requests[0] as RenderRequest).routes;
  expect(routes.length).toBeGreaterThan(COPIES);
  const table = serialize(routes).length;
  for (const request of requests) {
    expect(settingsOf(request).routes).toEqual(routes);
    expect(copiedBytes(request), request.page.path).toBeLessThan(table);
  }
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../../build/pipeline';
import { site } from '../../site.config';
import { ensureChromium } from './chromium';
import { startServe } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the freshly built site, served by `serve` as `npm run preview` does. */
    siteUrl: string;
    /** Folder holding that build. */
    siteDir: string;
  }
}

/** Once per run: make sure Chromium exists, build the site into a temporary folder and serve it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  const tempRoot = await mkdtemp(path.join(tmpdir(), 'site-tests-'));
  const siteDir = path.join(tempRoot, 'dist');
  // The configured site URL, not SITE_URL from the environment: tests compare canonical URLs with it.
  await runBuild({ outDir: siteDir, log: () => {}, siteUrl: site.url });
  const server = await startServe(siteDir);
  project.provide('siteUrl', server.url);
  project.provide('siteDir', siteDir);
  return async () => {
    await server.stop();
    await rm(tempRoot, { recursive: true, force: true });
  };
}

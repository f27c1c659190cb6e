import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../../generator/pipeline';
import { projectRoot } from '../../scripts/lib/project';
import { startServe } from '../../scripts/lib/server';
import { site } from '../../site.config';
import { acquire } from './shared';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the freshly built site, served by `serve` as `npm run preview` does. */
    siteUrl: string;
    /** Folder holding that build. */
    siteDir: string;
  }
}

/** Global set-up of the build and browser projects: one build of the site per run, served by `serve`. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await acquire(
    'site',
    async () => {
      const tempRoot = await mkdtemp(path.join(tmpdir(), 'site-tests-'));
      const siteDir = path.join(tempRoot, 'dist');
      // The configured site URL, not SITE_URL from the environment: tests compare canonical URLs with it.
      await runBuild({ root: projectRoot, outDir: siteDir, log: () => {}, siteUrl: site.url });
      const server = await startServe(siteDir);
      return { tempRoot, siteDir, server };
    },
    async ({ tempRoot, server }) => {
      await server.stop();
      await rm(tempRoot, { recursive: true, force: true });
    },
  );
  project.provide('siteUrl', value.server.url);
  project.provide('siteDir', value.siteDir);
  return release;
}

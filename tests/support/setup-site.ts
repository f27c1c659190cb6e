import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { BuildOptions } from '../../generator/options';
import { runBuild } from '../../generator/pipeline';
import { projectRoot } from '../../scripts/lib/project';
import { type RunningServer, startServe } from '../../scripts/lib/server';
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

/**
 * The site built into a folder of its own with `options` (the configured site URL, not SITE_URL from the environment: tests
 * compare canonical URLs with it), served by `serve`: once a run under `key`, however many projects ask for it.
 */
export function servedBuild(key: string, options: Partial<BuildOptions> = {}) {
  return acquire(
    key,
    async () => {
      const tempRoot = await mkdtemp(path.join(tmpdir(), `site-tests-${key}-`));
      const siteDir = path.join(tempRoot, 'dist');
      try {
        await runBuild({ root: projectRoot, outDir: siteDir, log: () => {}, siteUrl: site.url, ...options });
        const server: RunningServer = await startServe(siteDir);
        return { tempRoot, siteDir, server };
      } catch (error) {
        await rm(tempRoot, { recursive: true, force: true });
        throw error;
      }
    },
    async ({ tempRoot, server }) => {
      await server.stop();
      await rm(tempRoot, { recursive: true, force: true });
    },
  );
}

/** Global set-up of the build and browser projects: one build of the site per run, served by `serve`. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await servedBuild('site');
  project.provide('siteUrl', value.server.url);
  project.provide('siteDir', value.siteDir);
  return release;
}

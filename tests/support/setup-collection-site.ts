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
    /** Origin of the site with the fixture collection (tests/fixtures/collection/), built as of COLLECTION_NOW and served by `serve`. */
    collectionSiteUrl: string;
  }
}

/** The build's "now": the fixture's draft, scheduled and expired reports are each what their name says. */
const COLLECTION_NOW = Date.parse('2026-06-01T00:00:00Z');

/**
 * Global set-up of the browser and engine projects: the site with the fixture collection of reports (25 of them, among them a
 * table wider than a phone and one written with every feature an editor uses), built once for the run however many projects
 * look at it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await acquire(
    'collection-site',
    async () => {
      const tempRoot = await mkdtemp(path.join(tmpdir(), 'site-collection-'));
      const outDir = path.join(tempRoot, 'dist');
      try {
        await runBuild({
          root: projectRoot,
          outDir,
          log: () => {},
          pages: 'tests/fixtures/collection/pages.tsx',
          now: COLLECTION_NOW,
          siteUrl: site.url,
        });
        return { tempRoot, server: await startServe(outDir) };
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
  project.provide('collectionSiteUrl', value.server.url);
  return release;
}

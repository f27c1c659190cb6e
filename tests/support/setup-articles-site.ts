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
    /** Origin of the site built with the articles' fixture (tests/fixtures/articles/), served by `serve`. */
    articlesSite: string;
  }
}

/** The build's "now" for the fixture: its scheduled note is still to come, its expired one gone. */
export const ARTICLES_NOW = Date.parse('2026-06-01T00:00:00Z');

/** Global set-up of the engine projects: the site with the articles' fixture, built once a run for all three engines. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await acquire(
    'articles-site',
    async () => {
      const tempRoot = await mkdtemp(path.join(tmpdir(), 'site-articles-'));
      const outDir = path.join(tempRoot, 'dist');
      await runBuild({
        root: projectRoot,
        outDir,
        log: () => {},
        siteUrl: site.url,
        pages: 'tests/fixtures/articles/pages.tsx',
        now: ARTICLES_NOW,
      });
      const server = await startServe(outDir);
      return { tempRoot, server };
    },
    async ({ tempRoot, server }) => {
      await server.stop();
      await rm(tempRoot, { recursive: true, force: true });
    },
  );
  project.provide('articlesSite', value.server.url);
  return release;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runBuild } from '../../generator/pipeline';
import { projectRoot } from '../../scripts/lib/project';
import { type RunningServer, startServe } from '../../scripts/lib/server';
import { site } from '../../site.config';
import { fixture } from './output';
import { acquire } from './shared';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of each copy of the site that tests/engines/header.engine.test.ts looks at, by the name of its fixture. */
    headerSites: Record<string, string>;
  }
}

/**
 * The copies of the site the header is tested on (tests/fixtures/routes/<name>.ts): 3, 5, 7 and 9
 * entries in its navigation, and brand names of 8, 16 and 24 characters.
 */
const HEADER_SITES = ['header-3', 'header-5', 'header-7', 'header-9', 'header-brand-8', 'header-brand-16', 'header-brand-24'] as const;

/**
 * Global set-up of the engine projects: each copy of the site the header's test needs, built once
 * for the run however many engines look at it, and served by `serve`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await acquire(
    'header-sites',
    async () => {
      const tempRoot = await mkdtemp(path.join(tmpdir(), 'site-header-'));
      // Each built site's server starts while the next site builds: a server is a process of its own, a build is not.
      const starting: Promise<RunningServer>[] = [];
      const stopAll = async () => {
        const started = await Promise.allSettled(starting);
        await Promise.all(started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.stop()] : [])));
      };
      try {
        // One after another: a build's work is mostly in this process's own thread.
        for (const name of HEADER_SITES) {
          const outDir = path.join(tempRoot, name);
          await runBuild({ root: projectRoot, outDir, log: () => {}, siteUrl: site.url, pages: fixture(`${name}.ts`) });
          starting.push(startServe(outDir));
        }
        const servers = await Promise.all(starting);
        const urls = Object.fromEntries(HEADER_SITES.map((name, index) => [name, servers[index]?.url ?? '']));
        return { tempRoot, servers, urls };
      } catch (error) {
        await stopAll();
        await rm(tempRoot, { recursive: true, force: true });
        throw error;
      }
    },
    async ({ tempRoot, servers }) => {
      await Promise.all(servers.map((server) => server.stop()));
      await rm(tempRoot, { recursive: true, force: true });
    },
  );
  project.provide('headerSites', value.urls);
  return release;
}

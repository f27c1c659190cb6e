import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer.mjs';

/**
 * Projects by how a test runs (the file name says which): `npm test` runs them all, and
 * `npm run test:unit` (or :build, :browser, :dev) one. The engine tests (`*.engine.test.ts`) run
 * once per engine, in a project named after it: `vitest run --project webkit` runs WebKit's alone.
 * Only the projects that need them build the site or start a browser, and each happens once per
 * run however many projects share it.
 */
/**
 * The engines of scripts/lib/browsers.ts (ENGINES), written out rather than imported: the config
 * stays free of the project's own modules, which Vite's config loader would otherwise bundle and
 * warn about. tests/unit/engines.unit.test.ts holds the two lists the same.
 */
const ENGINE_PROJECTS = ['chromium', 'firefox', 'webkit'] as const;

export default defineConfig({
  test: {
    // A file more than there are cores: a file waits on its browser, builds, servers and deploys, and
    // two files at a time left a sixth of two cores idle (process accounting: 1,250 CPU-s in 744 s).
    // On a quiet two-core machine three at a time take 676 s, two 723-744 s.
    maxWorkers: availableParallelism() + 1,
    // Beside vitest's own report, how many files are done: its summary shows that on a terminal alone.
    reporters: ['default', './tests/support/progress-reporter.ts'],
    // The longest files first, whatever their project: the run ends on short files side by side.
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.unit.test.{ts,tsx}'] } },
      {
        extends: true,
        test: { name: 'build', include: ['tests/build/**/*.build.test.{ts,tsx}'], globalSetup: ['tests/support/setup-site.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.browser.test.ts'],
          // A test mostly waits on Chromium, which has cores of its own to use: several at once.
          sequence: { concurrent: true },
          maxConcurrency: 4,
          globalSetup: ['tests/support/setup-chromium.ts', 'tests/support/setup-site.ts', 'tests/support/setup-collection-site.ts'],
        },
      },
      ...ENGINE_PROJECTS.map((engine) => ({
        extends: true as const,
        test: {
          name: engine,
          include: ['tests/engines/**/*.engine.test.ts'],
          // Pages of their own in one browser per file; WebKit's are one browser process each, so fewer.
          sequence: { concurrent: true },
          maxConcurrency: engine === 'webkit' ? 2 : 4,
          // A file's first test also starts its browser, which a busy machine has taken 30 s to do.
          testTimeout: 90_000,
          // Chromium is every engine's reference for the layout comparison, each page measured once for all three; the
          // header's copies of the site, and the site with the articles' fixture, are built once for all three.
          globalSetup: [
            'tests/support/setup-chromium.ts',
            'tests/support/setup-site.ts',
            'tests/support/setup-chromium-layouts.ts',
            'tests/support/setup-collection-site.ts',
            'tests/support/setup-header-sites.ts',
            'tests/support/setup-articles-site.ts',
            'tests/support/setup-engine.ts',
          ],
        },
      })),
      {
        extends: true,
        test: {
          name: 'dev',
          include: ['tests/dev/**/*.dev.test.ts'],
          globalSetup: ['tests/support/setup-chromium.ts'],
        },
      },
    ],
  },
});

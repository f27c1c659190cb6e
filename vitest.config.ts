import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Four projects, by how a test runs (the file name says which): `npm test` runs them all, and
 * `npm run test:unit` (or :build, :browser, :dev) one. Only the projects that need them build the
 * site or start Chromium, and each happens once per run however many projects share it.
 */
export default defineConfig({
  test: {
    // A file per core, not vitest's default of one fewer: most tests wait on a child process or on
    // Chromium, so on two cores one file at a time leaves a core idle (5.5 min against 3.7).
    maxWorkers: availableParallelism(),
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
          globalSetup: ['tests/support/setup-chromium.ts', 'tests/support/setup-site.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'dev', include: ['tests/dev/**/*.dev.test.ts'], globalSetup: ['tests/support/setup-chromium.ts'] },
      },
    ],
  },
});

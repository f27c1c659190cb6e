/**
 * The order in which `npm test` starts its files: the longest first, whatever their project, so that the run ends on short
 * files running side by side and not on one long file alone (on two cores, that was the last WebKit files, then the dev files
 * one at a time). Vitest's own order runs the projects one after another by name, and within one the largest files first, and
 * on a clean clone (no timings of an earlier run) it knows no better. JavaScript, not TypeScript: vitest.config.ts imports it
 * with its extension, as Vite's config loader wants.
 */
import { BaseSequencer } from 'vitest/node';

/**
 * Seconds each of the slowest files took in a whole `npm test` on two cores, by project and file: only the order comes from
 * them, so a figure that has aged costs time, never a result.
 * @type {Record<string, number>}
 */
const SECONDS = {
  'build:tests/build/deploy-s3rver.build.test.ts': 119,
  'build:tests/build/parallel.build.test.ts': 99,
  'webkit:tests/engines/header.engine.test.ts': 84,
  'webkit:tests/engines/fonts.engine.test.ts': 77,
  'firefox:tests/engines/fonts.engine.test.ts': 69,
  'browser:tests/browser/resilience.browser.test.ts': 64,
  'firefox:tests/engines/header.engine.test.ts': 61,
  'chromium:tests/engines/fonts.engine.test.ts': 61,
  'build:tests/build/bench.build.test.ts': 61,
  'build:tests/build/photos.build.test.ts': 60,
  'browser:tests/browser/a11y.browser.test.ts': 54,
  'build:tests/build/output.build.test.ts': 52,
  'webkit:tests/engines/layout.engine.test.ts': 47,
  'firefox:tests/engines/layout.engine.test.ts': 42,
  'browser:tests/browser/hosting.browser.test.ts': 40,
  'chromium:tests/engines/header.engine.test.ts': 37,
  'webkit:tests/engines/pages.engine.test.ts': 31,
  'firefox:tests/engines/pages.engine.test.ts': 29,
  'build:tests/build/edges.build.test.ts': 29,
  'browser:tests/browser/base-path.browser.test.ts': 25,
  'chromium:tests/engines/layout.engine.test.ts': 24,
  'build:tests/build/collections.build.test.ts': 23,
  'build:tests/build/new-page.build.test.ts': 22,
  'browser:tests/browser/keyboard.browser.test.ts': 21,
  'build:tests/build/limits.build.test.ts': 21,
  'dev:tests/dev/mistakes.dev.test.ts': 20,
  'dev:tests/dev/faults.dev.test.ts': 18,
};

/** A file the table does not name: a unit file takes a moment, any other about as long as the table's shortest. */
const UNLISTED_UNIT = 1;
const UNLISTED = 8;

export default class LongestFirst extends BaseSequencer {
  /** @override @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const root = this.ctx.config.root;
    /** @param {import('vitest/node').TestSpecification} file */
    const seconds = (file) =>
      SECONDS[`${file.project.name}:${file.moduleId.slice(root.length + 1)}`] ?? (file.project.name === 'unit' ? UNLISTED_UNIT : UNLISTED);
    /** @param {import('vitest/node').TestSpecification} file */
    const group = (file) => file.project.config.sequence.groupOrder;
    // Vitest's order among equals (the sort is stable): by project, then the larger file first.
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || seconds(b) - seconds(a));
  }
}

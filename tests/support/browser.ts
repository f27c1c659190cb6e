import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright';
import { test as base, expect, inject } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../../scripts/lib/engines/chromium';
import { DEFAULT_HEIGHT } from '../../scripts/lib/engines/page';

export type { RecordedPage } from '../../scripts/lib/engines/chromium';
export { NAV_LABELS, PAGE_PATHS } from './site';

/** The console errors a page has reported so far (for `expect.poll`). */
export async function consoleErrors(record: RecordedPage): Promise<string[]> {
  return (await record.problems()).consoleErrors;
}

/** The Content-Security-Policy violations a page has reported so far, as "<directive> <blocked URI>". */
export async function cspViolations(record: RecordedPage): Promise<string[]> {
  return (await record.problems()).cspViolations;
}

/**
 * Waits until the site's script has started every behaviour of the page: the page script loads it
 * once the first paint is on screen, which can be after the load event.
 */
export async function untilScripted(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-module]')].every((element) => element.dataset.moduleStarted !== undefined),
  );
}

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA (which include target-size), and axe's best practices.
 * (Not `withRules`: it would replace the tag selection instead of adding to it.)
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.passes.map((rule) => rule.id)).toContain('target-size');
  // A run that checked nothing would pass vacuously.
  expect(results.passes.length).toBeGreaterThan(20);
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`),
  );
}

export interface BrowserFixtures {
  /** Opens a page (in a context of its own) at a viewport width; closed when the test ends, passed or not. */
  openPage: (width: number, options?: BrowserContextOptions) => Promise<RecordedPage>;
}

/**
 * `test` for browser tests. Each test file connects to the run's one Chromium (started by
 * tests/support/setup-chromium.ts); each test gets `openPage`, whose pages are closed after it.
 * Tests run concurrently within a file (vitest.config.ts), so nothing here is shared between tests.
 */
export const test = base.extend<BrowserFixtures & { browser: Browser }>({
  browser: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const browser = await chromium.connect(inject('chromiumEndpoint'));
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  openPage: async ({ browser }, use) => {
    const opened: RecordedPage[] = [];
    await use(async (width, options) => {
      const record = await openRecordedPage(browser, { viewport: { width, height: DEFAULT_HEIGHT }, ...options });
      opened.push(record);
      return record;
    });
    await Promise.all(opened.map((record) => record.close()));
  },
});

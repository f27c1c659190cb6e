import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright';
import { test as base, inject } from 'vitest';

export { NAV_LABELS, PAGE_PATHS } from './site';

/** What a page said and failed at while a test drove it. */
export interface PageRecord {
  page: Page;
  consoleErrors: string[];
  consoleWarnings: string[];
  failedRequests: string[];
  close: () => Promise<void>;
}

/** A fresh context and page at the given width that records console problems and failed requests. */
async function openPage(browser: Browser, width: number, options: BrowserContextOptions = {}): Promise<PageRecord> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, ...options });
  const page = await context.newPage();
  const record: PageRecord = {
    page,
    consoleErrors: [],
    consoleWarnings: [],
    failedRequests: [],
    close: () => context.close(),
  };
  page.on('console', (message) => {
    if (message.type() === 'error') record.consoleErrors.push(message.text());
    if (message.type() === 'warning') record.consoleWarnings.push(message.text());
  });
  page.on('pageerror', (error) => record.consoleErrors.push(`Uncaught: ${error.message}`));
  page.on('requestfailed', (request) => record.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    // The 404 document itself is expected to answer 404; any other failing response is a broken reference.
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      record.failedRequests.push(`${response.url()} ${response.status()}`);
    }
  });
  return record;
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

export interface BrowserFixtures {
  /** Opens a page (in a context of its own) at a viewport width; closed when the test ends, passed or not. */
  openPage: (width: number, options?: BrowserContextOptions) => Promise<PageRecord>;
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
    const opened: PageRecord[] = [];
    await use(async (width, options) => {
      const record = await openPage(browser, width, options);
      opened.push(record);
      return record;
    });
    await Promise.all(opened.map((record) => record.close()));
  },
});

import type { Browser, BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { routes } from '../../pages/routes';
import { launchChromium } from './chromium';

/** Every route of the table, and one path that matches none (the 404 page). */
export const PAGE_PATHS: readonly string[] = [...routes.map((route) => route.path), '/no-such-page'];

/**
 * One Chromium for the test file that calls this: launched before its tests, closed after them.
 * Returns a getter, since the browser exists only once the hook has run.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser(): the browser is used before beforeAll ran');
    return browser;
  };
}

/** What a page said and failed at while a test drove it. */
export interface PageRecord {
  page: Page;
  consoleErrors: string[];
  consoleWarnings: string[];
  failedRequests: string[];
  close: () => Promise<void>;
}

/** A fresh context and page at the given width that records console problems and failed requests. */
export async function openPage(
  browser: Browser,
  width: number,
  options: BrowserContextOptions = {},
): Promise<PageRecord> {
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

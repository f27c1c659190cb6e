import type { Browser, BrowserContextOptions, Page, Request } from 'playwright';
import {
  callSource,
  DEFAULT_HEIGHT,
  type Engine,
  type EnginePage,
  functionSource,
  installRecorder,
  type OpenOptions,
  type Problems,
  pageScripts,
  readRecorder,
  withCspViolations,
} from './page';

/**
 * Chromium's own note on a failed load, which repeats what failedRequests says (and is all it says
 * of a 404 document). Its "Refused to ..." notes stay: they are the one report of a CSP violation in
 * a document the page has since left (a redirect), which the page's recorder no longer holds.
 */
const BROWSER_NOTE = /^Failed to load resource/;

/** A Playwright page that records what goes wrong in it, from before its first script runs. */
export interface RecordedPage {
  page: Page;
  /** What went wrong since the page was opened (or since `forget`): console errors and warnings, CSP violations, failed requests. */
  problems(): Promise<Problems>;
  /** Forgets what the browser reported so far, before the next navigation (CSP violations are the document's own). */
  forget(): void;
  /** Closes the page's context. */
  close(): Promise<void>;
}

/**
 * Opens a page in a context of its own (its own cache and settings) and records its problems:
 * Playwright's events for console, uncaught errors and requests, the page's recorder for CSP
 * violations. The engine tests' Chromium and the Chromium-only browser tests both open pages here.
 */
export async function openRecordedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<RecordedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const native: Problems = { consoleErrors: [], consoleWarnings: [], cspViolations: [], failedRequests: [] };
  page.on('console', (message) => {
    if (BROWSER_NOTE.test(message.text())) return;
    if (message.type() === 'error') native.consoleErrors.push(message.text());
    if (message.type() === 'warning') native.consoleWarnings.push(message.text());
  });
  page.on('pageerror', (error) => native.consoleErrors.push(`Uncaught ${error.message}`));
  // A request is counted against the page that made it. One that Chromium cancelled because its
  // page was left (a redirect's meta refresh leaving before its favicon came) is no broken
  // reference, and whether the next page comes first is a matter of timing: it counts only while
  // its page is still the one shown.
  let shown = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown += 1;
  });
  const madeBy = new WeakMap<Request, number>();
  page.on('request', (request) => madeBy.set(request, shown));
  const cancelled: { text: string; page: number }[] = [];
  page.on('requestfailed', (request) => {
    const text = `${request.url()} ${request.failure()?.errorText ?? ''}`;
    if (request.failure()?.errorText === 'net::ERR_ABORTED') cancelled.push({ text, page: madeBy.get(request) ?? shown });
    else native.failedRequests.push(text);
  });
  page.on('response', (response) => {
    // The 404 document itself is meant to answer 404; any other failing response is a broken reference.
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      native.failedRequests.push(`${response.url()} ${response.status()}`);
    }
  });
  await page.addInitScript({ content: callSource(installRecorder) });
  return {
    page,
    problems: () => {
      const found = structuredClone(native);
      found.failedRequests.push(...cancelled.filter((request) => request.page === shown).map((request) => request.text));
      return withCspViolations(found, page.evaluate(readRecorder));
    },
    forget: () => {
      for (const found of Object.values(native)) found.length = 0;
      cancelled.length = 0;
    },
    close: () => context.close(),
  };
}

/** Chromium through Playwright: each page in a context of its own (its own cache and settings). */
export function chromiumEngine(browser: Browser, close: () => Promise<void> = () => browser.close()): Engine {
  return {
    name: 'chromium',
    close,
    open: async (options: OpenOptions) => {
      const recorded = await openRecordedPage(browser, {
        viewport: { width: options.width, height: options.height ?? DEFAULT_HEIGHT },
        javaScriptEnabled: options.javaScript ?? true,
      });
      for (const script of pageScripts(options.beforeScripts)) await recorded.page.addInitScript({ content: callSource(script) });
      return playwrightPage(recorded);
    },
  };
}

function playwrightPage({ page, problems, close }: RecordedPage): EnginePage {
  return {
    engine: 'chromium',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    url: async () => page.url(),
    evaluate: (fn, ...args) => page.evaluate(`${functionSource(fn)}(...${JSON.stringify(args)})`),
    click: (selector) => page.click(selector),
    press: (key) => page.keyboard.press(key),
    resize: (width, height = DEFAULT_HEIGHT) => page.setViewportSize({ width, height }),
    screenshot: () => page.screenshot({ fullPage: true }),
    problems,
    close,
  };
}

import type { Browser, Page } from 'playwright';
import {
  callSource,
  DEFAULT_HEIGHT,
  type Engine,
  type EnginePage,
  functionSource,
  installRecorder,
  type OpenOptions,
  type Problems,
  readRecorder,
  withCspViolations,
} from './page';

/** Chromium's own notes that repeat what failedRequests and cspViolations already say. */
const BROWSER_NOTES = /^(Failed to load resource|Refused to )/;

/** Chromium through Playwright: each page in a context of its own (its own cache and settings). */
export function chromiumEngine(browser: Browser, close: () => Promise<void> = () => browser.close()): Engine {
  return {
    name: 'chromium',
    close,
    open: async (options: OpenOptions) => {
      const context = await browser.newContext({
        viewport: { width: options.width, height: options.height ?? DEFAULT_HEIGHT },
        javaScriptEnabled: options.javaScript ?? true,
      });
      const page = await context.newPage();
      const native: Problems = { consoleErrors: [], consoleWarnings: [], cspViolations: [], failedRequests: [] };
      page.on('console', (message) => {
        if (BROWSER_NOTES.test(message.text())) return;
        if (message.type() === 'error') native.consoleErrors.push(message.text());
        if (message.type() === 'warning') native.consoleWarnings.push(message.text());
      });
      page.on('pageerror', (error) => native.consoleErrors.push(`Uncaught ${error.message}`));
      page.on('requestfailed', (request) => native.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
      page.on('response', (response) => {
        if (response.status() >= 400 && response.request().resourceType() !== 'document') {
          native.failedRequests.push(`${response.url()} ${response.status()}`);
        }
      });
      await page.addInitScript({ content: callSource(installRecorder, false) });
      if (options.beforeScripts) await page.addInitScript({ content: callSource(options.beforeScripts) });
      return playwrightPage(page, native, () => context.close());
    },
  };
}

function playwrightPage(page: Page, native: Problems, close: () => Promise<void>): EnginePage {
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
    problems: () => withCspViolations(native, page.evaluate(readRecorder)),
    close,
  };
}

import puppeteer, { type Browser, type Page } from 'puppeteer-core';
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

/** Firefox reports a CSP violation as a script error as well; the recorder counts it once. */
const CSP_REPORT = /^Content-Security-Policy:/;
/** And a font whose request failed, which the response or the failure counts as a failed request (as Chromium's "Failed to load resource" is not an error). */
const FONT_NOT_LOADED = /^downloadable font: download failed /;

/**
 * Firefox over WebDriver BiDi (puppeteer-core drives it without a driver of its own). A page is a
 * window in a browser context of its own: a background tab is hidden, and a hidden page neither
 * paints nor runs its animation frames. Firefox 153 cannot turn scripts off per page over BiDi,
 * so pages without JavaScript come from a second Firefox with the preference off, started when
 * first asked for.
 */
export function firefoxEngine(executablePath: string): Engine {
  const browsers = new Map<boolean, Promise<Browser>>();
  const browser = (javaScript: boolean) => {
    let started = browsers.get(javaScript);
    if (!started) {
      started = puppeteer.launch({
        browser: 'firefox',
        executablePath,
        headless: true,
        extraPrefsFirefox: javaScript ? {} : { 'javascript.enabled': false },
      });
      browsers.set(javaScript, started);
    }
    return started;
  };
  return {
    name: 'firefox',
    open: async (options: OpenOptions) => {
      const context = await (await browser(options.javaScript ?? true)).createBrowserContext();
      const page = await context.newPage({ type: 'window' });
      await page.setViewport({ width: options.width, height: options.height ?? DEFAULT_HEIGHT });
      const native: Problems = { consoleErrors: [], consoleWarnings: [], cspViolations: [], failedRequests: [] };
      page.on('console', (message) => {
        if (message.type() === 'error') native.consoleErrors.push(message.text());
        if (message.type() === 'warn') native.consoleWarnings.push(message.text());
      });
      page.on('pageerror', (error) => {
        const text = error instanceof Error ? error.message : String(error);
        if (!CSP_REPORT.test(text) && !FONT_NOT_LOADED.test(text)) native.consoleErrors.push(`Uncaught ${text}`);
      });
      page.on('requestfailed', (request) => native.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
      page.on('response', (response) => {
        // (BiDi tells no resource type: the page's own document is its navigation request.)
        if (response.status() >= 400 && !response.request().isNavigationRequest()) {
          native.failedRequests.push(`${response.url()} ${response.status()}`);
        }
      });
      await page.evaluateOnNewDocument(callSource(installRecorder));
      for (const script of pageScripts(options.beforeScripts)) await page.evaluateOnNewDocument(callSource(script));
      return puppeteerPage(page, native, () => context.close());
    },
    close: async () => {
      await Promise.all([...browsers.values()].map(async (started) => (await started).close()));
    },
  };
}

const KEYS = { Tab: ['Tab'], 'Shift+Tab': ['Shift', 'Tab'], Escape: ['Escape'], Enter: ['Enter'] } as const;

function puppeteerPage(page: Page, native: Problems, close: () => Promise<void>): EnginePage {
  return {
    engine: 'firefox',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    url: async () => page.url(),
    evaluate: (fn, ...args) => page.evaluate(`${functionSource(fn)}(...${JSON.stringify(args)})`) as never,
    click: (selector) => page.click(selector),
    press: async (key) => {
      const keys = KEYS[key];
      for (const name of keys) await page.keyboard.down(name);
      for (const name of [...keys].reverse()) await page.keyboard.up(name);
    },
    resize: (width, height = DEFAULT_HEIGHT) => page.setViewport({ width, height }),
    screenshot: async () => Buffer.from(await page.screenshot({ fullPage: true })),
    problems: () => withCspViolations(native, page.evaluate(readRecorder)),
    close,
  };
}

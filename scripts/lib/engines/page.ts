import type { EngineName } from '../browsers';

/**
 * One page in one engine, as tests and scripts drive it whichever engine it is: Chromium through
 * Playwright, Firefox through WebDriver BiDi (puppeteer-core), WebKit through W3C WebDriver
 * (selenium-webdriver). What a test says once runs in all three.
 */
export interface EnginePage {
  readonly engine: EngineName;
  /** Loads a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs a self-contained function in the page (it cannot see the test's variables) and returns its result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A real click (pointer events, focus) on the first element the selector matches. */
  click(selector: string): Promise<void>;
  /** A real key press: `Tab`, `Shift+Tab`, `Escape`, `Enter`. */
  press(key: Key): Promise<void>;
  /** Resizes the viewport, as a reader widening the window would. */
  resize(width: number, height?: number): Promise<void>;
  /** A PNG of the whole page, beyond the viewport. */
  screenshot(): Promise<Buffer>;
  /** What went wrong since the page was opened: console errors and warnings, CSP violations, failed requests. */
  problems(): Promise<Problems>;
  close(): Promise<void>;
}

export type Key = 'Tab' | 'Shift+Tab' | 'Escape' | 'Enter';

export interface OpenOptions {
  width: number;
  height?: number;
  /** False: the page as a reader with JavaScript turned off sees it. */
  javaScript?: boolean;
  /** Run in every document of the page before its own scripts, in order (each gets the page's window). */
  beforeScripts?: PageScript | readonly PageScript[];
  /** A browser with nothing cached, as a first visit finds it (Chromium and Firefox contexts always are). */
  coldCache?: boolean;
}

export interface Problems {
  /** What the page wrote with console.error and what it threw; not the browser's notes on status codes. */
  consoleErrors: string[];
  consoleWarnings: string[];
  cspViolations: string[];
  /** Requests that failed or answered 400 or more, except the document itself (the 404 page is one). */
  failedRequests: string[];
}

export interface Engine {
  readonly name: EngineName;
  open(options: OpenOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

export const DEFAULT_HEIGHT = 800;

/**
 * Installed in every document before its own scripts. It records CSP violations, which no
 * engine's driver reports as events (Chromium's and WebKit's consoles note them as text only),
 * and with `failedLoads`, where the driver sees no requests (WebKit over classic WebDriver),
 * resources that failed to load. Self-contained: it is sent to the browser as source.
 */
export function installRecorder(win: Window & typeof globalThis, failedLoads = false): void {
  const record: Problems = { consoleErrors: [], consoleWarnings: [], cspViolations: [], failedRequests: [] };
  Object.defineProperty(win, '__engineRecord', { value: record, configurable: true });
  // On the window: in WebKit this runs on a window's first document, which the page replaces.
  win.addEventListener('securitypolicyviolation', (event) => {
    record.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
  if (!failedLoads) return;
  win.addEventListener(
    'error',
    (event: Event) => {
      // Resource errors reach the window only while capturing; script errors (ErrorEvents) are the console's.
      if (event instanceof win.ErrorEvent) return;
      const target = event.target as HTMLElement & { src?: string; href?: string | SVGAnimatedString };
      record.failedRequests.push(`${target.tagName?.toLowerCase()} ${target.src || (typeof target.href === 'string' ? target.href : '')}`);
    },
    true,
  );
}

/** The recorder's findings, read from the page (empty where no script could run). */
export function readRecorder(): Problems {
  const empty: Problems = { consoleErrors: [], consoleWarnings: [], cspViolations: [], failedRequests: [] };
  return (window as unknown as { __engineRecord?: Problems }).__engineRecord ?? empty;
}

/**
 * What an engine's own events saw, with the CSP violations the page's recorder saw (which those
 * events do not report); none where the page could not be read.
 */
export async function withCspViolations(native: Problems, recorded: Promise<Problems>): Promise<Problems> {
  return { ...native, cspViolations: (await recorded.catch(() => undefined))?.cspViolations ?? [] };
}

/** A function run in a page: self-contained, as it is sent as its source. */
export type PageScript = (win: Window & typeof globalThis) => void;

/** `beforeScripts` as a list. */
export function pageScripts(scripts: PageScript | readonly PageScript[] | undefined): readonly PageScript[] {
  return scripts === undefined ? [] : typeof scripts === 'function' ? [scripts] : scripts;
}

/**
 * A function's source for the page. tsx (esbuild's keepNames) wraps named functions in calls to
 * `__name`, which only the module defines: the page gets a stand-in.
 */
export function functionSource(fn: { toString(): string }): string {
  return `((__name) => (${fn.toString()}))((target) => target)`;
}

/** Source that runs `fn(window, ...args)` in a page, for drivers that take scripts as text. */
export function callSource(fn: (...args: never[]) => unknown, ...args: unknown[]): string {
  return `${functionSource(fn)}(window, ...${JSON.stringify(args)})`;
}

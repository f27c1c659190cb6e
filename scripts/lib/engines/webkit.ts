import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { By, error as driverErrors, Key, WebDriver } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http';
import { freePort, stopProcess, waitFor, waitForHttp } from '../server';
import {
  DEFAULT_HEIGHT,
  type Engine,
  type EnginePage,
  functionSource,
  installRecorder,
  type OpenOptions,
  type Key as PageKey,
  type Problems,
  pageScripts,
  readRecorder,
} from './page';

/**
 * WebKit (WebKitGTK, Safari's engine) through WebKitWebDriver, a W3C WebDriver server, with
 * selenium-webdriver as its client. Debian's build has no WebDriver BiDi, so this is classic
 * WebDriver. The driver is started here, from the path it was found at: selenium is only handed
 * its address, so its driver manager never runs.
 *
 * A driver holds one session, and a session one browser (webkit-browser.py, whose console this
 * reads): pages come from a pool of them. Classic WebDriver cannot run a script before a page's
 * own, so a page is opened as a window of a same-origin page of the site (robots.txt): a new
 * window's first document, about:blank, hands its window object on to the page it loads from the
 * same origin, so what is installed on it before the load (the recorder, `beforeScripts`) is
 * there when the page's scripts run.
 */
export interface WebKitPrograms {
  driver: string;
  /** A Python 3 with GObject introspection (python3-gi) and WebKitGTK's (gir1.2-webkit2-4.1), which runs webkit-browser.py. */
  python: string;
  /** An X display to open windows on (`:99`); none: one is started with Xvfb. */
  display?: string;
  xvfb?: string;
}

export interface WebKitOptions {
  /**
   * Pages composited in software (webkit-browser.py): the tests' choice, which read layout, styles, scripts and the console.
   * On Xvfb, WebKit's GPU path is Mesa's software OpenGL, which took more than half of their CPU; a screenshot keeps it.
   */
  softwareCompositing?: boolean;
}

const BROWSER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'webkit-browser.py');

const KEYS: Record<PageKey, string[]> = {
  Tab: [Key.TAB],
  'Shift+Tab': [Key.SHIFT, Key.TAB],
  Escape: [Key.ESCAPE],
  Enter: [Key.ENTER],
};

/**
 * One console message as WebKit writes it (JSC's ConsoleClient): `<url>:<line>:<column>: CONSOLE
 * [<SOURCE> ]<LEVEL> <text>`, the location absent where it has none (a CSP header's directive).
 */
const CONSOLE_LINE = /^(?:(.+?):\d+:\d+: )?CONSOLE (?:([A-Z]+) )?(LOG|INFO|DEBUG|WARN|ERROR) (.*)$/;

export interface ConsoleMessage {
  url?: string;
  /** JS, NETWORK, SECURITY, ... ; none for the console API (console.error). */
  source?: string;
  level: string;
  text: string;
}

export function parseConsoleLine(line: string): ConsoleMessage | undefined {
  const match = CONSOLE_LINE.exec(line);
  if (!match) return undefined;
  const [, url, source, level = '', text = ''] = match;
  return { url, source, level, text };
}

/**
 * What the page's console said, as other engines' drivers report it: errors (uncaught ones and
 * unhandled rejections included) and warnings. (WebKit notes no failed load there: the recorder
 * sees those.)
 */
export function consoleProblems(messages: ConsoleMessage[]): Pick<Problems, 'consoleErrors' | 'consoleWarnings'> {
  return {
    consoleErrors: messages.filter((message) => message.level === 'ERROR').map((message) => message.text),
    consoleWarnings: messages.filter((message) => message.level === 'WARN').map((message) => message.text),
  };
}

/** The browser's console, line by line, as it writes it (the driver's standard error, which the browser inherits). */
class ConsoleOutput {
  readonly messages: ConsoleMessage[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(child: ChildProcess) {
    if (!child.stderr) throw new Error('WebKitWebDriver was started without a pipe for its output.');
    createInterface({ input: child.stderr }).on('line', (line) => {
      const message = parseConsoleLine(line);
      if (!message) return;
      this.messages.push(message);
      for (const listener of this.listeners) listener();
    });
  }

  /** Resolves once a message with this text has come; fails if none has within `timeoutMs`. */
  until(text: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`WebKit's console did not show "${text}" within ${timeoutMs / 1000} s.`));
      }, timeoutMs);
      const check = () => {
        if (!this.messages.some((message) => message.text === text)) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      this.listeners.add(check);
      check();
    });
  }
}

/** One WebKitWebDriver with its one session, in a process group of its own (driver, browser, web processes). */
class Session {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dataDir: string,
    readonly driver: WebDriver,
    readonly console: ConsoleOutput,
  ) {}

  static async start(programs: WebKitPrograms, display: string, javaScript: boolean, options: WebKitOptions): Promise<Session> {
    const port = await freePort();
    // The browser's own folder for its cache and storage: a new browser is a first visit.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'webkit-browser-'));
    const child = spawn(programs.driver, [`--port=${port}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
      env: { ...process.env, DISPLAY: display },
    });
    const console = new ConsoleOutput(child);
    const server = `http://127.0.0.1:${port}`;
    await waitForHttp(`${server}/status`, 20_000);
    const driver = WebDriver.createSession(new Executor(new HttpClient(server, new Agent({ keepAlive: true }))), {
      'webkitgtk:browserOptions': {
        binary: programs.python,
        args: [
          BROWSER_SCRIPT,
          `--data-dir=${dataDir}`,
          `--javascript-markup=${javaScript}`,
          ...(options.softwareCompositing ? ['--compositing=software'] : []),
        ],
      },
    });
    // The session is created in the background: wait for it, so that a failure shows here.
    await driver.getSession();
    return new Session(child, dataDir, driver, console);
  }

  async stop(): Promise<void> {
    await this.driver.quit().catch(() => undefined);
    if (this.child.pid && this.child.exitCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await stopProcess(this.child);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** Starts Xvfb on a free display; resolves with the display and a function that stops it. */
export async function startXvfb(xvfb: string): Promise<{ display: string; stop: () => Promise<void> }> {
  // -displayfd: Xvfb picks a free display itself and writes its number, with no race to pick one.
  const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited with status ${code} before it opened a display`)));
  });
  return {
    display: `:${number}`,
    stop: () => stopProcess(child),
  };
}

export function webkitEngine(programs: WebKitPrograms, browserOptions: WebKitOptions = {}): Engine {
  let xvfb: Promise<{ display: string; stop: () => Promise<void> }> | undefined;
  const display = async () => {
    if (programs.display) return programs.display;
    if (!programs.xvfb) throw new Error('No X display for WebKit: give a DISPLAY or the path of Xvfb.');
    xvfb ??= startXvfb(programs.xvfb);
    return (await xvfb).display;
  };
  const idle = new Map<boolean, Session[]>([
    [true, []],
    [false, []],
  ]);
  const all = new Set<Session>();
  return {
    name: 'webkit',
    open: async (options: OpenOptions) => {
      const javaScript = options.javaScript ?? true;
      const pool = idle.get(javaScript) ?? [];
      // A cold cache needs a browser of its own, which is not handed on.
      const session = (!options.coldCache && pool.pop()) || (await Session.start(programs, await display(), javaScript, browserOptions));
      all.add(session);
      const page = new WebKitPage(session, options, async (dead) => {
        all.delete(dead);
        await dead.stop();
        const fresh = await Session.start(programs, await display(), javaScript, browserOptions);
        all.add(fresh);
        return fresh;
      });
      return {
        ...page.api(),
        close: async () => {
          await page.closeWindows();
          const current = page.current;
          if (options.coldCache) {
            all.delete(current);
            await current.stop();
          } else pool.push(current);
        },
      };
    },
    close: async () => {
      await Promise.all([...all].map((session) => session.stop()));
      all.clear();
      if (xvfb) await (await xvfb).stop();
    },
  };
}

class WebKitPage {
  private launcher: string | undefined;
  private window: string | undefined;
  private width: number;
  private height: number;
  /** The first of the console's messages that are this page's: the browser's earlier pages wrote those before. */
  private consoleFrom: number;

  constructor(
    private session: Session,
    private readonly options: OpenOptions,
    /** A new browser for one whose session died: stops the dead one. */
    private readonly replace: (dead: Session) => Promise<Session>,
  ) {
    this.width = options.width;
    this.height = options.height ?? DEFAULT_HEIGHT;
    this.consoleFrom = session.console.messages.length;
  }

  /** The browser the page is in now: another than it opened in, if that one's session died. */
  get current(): Session {
    return this.session;
  }

  private get driver(): WebDriver {
    return this.session.driver;
  }

  private async execute<T>(fn: string, args: unknown[] = []): Promise<T> {
    // Async, so that a function returning a promise is awaited in every engine alike.
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`;
    const result = await this.driver.executeAsyncScript<{ value?: T; error?: string }>(script, ...args);
    if (result.error !== undefined) throw new Error(`In WebKit: ${result.error}`);
    return result.value as T;
  }

  async goto(url: string): Promise<void> {
    try {
      await this.open(url);
    } catch (error) {
      // WebKitGTK's web process, under Xvfb on a busy machine, now and then crashes or stops answering before a page is
      // laid out ("session deleted because of page crash or hang", or a bare WebDriverError where the process was killed):
      // the browser's fault, which a new browser does not repeat. Once: a page that crashes it crashes the new one too.
      if (!(error instanceof driverErrors.WebDriverError)) throw error;
      this.session = await this.replace(this.session);
      this.launcher = undefined;
      this.window = undefined;
      await this.open(url);
    }
  }

  private async open(url: string): Promise<void> {
    const target = new URL(url);
    this.launcher ??= await this.driver.getWindowHandle();
    await this.closeWindows();
    await this.driver.switchTo().window(this.launcher);
    const launcherUrl = `${target.origin}/robots.txt`;
    if ((await this.driver.getCurrentUrl()) !== launcherUrl) await this.driver.get(launcherUrl);
    const before = await this.driver.getAllWindowHandles();
    const beforeScripts = pageScripts(this.options.beforeScripts).map((script) => `(${functionSource(script)})(win);`);
    this.consoleFrom = this.session.console.messages.length;
    await this.execute(
      `function (url, features) {
        const win = window.open(url, '_blank', features);
        (${functionSource(installRecorder)})(win, true);
        ${beforeScripts.join('\n        ')}
        win.opener = null;
      }`,
      [url, `width=${this.width},height=${this.height}`],
    );
    const after = await this.driver.getAllWindowHandles();
    this.window = after.find((handle) => !before.includes(handle));
    if (!this.window) throw new Error(`WebKit opened no window for ${url}`);
    await this.driver.switchTo().window(this.window);
    await this.resize(this.width, this.height);
    await waitFor(
      `${url} to load in WebKit`,
      async () => (await this.execute<string>('function () { return document.readyState; }')) === 'complete',
    );
  }

  async resize(width: number, height = DEFAULT_HEIGHT): Promise<void> {
    this.width = width;
    this.height = height;
    if (!this.window) return;
    const window = this.driver.manage().window();
    await window.setRect({ width, height });
    // The window is the viewport (the browser's windows have no toolbar), but check rather than trust. A busy WebKit shows the
    // page its old size for a moment, which is not chrome to make up for: that made a width of -960 px.
    const viewport = () => this.execute<[number, number]>('function () { return [innerWidth, innerHeight]; }');
    const asked = async () => {
      const [innerWidth, innerHeight] = await viewport();
      return innerWidth === width && innerHeight === height;
    };
    if (await waitFor(`WebKit's viewport at ${width}×${height} px`, asked, 2_000).catch(() => false)) return;
    const inner = await viewport();
    await window.setRect({ width: width * 2 - inner[0], height: height * 2 - inner[1] });
  }

  async closeWindows(): Promise<void> {
    if (!this.window) return;
    await this.driver.switchTo().window(this.window);
    await this.driver.close();
    this.window = undefined;
    if (this.launcher) await this.driver.switchTo().window(this.launcher);
  }

  /**
   * The page's console messages so far. The page writes a message of its own and this waits for
   * it: every message the page wrote before it has then been read.
   */
  private async consoleMessages(): Promise<ConsoleMessage[]> {
    const marker = `engine-console-read-${randomUUID()}`;
    await this.execute('function (marker) { console.info(marker); }', [marker]);
    // The messages are kept as they come, so the marker is found even if it came first.
    await this.session.console.until(marker, 10_000);
    return this.session.console.messages.slice(this.consoleFrom).filter((message) => !message.text.startsWith('engine-console-read-'));
  }

  api(): Omit<EnginePage, 'close'> {
    return {
      engine: 'webkit',
      goto: (url) => this.goto(url),
      url: () => this.driver.getCurrentUrl(),
      evaluate: (fn, ...args) => this.execute(functionSource(fn), args),
      click: (selector) => this.driver.findElement(By.css(selector)).click(),
      press: async (key) => {
        const keys = KEYS[key];
        const actions = this.driver.actions();
        for (const value of keys) actions.keyDown(value);
        for (const value of [...keys].reverse()) actions.keyUp(value);
        await actions.perform();
      },
      resize: (width, height) => this.resize(width, height),
      screenshot: async () => {
        // WebDriver captures the viewport only: the window is made as tall as the page for the capture.
        const { width, height } = this;
        const full = await this.execute<number>('function () { return document.documentElement.scrollHeight; }');
        await this.driver.manage().window().setRect({ width, height: full });
        try {
          return Buffer.from(await this.driver.takeScreenshot(), 'base64');
        } finally {
          await this.resize(width, height);
        }
      },
      problems: async () => {
        const messages = await this.consoleMessages();
        const recorded = await this.execute<Problems>(functionSource(readRecorder));
        const fonts = await this.execute<string[]>(functionSource(failedFonts));
        return {
          ...consoleProblems(messages),
          cspViolations: recorded.cspViolations,
          failedRequests: [...recorded.failedRequests, ...fonts],
        };
      },
    };
  }
}

/**
 * A font that failed to load sends no event in WebKit: its face says so. But WebKit also calls a face 'error' whose file
 * is still on its way once its block period is over (FontFace::status maps CSSFontFace's TimedOut to it), which under
 * font-display: swap is from the start: a face counts only when a file its family's rules name does not load, or when no
 * rule names one (a local face, or one of the FontFace API).
 */
async function failedFonts(): Promise<string[]> {
  const failed = [...document.fonts].filter((face) => face.status === 'error');
  if (failed.length === 0) return [];
  const rules = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule);
  const unquoted = (family: string) => family.replace(/["']/g, '');
  const loads = async (family: string) => {
    const urls = rules
      .filter((rule) => unquoted(rule.style.getPropertyValue('font-family')) === unquoted(family))
      .flatMap((rule) => [...rule.style.getPropertyValue('src').matchAll(/url\("?([^")]+)"?\)/g)].map((match) => match[1] ?? ''));
    const answers = await Promise.all(
      urls.map((url) =>
        fetch(new URL(url, document.baseURI)).then(
          (response) => response.ok,
          () => false,
        ),
      ),
    );
    return urls.length > 0 && answers.every(Boolean);
  };
  const results = await Promise.all(
    failed.map(async (face) => ((await loads(face.family)) ? [] : [`font ${face.family} ${face.unicodeRange}`])),
  );
  return results.flat();
}

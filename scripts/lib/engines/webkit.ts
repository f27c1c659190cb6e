import { type ChildProcess, spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { By, Key, WebDriver } from 'selenium-webdriver';
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
  readRecorder,
} from './page';

/**
 * WebKit (WebKitGTK, Safari's engine) through WebKitWebDriver, a W3C WebDriver server, with
 * selenium-webdriver as its client. Debian's build has no WebDriver BiDi, so this is classic
 * WebDriver. The driver is started here, from the path it was found at: selenium is only handed
 * its address, so its driver manager never runs.
 *
 * A driver holds one session, and a session one MiniBrowser: pages come from a pool of them.
 * Classic WebDriver cannot run a script before a page's own, so a page is opened as a window of a
 * same-origin page of the site (robots.txt): a new window's first document, about:blank, hands its
 * window object on to the page it loads from the same origin, so what is installed on it before
 * the load (the recorder, `beforeScripts`) is there when the page's scripts run.
 */
export interface WebKitPrograms {
  driver: string;
  browser: string;
  /** An X display to open windows on (`:99`); none: one is started with Xvfb. */
  display?: string;
  xvfb?: string;
}

const KEYS: Record<PageKey, string[]> = {
  Tab: [Key.TAB],
  'Shift+Tab': [Key.SHIFT, Key.TAB],
  Escape: [Key.ESCAPE],
  Enter: [Key.ENTER],
};

/** One WebKitWebDriver with its one session, in a process group of its own (driver, MiniBrowser, web processes). */
class Session {
  private constructor(
    private readonly child: ChildProcess,
    readonly driver: WebDriver,
  ) {}

  static async start(programs: WebKitPrograms, display: string, javaScript: boolean): Promise<Session> {
    const port = await freePort();
    const child = spawn(programs.driver, [`--port=${port}`], {
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, DISPLAY: display },
    });
    const server = `http://127.0.0.1:${port}`;
    await waitForHttp(`${server}/status`, 20_000);
    const driver = WebDriver.createSession(new Executor(new HttpClient(server, new Agent({ keepAlive: true }))), {
      'webkitgtk:browserOptions': {
        binary: programs.browser,
        // The pages open as windows of the site's own; scripts in markup off is JavaScript off
        // for the page, while WebDriver's scripts still run.
        args: ['--automation', '--javascript-can-open-windows-automatically=true', `--enable-javascript-markup=${javaScript}`],
      },
    });
    // The session is created in the background: wait for it, so that a failure shows here.
    await driver.getSession();
    return new Session(child, driver);
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

export function webkitEngine(programs: WebKitPrograms): Engine {
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
      const session = (!options.coldCache && pool.pop()) || (await Session.start(programs, await display(), javaScript));
      all.add(session);
      const page = new WebKitPage(session, options);
      return {
        ...page.api(),
        close: async () => {
          await page.closeWindows();
          if (options.coldCache) {
            all.delete(session);
            await session.stop();
          } else pool.push(session);
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

  constructor(
    private readonly session: Session,
    private readonly options: OpenOptions,
  ) {
    this.width = options.width;
    this.height = options.height ?? DEFAULT_HEIGHT;
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
    const target = new URL(url);
    this.launcher ??= await this.driver.getWindowHandle();
    await this.closeWindows();
    await this.driver.switchTo().window(this.launcher);
    const launcherUrl = `${target.origin}/robots.txt`;
    if ((await this.driver.getCurrentUrl()) !== launcherUrl) await this.driver.get(launcherUrl);
    const before = await this.driver.getAllWindowHandles();
    const beforeScripts = this.options.beforeScripts ? functionSource(this.options.beforeScripts) : 'function () {}';
    await this.execute(
      `function (url, features) {
        const win = window.open(url, '_blank', features);
        (${functionSource(installRecorder)})(win, true);
        (${beforeScripts})(win);
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
    // The window is the viewport (a window of a page has no toolbar), but check rather than trust.
    const inner = await this.execute<[number, number]>('function () { return [innerWidth, innerHeight]; }');
    if (inner[0] !== width || inner[1] !== height) await window.setRect({ width: width * 2 - inner[0], height: height * 2 - inner[1] });
  }

  async closeWindows(): Promise<void> {
    if (!this.window) return;
    await this.driver.switchTo().window(this.window);
    await this.driver.close();
    this.window = undefined;
    if (this.launcher) await this.driver.switchTo().window(this.launcher);
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
        const recorded = await this.execute<Problems>(functionSource(readRecorder));
        // A font that failed to load sends no event: its face says so.
        const fonts = await this.execute<string[]>(
          'function () { return [...document.fonts].filter((face) => face.status === "error").map((face) => "font " + face.family + " " + face.unicodeRange); }',
        );
        return { ...recorded, failedRequests: [...recorded.failedRequests, ...fonts] };
      },
    };
  }
}

import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright';
import { ensureEngine, findEngine } from './browsers';

// Without these, headless Chromium in a sandbox without network spends its start-up on refused connections.
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Glyph advances as Chrome lays text out on a phone or in its new headless mode, not rounded to whole pixels as the old
  // headless shell hints them: a line of Inter, or of its fallback sized to it, is as wide as the font says.
  '--font-render-hinting=none',
];

/** Playwright's own download of Chromium, where one was made. */
function bundledChromium(): string | undefined {
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright throws when its own browser was never downloaded.
  }
  return undefined;
}

/**
 * Where Chromium is, in order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, then Playwright's own
 * download. Undefined when there is none.
 */
export function findChromium(): string | undefined {
  return findEngine('chromium').found.browser ?? bundledChromium();
}

/**
 * Finds Chromium, installing Debian's package when none is found and this is a root shell with
 * apt-get (a fresh CI machine). Anywhere else it stops with the command to run.
 */
export function ensureChromium(log: (line: string) => void = console.log): string {
  return ensureEngine('chromium', { log, fallback: bundledChromium }).browser ?? '';
}

function launchOptions(options: LaunchOptions): LaunchOptions {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: run ensureChromium() first, which names the install command.');
  return { executablePath, headless: true, ...options, args: [...LAUNCH_ARGS, ...(options.args ?? [])] };
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch(launchOptions(options));
}

/** Chromium behind a Playwright server that several processes connect to (`chromium.connect`). */
export async function launchChromiumServer(options: LaunchOptions = {}): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions(options));
}

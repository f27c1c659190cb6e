import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright';
import { findOnPath } from './files';

export const INSTALL_HINT =
  'Install Chromium with `apt-get update && apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.';

// Without these, headless Chromium in a sandbox without network spends its start-up on refused connections.
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Where Chromium is, in order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, then Playwright's own
 * download. Undefined when there is none.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there. ${INSTALL_HINT}`);
    return fromEnv;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright throws when its own browser was never downloaded.
  }
  return undefined;
}

function canInstallWithApt(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && findOnPath('apt-get') !== undefined;
}

/**
 * Finds Chromium, installing Debian's package when none is found and this is a root shell with
 * apt-get (a fresh CI machine). Anywhere else it stops with the command to run.
 */
export function ensureChromium(log: (line: string) => void = console.log): string {
  const found = findChromium();
  if (found) return found;
  if (!canInstallWithApt()) throw new Error(`No Chromium found for the browser tests. ${INSTALL_HINT}`);
  log("No Chromium found: installing Debian's chromium package (apt-get update && apt-get install -y chromium)...");
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
    stdio: 'inherit',
  });
  const installed = findChromium();
  if (!installed) throw new Error(`Installing Debian's chromium package did not provide /usr/bin/chromium. ${INSTALL_HINT}`);
  log(`Chromium installed at ${installed}.`);
  return installed;
}

function launchOptions(options: LaunchOptions): LaunchOptions {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`No Chromium found. ${INSTALL_HINT}`);
  return { executablePath, headless: true, ...options, args: [...LAUNCH_ARGS, ...(options.args ?? [])] };
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch(launchOptions(options));
}

/** Chromium behind a Playwright server that several processes connect to (`chromium.connect`). */
export async function launchChromiumServer(options: LaunchOptions = {}): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions(options));
}

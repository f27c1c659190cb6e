import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { findOnPath } from './files';

/** The engines the site is proven in: Chromium (Blink), Firefox (Gecko) and WebKit (Safari's engine). */
export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

/**
 * Takes `--engine <name|all>` (or `--engine=<name|all>`) out of a command's arguments: the engines
 * it names, or undefined where it is absent. A name that is no engine stops the command, naming them.
 */
export function takeEngineOption(args: string[]): EngineName[] | undefined {
  const at = args.findIndex((arg) => arg === '--engine' || arg.startsWith('--engine='));
  if (at < 0) return undefined;
  const [flag = '', inline] = args[at]?.split('=') ?? [];
  const value = inline ?? args[at + 1];
  args.splice(at, inline === undefined ? 2 : 1);
  if (value === 'all') return [...ENGINES];
  if (ENGINES.includes(value as EngineName)) return [value as EngineName];
  console.error(`${flag} takes ${ENGINES.join(', ')} or all, not "${value ?? ''}".`);
  process.exit(1);
}

/** One program an engine needs: where it is looked for, and which Debian package brings it. */
interface Program {
  name: string;
  /** The environment variable that points at it, looked at first; none for a file its program finds itself. */
  env?: string;
  /** Where Debian puts it, in order of preference. */
  paths: () => string[];
  package: string;
}

/** A file of a Debian package that goes by the machine's multiarch folder (`/usr/lib/x86_64-linux-gnu/...`). */
function multiarchPaths(file: string): () => string[] {
  return () => {
    const lib = '/usr/lib';
    const folders = existsSync(lib) ? readdirSync(lib).filter((name) => /-linux-gnu/.test(name)) : [];
    return [lib, ...folders.map((name) => path.join(lib, name))].map((folder) => path.join(folder, file));
  };
}

const PROGRAMS: Record<EngineName, Record<string, Program>> = {
  chromium: {
    browser: { name: 'Chromium', env: 'CHROMIUM_PATH', paths: () => ['/usr/bin/chromium'], package: 'chromium' },
  },
  firefox: {
    browser: { name: 'Firefox', env: 'FIREFOX_PATH', paths: () => ['/usr/bin/firefox-esr', '/usr/bin/firefox'], package: 'firefox-esr' },
  },
  webkit: {
    driver: { name: 'WebKitWebDriver', env: 'WEBKIT_DRIVER_PATH', paths: () => ['/usr/bin/WebKitWebDriver'], package: 'webkit2gtk-driver' },
    // The browser is scripts/lib/engines/webkit-browser.py: Debian's Python 3 with WebKitGTK's GObject
    // introspection data (engines/webkit.ts says why not MiniBrowser).
    python: { name: 'Python 3', env: 'WEBKIT_PYTHON_PATH', paths: () => ['/usr/bin/python3'], package: 'python3' },
    gi: { name: "Python's GObject introspection", paths: () => ['/usr/lib/python3/dist-packages/gi/__init__.py'], package: 'python3-gi' },
    introspection: {
      name: "WebKitGTK's introspection data",
      paths: multiarchPaths('girepository-1.0/WebKit2-4.1.typelib'),
      package: 'gir1.2-webkit2-4.1',
    },
    // The browser is a GTK window: a virtual X display gives it a screen on a machine without one.
    display: { name: 'Xvfb', env: 'XVFB_PATH', paths: () => ['/usr/bin/Xvfb'], package: 'xvfb' },
  },
};

/** apt-get's arguments for each of its runs that bring these packages; `quiet` for a run nobody watches line by line. */
function aptRuns(packages: readonly string[], { quiet = false } = {}): string[][] {
  const level = quiet ? ['-qq'] : [];
  return [
    ['update', ...level],
    ['install', '-y', ...level, ...new Set(packages)],
  ];
}

/** The install command that brings what an engine lacks, as a person would type it. */
export function installCommand(packages: readonly string[]): string {
  return aptRuns(packages)
    .map((args) => ['apt-get', ...args].join(' '))
    .join(' && ');
}

function hint(engine: EngineName): string {
  const programs = Object.values(PROGRAMS[engine]);
  return `Install it with \`${installCommand(programs.map((program) => program.package))}\` (Debian/Ubuntu), or point ${programs
    .flatMap((program) => program.env ?? [])
    .join(' / ')} at it.`;
}

/** Where one program is: its environment variable (which must then name a file), else Debian's path. */
function locate(engine: EngineName, program: Program): string | undefined {
  const fromEnv = program.env && process.env[program.env];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${program.env} is set to ${fromEnv}, but no file is there. ${hint(engine)}`);
    return fromEnv;
  }
  return program.paths().find((candidate) => existsSync(candidate));
}

/** The programs of an engine by role (`browser`, and for WebKit `driver` and `display`), and those missing. */
export function findEngine(engine: EngineName): { found: Record<string, string>; missing: Program[] } {
  const found: Record<string, string> = {};
  const missing: Program[] = [];
  for (const [role, program] of Object.entries(PROGRAMS[engine])) {
    const where = locate(engine, program);
    if (where) found[role] = where;
    else missing.push(program);
  }
  return { found, missing };
}

function canInstallWithApt(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && findOnPath('apt-get') !== undefined;
}

/**
 * Finds what an engine needs, installing Debian's packages when something is missing and this is
 * a root shell with apt-get (a fresh CI machine), and saying so. Anywhere else it stops with a
 * message naming what is missing and the command that installs it. `fallback` is asked last (for
 * Chromium: Playwright's own download, where one was made).
 */
export function ensureEngine(
  engine: EngineName,
  { log = console.log, fallback }: { log?: (line: string) => void; fallback?: () => string | undefined } = {},
): Record<string, string> {
  const first = findEngine(engine);
  if (first.missing.length === 0) return first.found;
  const bundled = fallback?.();
  if (bundled) return { browser: bundled };
  const names = first.missing.map((program) => program.name).join(', ');
  const packages = first.missing.map((program) => program.package);
  const command = installCommand(packages);
  if (!canInstallWithApt()) throw new Error(`No ${names} found for the ${engine} tests. ${hint(engine)}`);
  log(`No ${names} found: installing Debian's packages (${command})...`);
  for (const args of aptRuns(packages, { quiet: true })) {
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const second = findEngine(engine);
  if (second.missing.length > 0) {
    throw new Error(`Installing ${command} did not provide ${second.missing.map((program) => program.name).join(', ')}. ${hint(engine)}`);
  }
  log(`${names} installed: ${Object.values(second.found).join(', ')}.`);
  return second.found;
}

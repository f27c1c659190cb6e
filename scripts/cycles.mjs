// @ts-check
/**
 * The import-cycle check of `npm run lint`: no module of the project imports itself through
 * others, type-only imports included (`import type` ties two modules as surely as a value does).
 * madge finds the cycles; it reads TypeScript with TypeScript 5's compiler API, which the
 * project's TypeScript 7 does not ship, so madge and that TypeScript live in scripts/cycles/,
 * installed from its lockfile on first use.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = path.join(import.meta.dirname, 'cycles');

/** The project's own source: everything but installs, output and tools' folders. */
export const SOURCE = [
  'build.ts',
  'dev.ts',
  'site.config.ts',
  'vitest.config.ts',
  'generator',
  'pages',
  'components',
  'client',
  'scripts',
  'tests',
];

/** madge, installed into scripts/cycles/ from its lockfile when it is not there yet. */
async function loadMadge() {
  if (!existsSync(path.join(folder, 'node_modules', 'madge'))) {
    console.error('Installing madge for the import-cycle check (npm ci in scripts/cycles/)…');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (install.status !== 0) throw new Error('Could not install madge: run `npm ci --prefix scripts/cycles` and try again.');
  }
  const entry = createRequire(path.join(folder, 'package.json')).resolve('madge');
  return /** @type {(paths: string[], config: object) => Promise<{ circular: () => string[][] }>} */ (
    (await import(pathToFileURL(entry).href)).default
  );
}

/**
 * Every import cycle among the files under `paths` (relative to `root`), each as the list of
 * files it runs through, relative to `root`.
 * @param {string} root
 * @param {readonly string[]} paths
 * @returns {Promise<string[][]>}
 */
export async function findCycles(root, paths) {
  const madge = await loadMadge();
  const detective = { skipTypeImports: false, skipAsyncImports: false };
  const result = await madge(
    paths.filter((entry) => existsSync(path.join(root, entry))).map((entry) => path.join(root, entry)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx', 'mts', 'mjs', 'js'],
      excludeRegExp: [/node_modules/, /(^|\/)scripts\/(lint|cycles|bench\/lighthouse)\//],
      tsConfig: path.join(root, 'tsconfig.json'),
      detectiveOptions: { ts: detective, tsx: detective, es6: detective },
    },
  );
  return result.circular();
}

// `node scripts/cycles.mjs`: prints the cycles and exits 1 when there is one.
if (process.argv[1] === import.meta.filename) {
  const root = path.resolve(import.meta.dirname, '..');
  const cycles = await findCycles(root, SOURCE);
  if (cycles.length > 0) {
    console.error(`Import cycles (${cycles.length}): each module below imports the next, and the last imports the first.`);
    for (const cycle of cycles) console.error(`  ${cycle.join(' → ')}`);
    process.exit(1);
  }
}

import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { buildsFolder, STORE_MARK } from '../../generator/output-swap';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/routes');

/** A route-table module of tests/fixtures/routes/, for the routesModule build option. */
export function fixture(name: string): string {
  return path.join(fixtures, name);
}

/**
 * What builds left beside the output besides the build it links to: staging folders, other
 * builds, locks, temporary links. `previous` allows the one build before the current (kept until
 * the next build, for readers still on it).
 */
export async function leftovers(outDir: string, { previous = false } = {}): Promise<string[]> {
  const store = buildsFolder(outDir);
  const parent = path.dirname(outDir);
  const found = (await readdir(parent)).filter((entry) => entry !== path.basename(outDir) && path.join(parent, entry) !== store);
  let current: string | undefined;
  try {
    current = path.basename(await readlink(outDir));
  } catch {
    current = undefined;
  }
  let builds = 0;
  for (const entry of await readdir(store).catch(() => [] as string[])) {
    // The record of when each earlier build's assets were replaced, for their grace period, and the folder's mark.
    if (entry === current || entry === 'assets.json' || entry === STORE_MARK) continue;
    if (previous && entry.startsWith('build-') && builds++ === 0) continue;
    found.push(`${path.basename(store)}/${entry}`);
  }
  return found.sort();
}

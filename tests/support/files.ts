import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileClock } from '../../generator/cache.mjs';

/** Every file under a folder with the SHA-256 of its bytes, keyed by relative path: a byte-for-byte fingerprint. */
export async function fingerprint(folder: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of (await readdir(folder, { recursive: true, withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(folder, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return result;
}

/**
 * Until the file system's clock (the cache's fileClock) has moved past the last change of `file`: within one tick of it, an
 * entry made from the file is not kept, since the file may have changed after it was read.
 */
export async function clockPast(root: string, file: string): Promise<void> {
  const changed = (await stat(file)).ctimeMs;
  while ((fileClock(root) ?? Number.POSITIVE_INFINITY) <= changed) await new Promise((resolve) => setImmediate(resolve));
}

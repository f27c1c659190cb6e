import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

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

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../failure';
import type { Writer } from '../writer';

/** Copies public/ into the output as it is; a file that would overwrite a generated one is an error. */
export async function copyPublic(root: string, out: Writer): Promise<void> {
  const source = path.join(root, 'public');
  let entries: string[];
  try {
    entries = await readdir(source, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const generated = new Set(out.files.map((output) => output.path));
  for (const entry of entries.sort()) {
    const from = path.join(source, entry);
    let contents: Buffer;
    try {
      contents = await readFile(from);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EISDIR') continue;
      throw error;
    }
    const relative = entry.split(path.sep).join('/');
    if (generated.has(relative)) {
      throw new BuildError(`public/${relative} would overwrite a generated file of the same name; rename it.`, {
        file: `public/${relative}`,
      });
    }
    await out.write(relative, contents);
  }
}

/** A link is followed only inside the folder: no file of the machine (/proc/self/environ, a key) can reach the output or a bucket. */
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../failure';
import { folderName } from '../urls';
import { type OutputFile, writeOutput } from '../writer';

export interface Public {
  files: OutputFile[];
  reads: string[];
}

/** `taken`: the files the build wrote. */
export async function copyPublic(root: string, folder: string | undefined, taken: ReadonlySet<string>, staging: string): Promise<Public> {
  if (folder === undefined) return { files: [], reads: [] };
  const name = folderName(folder);
  const source = path.join(root, name);
  const entries = await readdir(source, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (entries === undefined) return { files: [], reads: [`${name}/`] };
  const inside = await realpath(source);
  const files: OutputFile[] = [];
  const reads = [`${name}/`];
  const paths = entries.map((entry) => path.join(entry.parentPath, entry.name)).sort();
  for (const from of paths) {
    const relative = path.relative(source, from).split(path.sep).join('/');
    const shown = `${name}/${relative}`;
    const info = await lstat(from);
    if (info.isSymbolicLink()) {
      const target = await realpath(from).catch(() => undefined);
      if (target === undefined || (target !== inside && !target.startsWith(inside + path.sep))) {
        throw new BuildError(
          `${shown} is a link to ${target ?? 'nothing'}, outside ${name}/: only the site's own files are published. Copy the file into ${name}/ if it belongs to the site, or remove the link.`,
          { file: shown },
        );
      }
      if (!(await lstat(target)).isFile()) continue;
    } else if (!info.isFile()) continue;
    if (taken.has(relative))
      throw new BuildError(`${shown} would overwrite a generated file of the same name; rename it.`, { file: shown });
    reads.push(shown);
    files.push(await writeOutput(staging, relative, await readFile(from)));
  }
  return { files, reads };
}

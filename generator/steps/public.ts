/** A link is followed only inside the folder: no file of the machine (/proc/self/environ, a key) can reach the output or a bucket. */
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { BuildError, unlessMissing } from '../failure';
import { isWithin, outsideProject } from '../project-files';
import { folderName } from '../urls';
import type { OutputFile, Writer } from '../writer';
import { config } from './config';
import { defineStep } from './step';

export type Public = { files: OutputFile[]; reads: string[] };

/** A file that has the name of one the build makes is refused by the writer, naming both. */
async function copyPublic(root: string, folder: string | undefined, writer: Writer): Promise<Public> {
  if (folder === undefined) return { files: [], reads: [] };
  const name = folderName(folder);
  const source = path.join(root, name);
  // Its files are held to the folder below; the folder itself, to the project.
  const away = outsideProject(root, name);
  if (away !== undefined) throw new BuildError(away, { file: name });
  const entries = await readdir(source, { recursive: true, withFileTypes: true }).catch(unlessMissing);
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
      if (target === undefined || !isWithin(inside, target))
        throw new BuildError(
          `${shown} is a link to ${target ?? 'nothing'}, outside ${name}/: only the site's own files are published. Copy the file into ${name}/ if it belongs to the site, or remove the link.`,
          { file: shown },
        );
      if (!(await lstat(target)).isFile()) continue;
    } else if (!info.isFile()) continue;
    reads.push(shown);
    files.push(writer.write(relative, await readFile(from), { what: shown, file: shown }));
  }
  return { files, reads };
}

export const publicFiles = defineStep({
  name: 'public',
  needs: { config },
  run: ({ config }, { build }) => copyPublic(build.options.root, config.site.public, build.writer),
});

import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
/** This repository: the site's project, with the generator in it. */
export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** Build output, dependencies and local tool output: never part of a copy. */
const SKIPPED = /^(node_modules|\.git|dist|dist\..*|\.dist-.*|bench-results|screenshots|\.exp)$/;

/**
 * `npm run build -- <args>` as npm runs it, without npm: node, the launcher and build.ts, for a
 * spawn with the project (or a copy of it) as its working folder. `nodeOptions` go to node first.
 */
export function buildCommand(args: readonly string[] = [], nodeOptions: readonly string[] = []): [string, string[]] {
  return [process.execPath, [...nodeOptions, 'generator/launch.mjs', 'build.ts', ...args]];
}

/**
 * A pages module for `--pages`, in a folder of its own: the names beside a module are inputs of its
 * cached bundle (a new file can change what an import resolves to), so a module beside the runs'
 * output folders would be bundled anew by every run.
 */
export async function writePagesModule(folder: string, name: string, source: string): Promise<string> {
  const file = path.join(folder, `module-${name}`, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, source);
  return file;
}

export interface ProjectCopy {
  root: string;
  remove: () => Promise<void>;
}

/**
 * A throwaway copy of the project's sources, with node_modules symlinked: a place where tests and
 * the benchmark may break pages and stylesheets without touching the real ones. With `ownCache`,
 * node_modules is a folder of links to the project's packages instead, so that the copy's
 * generator cache (node_modules/.cache) is its own, to empty at will.
 */
export async function copyProject(prefix = 'site-copy-', { ownCache = false } = {}): Promise<ProjectCopy> {
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(projectRoot, root, {
    recursive: true,
    filter: (source) => {
      const parts = path.relative(projectRoot, source).split(path.sep);
      // A bench's own packages too (scripts/bench/lighthouse/node_modules, 16,000 files once `bench lighthouse` ran): copied,
      // they made every copy take 20 s.
      return parts[0] === '' || !(SKIPPED.test(parts[0] ?? '') || parts.includes('node_modules'));
    },
  });
  const modules = path.join(projectRoot, 'node_modules');
  if (ownCache) {
    await mkdir(path.join(root, 'node_modules'));
    for (const name of await readdir(modules)) {
      if (name !== '.cache') await symlink(path.join(modules, name), path.join(root, 'node_modules', name));
    }
  } else await symlink(modules, path.join(root, 'node_modules'), 'dir');
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

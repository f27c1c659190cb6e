/** What the build reads to publish is taken at its real path: a link that leads out of the project is refused, never followed. */
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Whether `file` is `folder` or lies in it; both real paths. */
export function isWithin(folder: string, file: string): boolean {
  return file === folder || file.startsWith(folder + path.sep);
}

/** Undefined inside the project or where nothing is (its reader says so); else a message naming the link on the way and its target. */
export function outsideProject(root: string, relative: string): string | undefined {
  const project = realpathSync(root);
  const real = realPath(path.resolve(root, relative));
  if (real === undefined || isWithin(project, real)) return undefined;
  const parts = path.relative(root, path.resolve(root, relative)).split(path.sep);
  // The first link that leads out: the one to remove or replace, whichever folder of the path it is.
  for (let depth = 1; depth <= parts.length; depth += 1) {
    const at = path.join(root, ...parts.slice(0, depth));
    const target = lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink() ? realPath(at) : undefined;
    if (target === undefined || isWithin(project, target)) continue;
    const link = parts.slice(0, depth).join('/');
    const through = depth < parts.length ? ` (${parts.join('/')} is in it)` : '';
    return `${link} is a link to ${target}, outside the project${through}: only the project's own files are published. Copy what belongs to the site into the project, or remove the link.`;
  }
  return `${parts.join('/')} is ${real}, outside the project: only the project's own files are published.`;
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

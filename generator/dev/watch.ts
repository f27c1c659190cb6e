/**
 * Watches the site's sources with Node's own fs.watch (recursive on Linux since Node 20, and
 * native on macOS and Windows): no dependency, and a change is seen within a millisecond or two.
 */
import { existsSync, type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import { type SourceName, sourcesOf, sourcesUnder, watchedRoots } from '../sources';

/** Editor droppings: swap files, backups, lock files. */
function ignored(file: string): boolean {
  const base = path.basename(file);
  return base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base) || base.startsWith('#');
}

export interface SourceWatcher {
  close: () => void;
}

/**
 * Calls onChange(source, file) for every change to a source file (generator/sources.ts), with file
 * relative to root. A watched folder that does not exist yet (public/ is optional) is picked up
 * when it appears.
 */
export function watchSources(root: string, onChange: (source: SourceName, file: string) => void): SourceWatcher {
  const roots = watchedRoots();
  const folders = new Map<string, FSWatcher>();
  const report = (file: string) => {
    for (const source of sourcesOf(file)) onChange(source, file);
  };

  const watchFolder = (name: string) => {
    if (!roots.includes(name) || name.includes('.') || folders.has(name) || !existsSync(path.join(root, name))) return;
    const watcher = watch(path.join(root, name), { recursive: true }, (_event, file) => {
      if (file && !ignored(file)) report(`${name}/${file.split(path.sep).join('/')}`);
    });
    watcher.on('error', () => {
      // The folder was deleted: forget it, so that it is watched again if it comes back.
      watcher.close();
      folders.delete(name);
    });
    folders.set(name, watcher);
  };

  for (const name of roots) watchFolder(name);

  // The project root itself, not recursively (node_modules lives there): site.config.ts, and
  // watched folders that are created or replaced.
  const top = watch(root, (_event, file) => {
    if (!file || !roots.includes(file)) return;
    if (file.includes('.')) {
      report(file);
    } else {
      watchFolder(file);
      for (const source of sourcesUnder(file)) onChange(source, `${file}/`);
    }
  });

  return {
    close() {
      top.close();
      for (const watcher of folders.values()) watcher.close();
      folders.clear();
    },
  };
}

/**
 * Watches the site's sources with chokidar, which watches each folder on its own: Node's own
 * recursive fs.watch lost events on Linux under Node 20 (a burst of renames, as editors save).
 */
import path from 'node:path';
import { watch } from 'chokidar';
import { type SourceName, sourcesOf, sourcesUnder, watchedRoots } from '../sources';

/** Editor droppings: swap files, backups, lock files. */
function ignored(file: string): boolean {
  const base = path.basename(file);
  return base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base) || base.startsWith('#');
}

export interface SourceWatcher {
  /** Resolves once every watched folder is watched: a save from then on is seen. */
  ready: Promise<void>;
  close: () => Promise<void>;
}

/** `file` relative to root; a folder made or removed (public/ is optional) stands for every source under it. */
export function watchSources(root: string, onChange: (source: SourceName, file: string) => void): SourceWatcher {
  const roots = watchedRoots();
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const watcher = watch(root, {
    ignoreInitial: true,
    // Only the top-level files and folders that hold sources: node_modules and the output live there too.
    ignored: (file) => {
      const name = relative(file);
      return name !== '' && (!roots.includes(name.split('/')[0] ?? '') || ignored(name));
    },
  });
  watcher.on('all', (event, file) => {
    const name = relative(file);
    if (event === 'addDir' || event === 'unlinkDir') {
      for (const source of sourcesUnder(name.split('/')[0] ?? '')) onChange(source, `${name}/`);
    } else {
      for (const source of sourcesOf(name)) onChange(source, name);
    }
  });
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    close: () => watcher.close(),
  };
}

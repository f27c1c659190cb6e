/**
 * Watches the project with chokidar, which watches each folder on its own: Node's own recursive
 * fs.watch lost events on Linux under Node 20 (a burst of renames, as editors save). Every file
 * but the installed packages, the output and the generator's own reaches the session, which
 * knows from what each step read which steps a change makes stale.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';

/** Top-level folders that hold no source of the site (the generator's own changes need a restart). */
export const UNWATCHED = new Set([
  'node_modules',
  'dist',
  'generator',
  'tests',
  'scripts',
  'docs',
  'bench-results',
  'screenshots',
  'coverage',
]);

/** chokidar's `_throttle(EV.CHANGE, path, 50)`. */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/**
 * chokidar reads a new folder and only then watches it: a file that lands in between (a checkout
 * adding nested folders, on a busy machine) was never reported. So a new folder is read again
 * after each of these delays, and a file in it that was not reported since it appeared is then.
 */
const NEW_FOLDER_READS_MS = [100, 1000];

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

/** `file` relative to root; a folder made or removed is reported as `folder/`. */
export function watchSources(root: string, onChange: (file: string) => void): SourceWatcher {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (file) => {
      const name = relative(file);
      return name !== '' && (UNWATCHED.has(name.split('/')[0] ?? '') || name.split('/').some(ignored));
    },
  });
  /** The folders made since the watch began that are still to be read again, each with the files reported in it since. */
  const newFolders = new Set<{ folder: string; reported: Set<string> }>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const report = (name: string) => {
    for (const { folder, reported } of newFolders) if (name.startsWith(`${folder}/`)) reported.add(name);
    onChange(name);
  };
  const readAgain = (folder: string) => {
    const added = { folder, reported: new Set<string>() };
    newFolders.add(added);
    NEW_FOLDER_READS_MS.forEach((delay, index) => {
      const timer = setTimeout(async () => {
        timers.delete(timer);
        const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
        if (index === NEW_FOLDER_READS_MS.length - 1) newFolders.delete(added);
        if (closed) return;
        for (const entry of entries) {
          const name = relative(path.join(entry.parentPath, entry.name));
          // chokidar asks `ignored` of every folder on the way, and so is each part of the path here.
          if (!entry.isFile() || added.reported.has(name) || name.split('/').some(ignored)) continue;
          report(name);
        }
      }, delay);
      timers.add(timer);
    });
  };
  // chokidar passes on the first change of a file in 50 ms and drops the rest: a save right after
  // another (a format-on-save, an undo) was lost, and the dev server kept the first. So each change
  // is looked at again once that time has passed, and reported again if the file changed since.
  const lookAgain = new Map<string, NodeJS.Timeout>();
  const afterThrottle = (file: string, name: string, mtimeMs: number | undefined) => {
    clearTimeout(lookAgain.get(file));
    const timer = setTimeout(async () => {
      lookAgain.delete(file);
      const now = await stat(file).then(
        (stats) => stats.mtimeMs,
        () => undefined,
      );
      if (now !== mtimeMs) report(name);
    }, CHOKIDAR_CHANGE_THROTTLE_MS + 20);
    lookAgain.set(file, timer);
  };
  watcher.on('all', (event, file, stats) => {
    const name = relative(file);
    if (event === 'addDir' || event === 'unlinkDir') {
      onChange(`${name}/`);
      if (event === 'addDir') readAgain(name);
      return;
    }
    report(name);
    if (event === 'change') afterThrottle(file, name, stats?.mtimeMs);
  });
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    close: () => {
      closed = true;
      for (const timer of [...lookAgain.values(), ...timers]) clearTimeout(timer);
      return watcher.close();
    },
  };
}

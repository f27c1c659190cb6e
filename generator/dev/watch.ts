/** chokidar watches each folder on its own: Node 20's recursive fs.watch lost events on Linux (a burst of renames, as editors save). */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';

/** No source of a site: its packages, and the build's output (a hidden name, `.dist-builds`, is passed over anyway). */
const UNWATCHED = new Set(['node_modules', 'dist']);
/** The generator's own changes need a restart, wherever it is installed. */
const GENERATOR = path.resolve(import.meta.dirname, '..');

/** chokidar's `_throttle(EV.CHANGE, path, 50)`. */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/** chokidar reads a new folder, then watches it: a file that lands in between was never reported, so the folder is read again. */
const NEW_FOLDER_READS_MS = [100, 1000];

function ignored(file: string): boolean {
  const base = path.basename(file);
  return base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base) || base.startsWith('#');
}

export interface SourceWatcher {
  /** A save from then on is seen. */
  ready: Promise<void>;
  close: () => Promise<void>;
}

/** A folder made or removed is reported as `folder/`. */
export function watchSources(root: string, onChange: (file: string) => void): SourceWatcher {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (file) => {
      const name = relative(file);
      if (file === GENERATOR || file.startsWith(`${GENERATOR}${path.sep}`)) return true;
      return name !== '' && (UNWATCHED.has(name.split('/')[0] ?? '') || name.split('/').some(ignored));
    },
  });
  /** Each with the files reported in it since. */
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
  // chokidar drops all but a file's first change in 50 ms: a format-on-save was lost. So each change is looked at again after.
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

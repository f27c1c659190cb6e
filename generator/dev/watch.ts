/** chokidar watches each folder on its own: Node 20's recursive fs.watch lost events on Linux (a burst of renames, as editors save). */
import { closeSync, existsSync, opendirSync, openSync, readlinkSync, realpathSync, type Stats, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Failure } from '../failure';
import { isWithin } from '../project-files';

/** No source of a site: its packages, and the build's output (a hidden name, `.dist-builds`, is passed over anyway). */
const UNWATCHED = new Set(['node_modules', 'dist']);
/** The generator's own changes need a restart, wherever it is installed. */
const GENERATOR = path.resolve(import.meta.dirname, '..');

/** chokidar's `_throttle(EV.CHANGE, path, 50)`. */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/** chokidar reads a new folder, then watches it: a file that lands in between was never reported, so the folder is read again. */
const NEW_FOLDER_READS_MS = [100, 1000];

/** Permissions a person can fix while the server runs: the folder is watched again once it can be read. */
const PERMISSION_CODES = new Set(['EACCES', 'EPERM']);

function ignored(file: string): boolean {
  const base = path.basename(file);
  return base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base) || base.startsWith('#');
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

function codeOfCall(call: () => void): string | undefined {
  try {
    call();
    return undefined;
  } catch (error) {
    return codeOf(error) ?? 'error';
  }
}

export interface SourceWatcher {
  /** A save from then on is seen. */
  ready: Promise<void>;
  /** What it cannot watch now (a link it does not follow, a folder it cannot read), each naming its file. */
  notices: () => Failure[];
  close: () => Promise<void>;
}

/** A notice, and whether what it names is to be watched once it is fixed. */
type Notice = { failure: Failure; holds: () => boolean; rewatch: boolean };

/**
 * A folder made or removed is reported as `folder/`. What cannot be watched (a link out of the project or into a loop, a folder
 * it may not read, a system limit) never stops it: `onNotice` says so, naming the file, and again when it is fixed.
 */
export async function watchSources(
  root: string,
  onChange: (file: string) => void,
  onNotice: (notice: Failure, fixed: boolean) => void = () => {},
): Promise<SourceWatcher> {
  // Loaded here, not with the module: the build command, which imports the dev server's code with the generator's, never watches.
  const { watch } = await import('chokidar');
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const realRoot = realpathSync(root);
  /** The project's name of a real path, else the path itself. */
  const shownReal = (real: string) => (isWithin(realRoot, real) ? path.relative(realRoot, real).split(path.sep).join('/') || '.' : real);
  const notices = new Map<string, Notice>();
  const notify = (file: string, notice: Omit<Notice, 'failure'> & { message: string }) => {
    if (notices.has(file)) return;
    const failure = { message: notice.message, file };
    notices.set(file, { failure, holds: notice.holds, rewatch: notice.rewatch });
    onNotice(failure, false);
  };

  /** Why a link is not followed: it leads out of the project, into a folder that holds it (a loop), or nowhere it may go. */
  const refusal = (link: string): string | undefined => {
    const name = relative(link);
    let written: string;
    try {
      written = readlinkSync(link);
    } catch {
      return undefined;
    }
    const to = (target: string) =>
      shownReal(target) === written ? JSON.stringify(written) : `${JSON.stringify(written)} (${shownReal(target)})`;
    try {
      const target = realpathSync(link);
      if (!isWithin(realRoot, target)) return `${name} is a link to ${to(target)}, outside the project: the dev server does not follow it.`;
      // A folder it is reached through, the link's own included: following it would go round forever.
      for (let folder = path.dirname(link); isWithin(root, folder); folder = path.dirname(folder))
        if (isWithin(target, realpathSync(folder)))
          return `${name} is a link to ${to(target)}, a folder it is in: following it would loop, so the dev server does not.`;
      return undefined;
    } catch (error) {
      // A link to nothing, or a folder on the way gone as it was read: nothing to follow (and the build, if it reads it, says so).
      const code = codeOf(error);
      if (code === 'ENOENT') return undefined;
      const why = code === 'ELOOP' ? 'which leads back to itself through links (ELOOP)' : `which cannot be followed (${code})`;
      return `${name} is a link to ${JSON.stringify(written)}, ${why}: the dev server does not follow it.`;
    }
  };
  const refused = (link: string, stats: Stats | undefined) => {
    if (!stats?.isSymbolicLink()) return false;
    const message = refusal(link);
    if (message === undefined) return false;
    notify(relative(link), { message, holds: () => refusal(link) === message, rewatch: false });
    return true;
  };

  /** The code opening it fails with for want of permission; undefined when it can be opened, or is gone. */
  const denied = (file: string): string | undefined => {
    // Opened, not read: a folder may hold many entries.
    let code = codeOfCall(() => opendirSync(file).closeSync());
    if (code === 'ENOTDIR') code = codeOfCall(() => closeSync(openSync(file, 'r')));
    return code !== undefined && PERMISSION_CODES.has(code) ? code : undefined;
  };
  /** The highest folder on the way to `folder` that cannot be read (nothing under it can be). */
  const highestDenied = (folder: string): string | undefined => {
    if (denied(folder) === undefined) return undefined;
    const parent = path.dirname(folder);
    return (parent !== root && isWithin(root, parent) && highestDenied(parent)) || folder;
  };
  /** chokidar may have given up on it (its watch failed), or not (it read it again): either way it is watched again once fixed. */
  const cannotRead = (file: string, code: string) => {
    const folder = statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
    const name = `${relative(file)}${folder ? '/' : ''}`;
    notify(name, {
      message: `${name} cannot be read (${code}): the dev server does not see ${folder ? 'what changes in it' : 'its saves'}. Check its permissions.`,
      holds: () => denied(file) !== undefined,
      rewatch: true,
    });
  };

  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (file, stats) => {
      const name = relative(file);
      if (isWithin(GENERATOR, file)) return true;
      if (name !== '' && (UNWATCHED.has(name.split('/')[0] ?? '') || name.split('/').some(ignored))) return true;
      // chokidar reads each folder's entries with lstat: a link is seen as one before it is followed.
      return refused(file, stats);
    },
  });
  // Without a listener, chokidar's 'error' ends the process.
  watcher.on('error', (error) => {
    const code = codeOf(error) ?? 'error';
    const at = (error as NodeJS.ErrnoException).path;
    const file = at === undefined ? root : path.resolve(root, at);
    if (PERMISSION_CODES.has(code) && denied(file) !== undefined) return cannotRead(file, code);
    const name = isWithin(root, file) ? relative(file) || '.' : file;
    const limit = code === 'ENOSPC' ? ': the system’s limit on watched folders (fs.inotify.max_user_watches) is reached' : '';
    notify(name, {
      message: `${name} cannot be watched (${code}${limit}): the dev server does not see what changes in it. Restart it once this is fixed.`,
      holds: () => existsSync(file),
      rewatch: false,
    });
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
  /** After any change in a watched folder (a link removed, a folder's permissions changed), each notice is looked at again. */
  let recheck: NodeJS.Immediate | undefined;
  watcher.on('raw', () => {
    if (notices.size === 0 || recheck || closed) return;
    recheck = setImmediate(() => {
      recheck = undefined;
      for (const [name, notice] of notices) {
        if (closed || notice.holds()) continue;
        notices.delete(name);
        onNotice(notice.failure, true);
        if (!notice.rewatch) continue;
        // What chokidar could not watch: watched now, and reported, with what is in a folder, as a folder made would be.
        const file = name.replace(/\/$/, '');
        watcher.add(path.join(root, file));
        onChange(name);
        if (name.endsWith('/')) readAgain(file);
      }
    });
  });
  watcher.on('all', (event, file, stats) => {
    const name = relative(file);
    if (event === 'unlink' || event === 'unlinkDir') {
      // chokidar reports what is in a folder it can no longer read as removed.
      const folder = highestDenied(path.dirname(file));
      if (folder) cannotRead(folder, denied(folder) ?? 'EACCES');
    }
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
    notices: () => [...notices.values()].map((notice) => notice.failure),
    close: () => {
      closed = true;
      clearImmediate(recheck);
      for (const timer of [...lookAgain.values(), ...timers]) clearTimeout(timer);
      return watcher.close();
    },
  };
}

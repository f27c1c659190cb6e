/**
 * The output folder, replaced with no gap. `dist` is a symbolic link to a complete build in
 * `.dist-builds/`; a build writes a new folder beside it and, once every step succeeded, points
 * the link at it with one rename(2), which is atomic. At every instant, and after a kill -9 at
 * any moment, `dist/` is either the whole previous site or the whole new one, for anyone reading
 * it. The build before the current one stays until the next build starts, so that a server still
 * reading from it finishes; anything else in `.dist-builds/` is swept by the next build.
 *
 * An output asked for as a plain folder (`--out-dir` without `--link`: a folder a web server or a
 * copy reads as it is) is replaced by two renames instead, the old folder aside, then the new one
 * in: between the two, for the time of one rename, there is no folder. A build killed there
 * leaves the new site complete beside it, and the next build puts it in place before anything
 * else. (Linux's renameat2(RENAME_EXCHANGE) would swap two folders at once, but Node cannot call
 * it.)
 *
 * A lock in `.dist-builds/` keeps two builds from writing the same output at once; one left by a
 * process that no longer runs is taken over.
 */
import type { Stats } from 'node:fs';
import { link, lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { BuildError } from './failure';
import type { Faults, PausePoint } from './faults';
import { isRunning } from './process-alive';

export interface OutputFolder {
  /** Where the steps write: becomes the output when committed. */
  staging: string;
  /** Points the output at the staging folder. */
  commit: () => Promise<void>;
  /** Removes the staging folder and releases the lock; the output stays as it was. */
  abandon: () => Promise<void>;
}

interface LockOwner {
  pid: number;
  host: string;
  started: string;
  command: string;
}

/**
 * How the output is replaced. 'link' (dist/): a symbolic link into the builds folder, swapped in
 * one rename, with no gap. 'folder': a plain folder, replaced by two renames.
 */
export type OutputLayout = 'link' | 'folder';

/** The folder of complete builds that the output links to: `.dist-builds` beside `dist`. */
export function buildsFolder(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-builds`);
}

/**
 * Prepares a build of `outDir`: checks what is there, takes the lock, sweeps what dead builds
 * left, and makes the staging folder. Refuses an output that is a file, or a link this generator
 * did not make (or, for the link layout, a plain folder), rather than replace it. `warn` hears of
 * clean-ups that failed; `faults` may stop the build at a named moment, for the tests.
 */
export async function openOutput(
  outDir: string,
  layout: OutputLayout,
  { warn, faults }: { warn: (line: string) => void; faults: Faults },
): Promise<OutputFolder> {
  const store = buildsFolder(outDir);
  const name = path.basename(outDir);
  const pause = (point: PausePoint) => faults.pause(store, point);
  // Refuses what is in the way before making anything beside it.
  await currentTarget(outDir, store, layout);
  await mkdir(store, { recursive: true });
  const release = await lock(store, outDir);
  try {
    await pause('locked');
    await finishPlainMove(outDir, store);
    // Read again under the lock: another build may have swapped it in the meantime.
    const current = await currentTarget(outDir, store, layout);
    await sweep(store, outDir, current.build, warn);
    const id = `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
    const staging = path.join(store, `staging-${id}`);
    await mkdir(staging);
    const abandon = async () => {
      await rm(staging, { recursive: true, force: true });
      await release();
    };
    if (layout === 'folder')
      return { staging, abandon, commit: () => commitFolder({ outDir, store, id, staging, current, release, warn, pause }) };
    return {
      staging,
      abandon,
      commit: async () => {
        try {
          await pause('staged');
          const build = path.join(store, `build-${id}`);
          await rename(staging, build);
          // A new link beside the output, then one rename over it: readers see the old or the new.
          const temporary = path.join(path.dirname(outDir), `.${name}-link-${id}`);
          const target = path.relative(path.dirname(outDir), build);
          await symlink(process.platform === 'win32' ? build : target, temporary, process.platform === 'win32' ? 'junction' : 'dir');
          await pause('before-link');
          await rename(temporary, outDir);
          await pause('after-link');
        } catch (error) {
          await rm(staging, { recursive: true, force: true }).catch(() => {});
          await release();
          throw error;
        }
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * Replaces a plain output folder: the new build, complete and checked, waits as `ready-<id>`; the
 * old output moves aside as `previous-<id>`, and the new one takes its place. Between those two
 * renames there is no output (a reader gets "not found"); a build killed there leaves both, and
 * the next build finishes the move first (finishPlainMove). The old output is removed once the
 * new one is in: a clean-up that fails is a warning, never a failed build.
 */
async function commitFolder({
  outDir,
  store,
  id,
  staging,
  current,
  release,
  warn,
  pause,
}: {
  outDir: string;
  store: string;
  id: string;
  staging: string;
  current: Current;
  release: () => Promise<void>;
  warn: (line: string) => void;
  pause: (point: PausePoint) => Promise<void>;
}): Promise<void> {
  const ready = path.join(store, `ready-${id}`);
  const previous = path.join(store, `previous-${id}`);
  const exists = current.folder || current.build !== undefined;
  try {
    await pause('staged');
    await rename(staging, ready);
    if (exists) await rename(outDir, previous);
    await pause('moved-aside');
    try {
      await rename(ready, outDir);
    } catch (error) {
      // Something took the name in the gap: put the old output back, and leave that alone.
      if (exists) await rename(previous, outDir).catch(() => {});
      throw error;
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
    await rm(ready, { recursive: true, force: true }).catch(() => {});
    await release();
    throw error;
  }
  await release();
  // The old output (or the link this generator made, and the build it pointed to) goes at once:
  // the next build's sweep would remove it anyway, and a plain folder keeps no history.
  for (const old of exists ? [previous, ...(current.build ? [current.build] : [])] : []) {
    await rm(old, { recursive: true, force: true }).catch((error: Error) =>
      warn(`Could not remove ${path.relative(process.cwd(), old)}, the output before this build: ${error.message}`),
    );
  }
}

/**
 * The gap of a plain output folder: a build killed between its two renames leaves no output, but
 * the new build complete as `ready-<id>` beside the old one as `previous-<id>`. The next build
 * finishes that move before anything else, so the new site is back even if that build fails.
 */
async function finishPlainMove(outDir: string, store: string): Promise<void> {
  if (await lstat(outDir).catch(() => undefined)) return;
  for (const entry of await readdir(store)) {
    if (!entry.startsWith('ready-')) continue;
    const id = entry.slice('ready-'.length);
    if (!(await isFolder(path.join(store, `previous-${id}`))) || !(await isFolder(path.join(store, entry)))) continue;
    await rename(path.join(store, entry), outDir);
    return;
  }
}

async function isFolder(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => undefined))?.isDirectory() ?? false;
}

/** What the output is now: the build it links to, a plain folder, or nothing. */
interface Current {
  build?: string;
  folder: boolean;
}

/**
 * What the output is now. A plain folder to be replaced by another ('folder' layout) must be
 * empty or hold a built site (index.html and 404.html): `--out-dir` pointed at a folder of other
 * things by mistake must not see it moved away and deleted. The link layout replaces only a link
 * it made.
 */
async function currentTarget(outDir: string, store: string, layout: OutputLayout): Promise<Current> {
  let info: Stats;
  try {
    info = await lstat(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { folder: false };
    throw error;
  }
  const shown = path.relative(process.cwd(), outDir) || outDir;
  if (info.isSymbolicLink()) {
    const target = path.resolve(path.dirname(outDir), await readlink(outDir));
    if (path.dirname(target) === store) return { build: target, folder: false };
    throw new BuildError(
      `${shown} is a symbolic link to ${target}, which this generator did not make; it will not replace it. Move it away, or build elsewhere (--out-dir).`,
      { file: shown },
    );
  }
  if (info.isDirectory() && layout === 'link') {
    throw new BuildError(
      `${shown} is a folder, not the link to a build this generator makes; it will not replace it. Move it away, or build a plain folder (--out-dir without --link).`,
      { file: shown },
    );
  }
  if (info.isDirectory()) {
    const entries = await readdir(outDir);
    if (entries.length > 0 && !(entries.includes('index.html') && entries.includes('404.html'))) {
      throw new BuildError(
        `${shown} is a folder that holds no built site (no index.html and 404.html); the build will not replace it. Empty it, or build elsewhere (--out-dir).`,
        { file: shown },
      );
    }
    return { folder: true };
  }
  throw new BuildError(`${shown} exists and is not a folder; the build will not delete it. Move it away, or build elsewhere (--out-dir).`, {
    file: shown,
  });
}

/** Takes the lock of the builds folder, or fails naming the build that holds it. */
async function lock(store: string, outDir: string): Promise<() => Promise<void>> {
  const file = path.join(store, 'lock');
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    command: [path.relative(process.cwd(), process.argv[1] ?? ''), ...process.argv.slice(2)].join(' '),
  };
  // Written whole under a private name, then linked: the lock file never exists half-written.
  const mine = path.join(store, `lock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  await writeFile(mine, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await link(mine, file);
        return async () => {
          await unlink(file).catch(() => {});
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await readFile(file, 'utf8')
        .then((text) => JSON.parse(text) as LockOwner)
        .catch(() => undefined);
      if (holder && isAlive(holder)) {
        const shown = path.relative(process.cwd(), outDir) || outDir;
        throw new BuildError(
          `Another build is writing ${shown}: process ${holder.pid} (${holder.command}), started ${holder.started}. Wait for it to finish, or stop it; ${shown} is left as it is.`,
        );
      }
      // The holder is gone: move its lock aside (only one taker can) and try again.
      await rename(file, `${file}.stale-${process.pid}`).catch(() => {});
      await rm(`${file}.stale-${process.pid}`, { force: true });
    }
    throw new BuildError(`Could not take the lock ${file}; remove it if no build is running.`);
  } finally {
    await unlink(mine).catch(() => {});
  }
}

function isAlive(owner: LockOwner): boolean {
  // A lock from another machine (a shared disk) cannot be checked: assume it holds.
  return owner.host !== hostname() || isRunning(owner.pid);
}

/**
 * Removes what builds left besides the current build and the lock: in the builds folder, staging
 * folders of builds that died, builds no longer linked, locks' leftovers; beside the output, the
 * temporary link of a build killed before its swap.
 */
async function sweep(store: string, outDir: string, current: string | undefined, warn: (line: string) => void): Promise<void> {
  const name = path.basename(outDir);
  const leftovers = [
    ...(await readdir(store))
      .filter((entry) => entry !== 'lock' && !isLockCandidateOfLiveBuild(entry))
      .map((entry) => path.join(store, entry)),
    ...(await readdir(path.dirname(outDir)))
      .filter((entry) => entry.startsWith(`.${name}-link-`))
      .map((entry) => path.join(path.dirname(outDir), entry)),
  ];
  for (const leftover of leftovers) {
    if (leftover === current) continue;
    try {
      await rm(leftover, { recursive: true, force: true });
    } catch (error) {
      warn(`Could not remove ${path.relative(process.cwd(), leftover)}, left by an earlier build: ${(error as Error).message}`);
    }
  }
}

/**
 * A build about to take the lock first writes `lock-<pid>-<random>`: sweeping that file while its
 * process lives would make its link(2) fail, so only those of dead processes go.
 */
function isLockCandidateOfLiveBuild(entry: string): boolean {
  const pid = /^lock-(\d+)-/.exec(entry)?.[1];
  return pid !== undefined && isRunning(Number(pid));
}

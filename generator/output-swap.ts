/**
 * `dist` is a link to a complete build in `.dist-builds/`, swapped by one rename(2): even after a kill -9 it is the whole old site
 * or the whole new one. A plain folder takes two renames (no renameat2 in Node): the next build finishes one killed between them.
 */

import { existsSync, rmSync } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir, readFile, readlink, rename, rm, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { BuildError, unlessMissing } from './failure';
import { type Faults, type PausePoint, pauseMarker } from './faults';
import { ASSETS_DIR, DEPLOY_DIR } from './hosting/policy';
import { isRunning } from './process-alive';
import { type OutputFile, shown, writeError } from './writer';

export interface OutputFolder {
  staging: string;
  /** Scratch space, removed with the build (and swept, should it die). */
  work: string;
  /** Returns the mark it added. `published`: the entries (Markdown files) this build publishes, whose assets may be kept. */
  commit: (outputs: readonly OutputFile[], published: ReadonlySet<string>) => Promise<OutputFile>;
  abandon: () => Promise<void>;
}

/** The files the generator wrote: it replaces only its own output. Under deploy/, which no host serves or uploads. */
export const MARK_FILE = `${DEPLOY_DIR}/build.json`;
const MARK = 'site-generator';

/** When each earlier build's hashed asset left the newest, for the grace period. */
const ASSET_HISTORY = 'assets.json';

/** What marks the builds folder as this generator's, which it sweeps: a folder of that name it did not make is refused. */
export const STORE_MARK = 'site-generator.json';

/** The names this generator gives what it keeps in the builds folder: a folder of these alone, made before the mark was, is its own. */
const STORE_NAMES =
  /^(?:lock|assets\.json|paused-at-[a-z-]+|lock-\d+-[a-z0-9]+|lock\.stale-\d+|(?:build|staging|work|ready|previous)-\d{8}T\d{6}-\d+-[a-z0-9]+)$/;

interface Mark {
  generator: string;
  files: string[];
  /** Each asset made for entries, and their Markdown files (OutputFile.madeFor). */
  madeFor?: Record<string, readonly string[]>;
}

type LockOwner = { pid: number; host: string; started: string; command: string };

type Current = { exists: boolean; build?: string };

type Swap = { outDir: string; store: string; id: string; staging: string; current: Current; pause: (point: PausePoint) => Promise<void> };

export function buildsFolder(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-builds`);
}

/** Takes the lock (a dead process's is taken over), sweeps what dead builds left, and makes the staging folder. */
export async function openOutput(
  outDir: string,
  layout: 'link' | 'folder',
  { warn, faults, keepAssetsMs, now }: { warn: (line: string) => void; faults: Faults; keepAssetsMs: number; now: number },
): Promise<OutputFolder> {
  const store = buildsFolder(outDir);
  // For the tests: a build killed at this moment of the swap.
  const pause = async (point: PausePoint) => {
    const how = faults.pausesAt(point);
    if (!how) return;
    const marker = pauseMarker(store, point);
    await writeFile(marker, String(process.pid));
    // Held: until the test removes the marker; paused: until it kills the build.
    if (how === 'hold') while (existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, 10));
    else await new Promise(() => setInterval(() => {}, 1000));
  };
  // Refuses what is in the way before making anything beside it.
  await currentTarget(outDir, store, layout);
  await claimStore(store);
  const release = await lock(store, outDir);
  try {
    await pause('locked');
    await finishPlainMove(outDir, store);
    // Read again under the lock: another build may have swapped it in the meantime.
    const current = await currentTarget(outDir, store, layout);
    await sweep(store, outDir, current.build, warn);
    const id = `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
    const staging = path.join(store, `staging-${id}`);
    const work = path.join(store, `work-${id}`);
    await mkdir(staging).catch((error: unknown) => {
      throw writeError(error, staging);
    });
    await mkdir(work);
    return {
      staging,
      work,
      abandon: async () => {
        // Retried: a step cut off by its time limit may still be writing.
        try {
          await rm(staging, { recursive: true, force: true, maxRetries: 5 });
          await rm(work, { recursive: true, force: true, maxRetries: 5 });
        } finally {
          await release();
        }
      },
      commit: async (outputs, published) => {
        let old: string[];
        let mark: OutputFile;
        try {
          await rm(work, { recursive: true, force: true });
          const previous = layout === 'link' ? current.build : current.exists ? outDir : undefined;
          // Another program may have written into the output while the build ran (a certificate's challenge): kept, and refused.
          if (previous !== undefined) refuseAdded(outDir, await foreignFiles(previous));
          const carried = await carryAssets(previous, staging, store, outputs, { keepMs: keepAssetsMs, now, published });
          const madeFor: Record<string, readonly string[]> = { ...carried.madeFor };
          for (const file of outputs)
            if (file.madeFor) madeFor[file.path] = [...new Set([...(madeFor[file.path] ?? []), ...file.madeFor])].sort();
          const written: Mark = { generator: MARK, files: [...outputs.map((file) => file.path), ...carried.files, MARK_FILE], madeFor };
          const contents = `${JSON.stringify(written)}\n`;
          await mkdir(path.dirname(path.join(staging, MARK_FILE)), { recursive: true });
          await writeFile(path.join(staging, MARK_FILE), contents);
          mark = { path: MARK_FILE, bytes: Buffer.byteLength(contents) };
          await pause('staged');
          const swap: Swap = { outDir, store, id, staging, current, pause };
          old = layout === 'link' ? await swapLink(swap) : await swapFolder(swap);
        } catch (error) {
          await rm(staging, { recursive: true, force: true }).catch(() => {});
          await release();
          throw writeError(error, outDir);
        }
        await release();
        // A plain folder keeps no history: the old output goes at once, not at the next sweep.
        for (const folder of old) await removeBuild(folder, 'the output before this build', warn);
        return mark;
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function swapLink({ outDir, store, id, staging, current, pause }: Swap): Promise<string[]> {
  const build = path.join(store, `build-${id}`);
  await rename(staging, build);
  const temporary = path.join(path.dirname(outDir), `.${path.basename(outDir)}-link-${id}`);
  const windows = process.platform === 'win32';
  await symlink(windows ? build : path.relative(path.dirname(outDir), build), temporary, windows ? 'junction' : 'dir');
  await pause('before-link');
  // The last moment a file written through the link would be lost from view: one written after this stays in the old build,
  // which the sweep keeps for it.
  const added = current.build === undefined ? [] : await foreignFiles(current.build);
  if (added.length > 0) {
    await rm(temporary, { force: true });
    await rm(build, { recursive: true, force: true });
    refuseAdded(outDir, added);
  }
  await rename(temporary, outDir);
  await pause('after-link');
  return [];
}

/** A build killed between these renames leaves `ready-<id>` and `previous-<id>`, for finishPlainMove. Returns what to remove. */
async function swapFolder({ outDir, store, id, staging, current, pause }: Swap): Promise<string[]> {
  const ready = path.join(store, `ready-${id}`);
  const previous = path.join(store, `previous-${id}`);
  try {
    await rename(staging, ready);
    if (current.exists) {
      await rename(outDir, previous);
      // Aside, nothing can write into it by its name: what it holds now is what the build would remove.
      const added = await foreignFiles(previous);
      if (added.length > 0) {
        await rename(previous, outDir);
        refuseAdded(outDir, added);
      }
    }
    await pause('moved-aside');
    try {
      await rename(ready, outDir);
    } catch (error) {
      // Something took the name in the gap: put the old output back, and leave that alone.
      if (current.exists) await rename(previous, outDir).catch(() => {});
      throw error;
    }
  } catch (error) {
    await rm(ready, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  return current.exists ? [previous, ...(current.build ? [current.build] : [])] : [];
}

/** Old pages keep working: hashed assets the new output lacks stay (linked) for `keepMs`, but not those only unpublished entries had. */
async function carryAssets(
  previous: string | undefined,
  staging: string,
  store: string,
  outputs: readonly OutputFile[],
  { keepMs, now, published }: { keepMs: number; now: number; published: ReadonlySet<string> },
): Promise<{ files: string[]; madeFor: Record<string, readonly string[]> }> {
  const historyFile = path.join(store, ASSET_HISTORY);
  const history = await readFile(historyFile, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, number>)
    .catch(() => ({}) as Record<string, number>);
  const fresh = new Set(outputs.map((file) => file.path));
  const kept: Record<string, number> = {};
  const madeFor: Record<string, readonly string[]> = {};
  if (previous !== undefined) {
    const assets = await readdir(path.join(previous, ASSETS_DIR), { recursive: true, withFileTypes: true }).catch(() => []);
    const madeBefore = (await readMark(previous))?.madeFor ?? {};
    for (const entry of assets) {
      if (!entry.isFile()) continue;
      const file = path.relative(previous, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (fresh.has(file)) continue;
      const entries = madeBefore[file];
      if (entries !== undefined && !entries.some((entryFile) => published.has(entryFile))) continue;
      const supersededAt = history[file] ?? now;
      if (now - supersededAt >= keepMs) continue;
      const target = path.join(staging, file);
      await mkdir(path.dirname(target), { recursive: true });
      await link(path.join(previous, file), target).catch(() => copyFile(path.join(previous, file), target));
      kept[file] = supersededAt;
      if (entries !== undefined) madeFor[file] = entries;
    }
  }
  await writeFile(historyFile, `${JSON.stringify(kept)}\n`);
  return { files: Object.keys(kept), madeFor };
}

/** After a build killed in a plain folder's gap, its new site goes in place first, even if this build fails. */
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

/** Refuses to replace what this generator did not make: `--out-dir` pointed at a folder of other things must not see it deleted. */
async function currentTarget(outDir: string, store: string, layout: 'link' | 'folder'): Promise<Current> {
  const info = await lstat(outDir).catch(unlessMissing);
  if (!info) return { exists: false };
  const refuse = (problem: string) => new BuildError(`${shown(outDir)} ${problem}`, { file: shown(outDir) });
  if (info.isSymbolicLink()) {
    const target = path.resolve(path.dirname(outDir), await readlink(outDir));
    if (path.dirname(target) === store) {
      refuseAdded(outDir, await foreignFiles(target));
      return { exists: true, build: target };
    }
    throw refuse(
      `is a symbolic link to ${target}, which this generator did not make; it will not replace it. Move it away, or build elsewhere (--out-dir).`,
    );
  }
  if (!info.isDirectory())
    throw refuse('exists and is not a folder; the build will not delete it. Move it away, or build elsewhere (--out-dir).');
  if (layout === 'link')
    throw refuse(
      'is a folder, not the link to a build this generator makes; it will not replace it. Move it away, or build a plain folder (--out-dir without --link).',
    );
  if ((await readdir(outDir)).length === 0) return { exists: true };
  if ((await readMark(outDir)) === undefined)
    throw refuse(
      `is a folder this generator did not make (it has no ${MARK_FILE}): the build replaces only its own output, so it leaves it as it is. Build into an empty folder or a new one, and point the web server there.`,
    );
  refuseAdded(outDir, await foreignFiles(outDir));
  return { exists: true };
}

/** "a, b, c and 4 more". */
function firstFew(names: readonly string[]): string {
  return names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
}

async function readMark(folder: string): Promise<Mark | undefined> {
  const mark = await readFile(path.join(folder, MARK_FILE), 'utf8')
    .then((text) => JSON.parse(text) as Partial<Mark>)
    .catch(() => undefined);
  return mark?.generator === MARK && Array.isArray(mark.files) ? (mark as Mark) : undefined;
}

/** The files of an output its mark does not list (all of them, without a mark): another program's, which no build may delete. */
async function foreignFiles(folder: string): Promise<string[]> {
  const listed = new Set((await readMark(folder))?.files ?? []);
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !listed.has(file))
    .sort();
}

function refuseAdded(outDir: string, foreign: readonly string[]): void {
  if (foreign.length === 0) return;
  throw new BuildError(
    `${shown(outDir)} holds files no build wrote (${firstFew(foreign)}): another program put them there, and the build would delete them, so it leaves the output as it is. Build again once they are moved out, or build into a folder of its own.`,
    { file: shown(outDir) },
  );
}

/** Only the files its mark lists, the folders they leave, the mark last (the next sweep ends a removal cut short); others' files stay. */
async function removeBuild(folder: string, what: string, warn: (line: string) => void): Promise<void> {
  const shownFolder = path.relative(process.cwd(), folder);
  try {
    const foreign = await foreignFiles(folder);
    // Synchronous: a thousand pages' files, each without a trip through libuv's thread pool.
    for (const file of (await readMark(folder))?.files ?? []) if (file !== MARK_FILE) rmSync(path.join(folder, file), { force: true });
    // Its folders and its mark are all that is left.
    if (foreign.length === 0) return await rm(folder, { recursive: true, force: true });
    const folders = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort((a, b) => b.length - a.length);
    for (const inner of folders) await rmdir(inner).catch(() => {});
    const named = firstFew(foreign);
    warn(`Kept ${shownFolder}, ${what}: it holds files no build wrote (${named}). Move them where they belong, then delete it.`);
  } catch (error) {
    warn(`Could not remove ${shownFolder}, ${what}: ${(error as Error).message}`);
  }
}

/**
 * The builds folder is swept of what dead builds left: it must be this generator's. One made before the mark was holds only
 * names the generator gives, and is marked now; any other folder of that name is the user's, and is refused.
 */
async function claimStore(store: string): Promise<void> {
  const entries = await readdir(store).catch(unlessMissing);
  if (entries?.includes(STORE_MARK)) return;
  const foreign = (entries ?? []).filter((entry) => !STORE_NAMES.test(entry)).sort();
  if (foreign.length > 0)
    throw new BuildError(
      `${shown(store)} is a folder this generator did not make (it has no ${STORE_MARK}, and holds ${firstFew(foreign)}): the build keeps its builds there and sweeps it, so it leaves it as it is. Move it away, or build elsewhere (--out-dir).`,
      { file: shown(store) },
    );
  await mkdir(store, { recursive: true });
  await writeFile(path.join(store, STORE_MARK), `${JSON.stringify({ generator: MARK })}\n`);
}

async function lock(store: string, outDir: string): Promise<() => Promise<void>> {
  const file = path.join(store, 'lock');
  const command = [path.relative(process.cwd(), process.argv[1] ?? ''), ...process.argv.slice(2)].join(' ');
  const owner: LockOwner = { pid: process.pid, host: hostname(), started: new Date().toISOString(), command };
  // Written whole under a private name, then linked: the lock file never exists half-written.
  const mine = path.join(store, `lock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  await writeFile(mine, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await link(mine, file);
        return () => unlink(file).catch(() => {});
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await readFile(file, 'utf8')
        .then((text) => JSON.parse(text) as LockOwner)
        .catch(() => undefined);
      // One from another machine (a shared disk) cannot be checked: it holds.
      if (holder && (holder.host !== hostname() || isRunning(holder.pid)))
        throw new BuildError(
          `Another build is writing ${shown(outDir)}: process ${holder.pid} (${holder.command}), started ${holder.started}. Wait for it to finish, or stop it; ${shown(outDir)} is left as it is.`,
        );
      // The holder is gone: only one taker can move its lock aside.
      await rename(file, `${file}.stale-${process.pid}`).catch(() => {});
      await rm(`${file}.stale-${process.pid}`, { force: true });
    }
    throw new BuildError(`Could not take the lock ${file}; remove it if no build is running.`);
  } finally {
    await unlink(mine).catch(() => {});
  }
}

/** What builds left but the current build and the lock; a live process's lock candidate must stay, or its link(2) would fail. */
async function sweep(store: string, outDir: string, current: string | undefined, warn: (line: string) => void): Promise<void> {
  const liveCandidate = (entry: string) => {
    const pid = /^lock-(\d+)-/.exec(entry)?.[1];
    return pid !== undefined && isRunning(Number(pid));
  };
  const leftovers = [
    ...(await readdir(store))
      .filter((entry) => entry !== 'lock' && entry !== ASSET_HISTORY && entry !== STORE_MARK && !liveCandidate(entry))
      .map((entry) => path.join(store, entry)),
    ...(await readdir(path.dirname(outDir)))
      .filter((entry) => entry.startsWith(`.${path.basename(outDir)}-link-`))
      .map((entry) => path.join(path.dirname(outDir), entry)),
  ];
  for (const leftover of leftovers) {
    if (leftover === current) continue;
    // Each was the output once: another program may have written into it.
    if (/^(?:build|previous)-/.test(path.basename(leftover))) await removeBuild(leftover, 'left by an earlier build', warn);
    else
      await rm(leftover, { recursive: true, force: true }).catch((error: Error) =>
        warn(`Could not remove ${path.relative(process.cwd(), leftover)}, left by an earlier build: ${error.message}`),
      );
  }
}

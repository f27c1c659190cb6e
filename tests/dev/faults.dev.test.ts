/**
 * `npm run dev` under faults: a component that never finishes rendering, a server ended by a
 * signal or a crash, or killed with SIGKILL. The server keeps answering, Ctrl-C stops it within 2 s
 * whatever a render is doing, fixing the file brings the pages back, a server that ends removes its
 * temporary folder, and a killed server's is swept by the next one.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning } from '../../generator/process-alive';
import { type DevStart, livingProcessesInGroup, type RunningDev, serverPid, startDev, temporaryFoldersOf } from '../../scripts/lib/dev';
import { endlessComponent, saveWhole } from '../../scripts/lib/edits';
import { copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { waitFor } from '../../scripts/lib/server';

const COMPONENT = 'components/Footer/Footer.tsx';

let project: ProjectCopy;
/**
 * The temporary folder (TMPDIR) of this file's servers, which they sweep as they start: no other file's server sweeps it, so
 * what a test leaves there (a killed server's folder, one of "another user") is as it left it, whatever runs beside it.
 */
let scratch: string;

beforeAll(async () => {
  project = await copyProject('site-dev-faults-');
  scratch = await mkdtemp(path.join(tmpdir(), 'site-dev-faults-tmp-'));
});

afterAll(async () => {
  await project?.remove();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** `npm run dev` in the copy, with this file's temporary folder. */
const start = (env: NodeJS.ProcessEnv = {}, args: readonly string[] = [], options: DevStart = {}) =>
  startDev(project.root, { TMPDIR: scratch, ...env }, args, options);

/** A server's temporary folders, in this file's temporary folder. */
const foldersOf = (pid: number) => temporaryFoldersOf(pid, scratch);

const file = (relative: string) => path.join(project.root, relative);

/** Saves the component whole (saveWhole says why). */
const saveComponent = (text: string) => saveWhole(file(COMPONENT), text);

/** Waits until a page request waits for a rebuild in progress (up to 1.5 s): then the render loops. */
async function untilARenderHangs(dev: RunningDev): Promise<void> {
  await waitFor(
    'a rebuild in progress',
    async () => {
      const asked = performance.now();
      await (await fetch(`${dev.url}/`)).arrayBuffer();
      return performance.now() - asked > 1000;
    },
    10_000,
  );
}

describe('a component that never finishes rendering', () => {
  let dev: RunningDev;

  beforeAll(async () => {
    dev = await start({}, ['--page-timeout', '2']);
  });

  afterAll(() => dev?.kill());

  it('is reported after the page time limit while the server keeps answering, and fixing it brings the pages back', async () => {
    const original = await readFile(file(COMPONENT), 'utf8');
    const since = dev.events.length;
    await saveComponent(endlessComponent(original));
    try {
      // While the render loops, the server answers: with the last good page, without waiting for it.
      await waitFor('the rebuild to start', () => dev.output().includes(COMPONENT) || dev.events.length > since, 5_000).catch(
        () => undefined,
      );
      const during = performance.now();
      const response = await fetch(`${dev.url}/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<footer');
      expect(performance.now() - during).toBeLessThan(2500);

      const failed = await waitFor('the build error', () => dev.events.slice(since).find((event) => event.type === 'build-error'), 15_000);
      expect(JSON.parse(failed.data).message).toMatch(/took longer than 2 s, so the render worker was stopped/);
    } finally {
      // Also when it fails: the next tests start from the component as it was.
      const fixed = dev.events.length;
      await saveComponent(original);
      await waitFor('the reload', () => dev.events.slice(fixed).some((event) => event.type === 'reload'), 15_000);
    }
    expect(await (await fetch(`${dev.url}/`)).text()).toContain('<footer');
  });

  it('does not stop Ctrl-C: the server and its workers are gone within 2 s, and its temporary folder', async () => {
    const original = await readFile(file(COMPONENT), 'utf8');
    const pid = await serverPid(dev);
    expect(await foldersOf(pid)).toHaveLength(1);
    const since = dev.events.length;
    await saveComponent(endlessComponent(original));
    try {
      await untilARenderHangs(dev);
      expect(dev.events.length).toBe(since);
      const started = performance.now();
      const { code, signal } = await dev.stop();
      const took = performance.now() - started;
      expect(code === 0 || signal === 'SIGINT', `exit code ${code}, signal ${signal}`).toBe(true);
      expect(took).toBeLessThan(2000);
      expect(await livingProcessesInGroup(dev.pgid)).toEqual([]);
      expect(await foldersOf(pid)).toEqual([]);
    } finally {
      await saveComponent(original);
    }
  });
});

describe('a dev server told to stop by a process manager (SIGTERM) while a render never ends', () => {
  it('stops within 2 s, workers, temporary folder and all', async () => {
    const dev = await start({}, ['--page-timeout', '30']);
    const original = await readFile(file(COMPONENT), 'utf8');
    try {
      const pid = await serverPid(dev);
      expect(await foldersOf(pid)).toHaveLength(1);
      const since = dev.events.length;
      await saveComponent(endlessComponent(original));
      await untilARenderHangs(dev);
      expect(dev.events.length).toBe(since);
      const started = performance.now();
      // To the server alone, not its group: as systemd, Docker or a CI runner would.
      process.kill(pid, 'SIGTERM');
      await waitFor('the server to end', () => !isRunning(pid), 5_000, 10);
      expect(performance.now() - started).toBeLessThan(2000);
      await expect(fetch(`${dev.url}/`)).rejects.toThrow();
      expect(await foldersOf(pid)).toEqual([]);
    } finally {
      dev.kill();
      await saveComponent(original);
    }
  });
});

/** Makes the process throw from a signal handler: an exception nothing catches, as a bug in the server would throw. */
const CRASH_ON_SIGUSR2 = `--import=data:text/javascript,${encodeURIComponent(
  "process.on('SIGUSR2', () => { throw new Error('a crash on purpose'); });",
)}`;

describe('a dev server that ends otherwise', () => {
  // SIGINT and SIGTERM: the tests above.
  const ways: [how: string, end: (pid: number) => void, env?: NodeJS.ProcessEnv][] = [
    ['SIGHUP (its terminal closed)', (pid) => process.kill(pid, 'SIGHUP')],
    [
      'an uncaught exception',
      (pid) => process.kill(pid, 'SIGUSR2'),
      { NODE_OPTIONS: [process.env.NODE_OPTIONS, CRASH_ON_SIGUSR2].filter(Boolean).join(' ') },
    ],
  ];
  it.each(ways)('by %s removes its temporary folder', async (how, end, env) => {
    const dev = await start(env);
    try {
      const pid = await serverPid(dev);
      expect(await foldersOf(pid)).toHaveLength(1);
      end(pid);
      await waitFor('the server to end', () => !isRunning(pid), 10_000);
      if (how === 'an uncaught exception') expect(dev.output()).toContain('a crash on purpose');
      expect(await foldersOf(pid)).toEqual([]);
    } finally {
      dev.kill();
    }
  });
});

describe('a dead dev server’s temporary folder', () => {
  it('is left by a server killed with SIGKILL, and removed by the next dev server', async () => {
    const first = await start();
    const pid = await serverPid(first);
    const folders = await foldersOf(pid);
    expect(folders).toHaveLength(1);
    first.kill();
    await waitFor('the killed server to end', async () => (await livingProcessesInGroup(first.pgid)).length === 0, 5_000);
    expect(existsSync(path.join(scratch, folders[0] ?? ''))).toBe(true);

    const second = await start();
    try {
      expect(await foldersOf(pid)).toEqual([]);
      expect(await foldersOf(await serverPid(second))).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('leaves one the next server may not remove (another user’s) to its owner, and starts', async () => {
    // A process that has ended: its id names a dead server's folder.
    const ended = spawn(process.execPath, ['-e', '']);
    await once(ended, 'exit');
    const folder = path.join(scratch, `site-dev-${ended.pid}-zzdevtest`);
    // A folder without write permission: nothing in it can be removed, as in another user's.
    await mkdir(path.join(folder, 'site'), { recursive: true });
    await writeFile(path.join(folder, 'site', 'index.html'), '<!DOCTYPE html>');
    await chmod(path.join(folder, 'site'), 0o555);
    try {
      const dev = await start({}, [], { permissionsBind: true });
      try {
        expect((await fetch(`${dev.url}/`)).status).toBe(200);
        expect(existsSync(path.join(folder, 'site', 'index.html'))).toBe(true);
      } finally {
        await dev.stop();
      }
    } finally {
      await chmod(path.join(folder, 'site'), 0o755);
      await rm(folder, { recursive: true, force: true });
    }
  });
});

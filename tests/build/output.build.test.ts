/**
 * The output under faults, tried as a hostile user and a careless operator would: builds killed
 * with SIGKILL at every step of the swap and at random moments, a reader polling dist/ through 20
 * builds, two builds at once, an old build that cannot be deleted, a file or a foreign symlink
 * where dist/ goes. After each: dist/ is one complete site or the other, byte for byte, and the
 * next build succeeds and leaves nothing behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_AT, PAUSE_AT, type PausePoint, pauseMarker } from '../../generator/faults';
import { buildsFolder } from '../../generator/output-swap';
import { buildCommand, projectRoot } from '../../scripts/lib/project';
import { waitFor } from '../../scripts/lib/server';
import { fingerprint } from '../support/files';
import { fixture, leftovers } from '../support/output';

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'output-test-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface Build {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/**
 * `npm run build` as it runs (the launcher, without npm), into `outDir`, for the site URL `origin`:
 * with --link, as dist/ is built (a link swapped with no gap), unless `args` ask for a plain folder.
 */
function startBuild(outDir: string, origin: string, env: NodeJS.ProcessEnv = {}, args: readonly string[] = ['--link']): Build {
  // No earlier build's assets kept: each output is exactly one site (the grace period has tests of its own).
  const child = spawn(...buildCommand(['--quiet', '--out-dir', outDir, '--site-url', origin, '--keep-assets', '0', ...args]), {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited };
}

async function build(outDir: string, origin: string, env: NodeJS.ProcessEnv = {}, args: readonly string[] = ['--link']) {
  return startBuild(outDir, origin, env, args).exited;
}

/** A build of a plain output folder: --out-dir without --link. */
const PLAIN: readonly string[] = [];

async function waitForFile(file: string): Promise<void> {
  await waitFor(file, () => existsSync(file), 30_000, 10);
}

/**
 * The next build of `origin` succeeds, and leaves the output holding that site and nothing else
 * behind (but, for the link layout, the build before it, kept for readers still on it).
 */
async function expectNextBuild(outDir: string, origin: string, args: readonly string[] = ['--link']): Promise<void> {
  const next = await build(outDir, origin, {}, args);
  expect(next.code, next.stderr).toBe(0);
  expect(await siteIn(outDir)).toBe(origin);
  expect(await leftovers(outDir, { previous: args.includes('--link') })).toEqual([]);
}

/** Starts a build of `origin` that stops at `point` (PAUSE_AT), and kills it there with SIGKILL. */
async function killAt(outDir: string, origin: string, point: PausePoint, args: readonly string[] = ['--link']): Promise<void> {
  const running = startBuild(outDir, origin, { [PAUSE_AT]: point }, args);
  await waitForFile(pauseMarker(buildsFolder(outDir), point));
  running.child.kill('SIGKILL');
  expect((await running.exited).signal).toBe('SIGKILL');
}

/** Two sites that differ in every page (their canonical URLs), built once each as references. */
const ORIGINS = ['https://one.example', 'https://two.example'] as const;
const known = new Map<string, string>();

async function reference(origin: string): Promise<string> {
  let print = known.get(origin);
  if (!print) {
    const outDir = path.join(workDir, `reference-${known.size}`, 'dist');
    const result = await build(outDir, origin);
    expect(result.code, result.stderr).toBe(0);
    print = JSON.stringify(await fingerprint(outDir));
    known.set(origin, print);
  }
  return print;
}

/** The site dist/ holds now, by the origin it was built for; fails if it is anything else. */
async function siteIn(outDir: string): Promise<string> {
  const print = JSON.stringify(await fingerprint(outDir));
  for (const origin of ORIGINS) if (print === (await reference(origin))) return origin;
  throw new Error(`${outDir} holds neither complete site: ${Object.keys(JSON.parse(print) as object).length} files`);
}

describe('the assets of earlier builds', () => {
  /** A build of `origin` at the time `now`, keeping earlier builds' assets as a build does by default. */
  const buildAt = async (outDir: string, origin: string, now: string) => {
    const child = spawn(...buildCommand(['--quiet', '--out-dir', outDir, '--link', '--site-url', origin, '--now', now]), {
      cwd: projectRoot,
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  };
  const assets = async (outDir: string) => (await readdir(path.join(outDir, 'assets'))).filter((name) => name.startsWith('social.')).sort();

  it('stay in the output for a week after a build left them out, so that a page loaded before still has them', async () => {
    const outDir = path.join(workDir, 'grace', 'dist');
    // The share image carries the site's host: each origin has its own.
    await buildAt(outDir, ORIGINS[0], '2026-06-01T00:00:00Z');
    const first = await assets(outDir);
    expect(first.length).toBeGreaterThan(0);
    await buildAt(outDir, ORIGINS[1], '2026-06-01T00:10:00Z');
    const second = await assets(outDir);
    expect(second.length).toBe(2 * first.length);
    expect(second).toEqual(expect.arrayContaining(first));
    // The same bytes the first build wrote: an old page's integrity and cache still hold.
    const { createHash } = await import('node:crypto');
    const name = first[0] ?? '';
    expect(name).toContain(
      createHash('sha256')
        .update(await readFile(path.join(outDir, 'assets', name)))
        .digest('hex')
        .slice(0, 10),
    );
    // Six days on, still there; eight days after the build that left it out, gone.
    await buildAt(outDir, ORIGINS[1], '2026-06-07T00:00:00Z');
    expect(await assets(outDir)).toEqual(second);
    await buildAt(outDir, ORIGINS[1], '2026-06-09T00:00:00Z');
    expect(await assets(outDir)).toEqual(second.filter((file) => !first.includes(file)));
  });
});

describe('a build killed with SIGKILL', () => {
  it.each<PausePoint>(['locked', 'staged', 'before-link', 'after-link'])(
    'at "%s" leaves dist/ complete, old or new, and the next build sweeps what it left',
    async (point) => {
      const outDir = path.join(workDir, `kill-${point}`, 'dist');
      expect((await build(outDir, ORIGINS[0])).code).toBe(0);
      await killAt(outDir, ORIGINS[1], point);

      // Only once the link is swapped is the new site in place.
      expect(await siteIn(outDir)).toBe(point === 'after-link' ? ORIGINS[1] : ORIGINS[0]);
      await expectNextBuild(outDir, ORIGINS[1]);
    },
  );

  it('at random moments through 12 builds leaves dist/ complete every time', async () => {
    const outDir = path.join(workDir, 'kill-random', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    for (let round = 0; round < 12; round += 1) {
      const running = startBuild(outDir, ORIGINS[(round + 1) % 2] as string);
      // From the process start to the end of the swap, spread over the rounds.
      await new Promise((resolve) => setTimeout(resolve, 60 + round * 45));
      running.child.kill('SIGKILL');
      await running.exited;
      await siteIn(outDir);
    }
    await expectNextBuild(outDir, ORIGINS[0]);
  }, 120_000);
});

describe('a plain output folder (--out-dir without --link)', () => {
  it('is a folder, not a link, holding the site, and each build replaces it whole, leaving nothing else', async () => {
    const outDir = path.join(workDir, 'plain', 'site');
    for (const origin of [ORIGINS[0], ORIGINS[1], ORIGINS[0]]) {
      const result = await build(outDir, origin, {}, PLAIN);
      expect(result.code, result.stderr).toBe(0);
      expect((await lstat(outDir)).isDirectory()).toBe(true);
      expect(await siteIn(outDir)).toBe(origin);
      // The builds folder beside it holds the lock while a build runs, and nothing once it is done.
      expect(await leftovers(outDir)).toEqual([]);
    }
  });

  it('is left byte for byte as it was by a build that fails', async () => {
    const outDir = path.join(workDir, 'plain-failing', 'site');
    expect((await build(outDir, ORIGINS[0], {}, PLAIN)).code).toBe(0);
    const before = await fingerprint(outDir);
    const failing = await build(outDir, ORIGINS[1], {}, ['--pages', fixture('throwing-page.tsx')]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/^Build failed: .*pricing table is empty/m);
    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });

  it.each<PausePoint>(['locked', 'staged'])('is left whole, the old site, by a build killed at "%s"', async (point) => {
    const outDir = path.join(workDir, `plain-kill-${point}`, 'site');
    expect((await build(outDir, ORIGINS[0], {}, PLAIN)).code).toBe(0);
    await killAt(outDir, ORIGINS[1], point, PLAIN);
    expect(await siteIn(outDir)).toBe(ORIGINS[0]);
    await expectNextBuild(outDir, ORIGINS[1], PLAIN);
  });

  it('is missing only in the gap between its two renames; a build killed there leaves the new site beside it, which the next build, even a failing one, puts in place first', async () => {
    const outDir = path.join(workDir, 'plain-gap', 'site');
    expect((await build(outDir, ORIGINS[0], {}, PLAIN)).code).toBe(0);
    await killAt(outDir, ORIGINS[1], 'moved-aside', PLAIN);
    // The documented gap: the old folder moved aside, the new one not yet in.
    expect(existsSync(outDir)).toBe(false);
    const failing = await build(outDir, ORIGINS[0], {}, ['--pages', fixture('throwing-page.tsx')]);
    expect(failing.code).toBe(1);
    expect(await siteIn(outDir)).toBe(ORIGINS[1]);
    await expectNextBuild(outDir, ORIGINS[0], PLAIN);
  });

  it('refuses to replace a folder it did not make, and leaves it alone', async () => {
    const outDir = path.join(workDir, 'plain-precious', 'notes');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'keep.txt'), 'keep');
    const result = await build(outDir, ORIGINS[0], {}, PLAIN);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/notes is a folder this generator did not make \(it has no deploy\/build\.json\)/);
    expect(result.stderr).toMatch(/notes\/ was left unchanged\.$/m);
    expect(await readdir(outDir)).toEqual(['keep.txt']);
  });

  it("refuses a web root that looks like a site but is not the generator's, keeping every file of it", async () => {
    const outDir = path.join(workDir, 'plain-web-root', 'www');
    const files = {
      'index.html': '<p>old</p>',
      '404.html': '<p>404</p>',
      'blog/post.html': '<p>post</p>',
      '.well-known/acme-challenge/token': 'proof',
    };
    for (const [file, contents] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
      await writeFile(path.join(outDir, file), contents);
    }
    const before = await fingerprint(outDir);
    const result = await build(outDir, ORIGINS[0], {}, PLAIN);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('did not make');
    expect(await fingerprint(outDir)).toEqual(before);
  });

  it('refuses its own output once another program put a file in it, naming the file, and keeps it', async () => {
    const outDir = path.join(workDir, 'plain-added', 'www');
    expect((await build(outDir, ORIGINS[0], {}, PLAIN)).code).toBe(0);
    await mkdir(path.join(outDir, '.well-known', 'acme-challenge'), { recursive: true });
    await writeFile(path.join(outDir, '.well-known', 'acme-challenge', 'token'), 'proof');
    const before = await fingerprint(outDir);
    const result = await build(outDir, ORIGINS[1], {}, PLAIN);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('holds files no build wrote (.well-known/acme-challenge/token)');
    expect(await fingerprint(outDir)).toEqual(before);
  });

  it('replaces the link of an earlier --link build of the same folder, and the build it pointed to', async () => {
    const outDir = path.join(workDir, 'plain-from-link', 'site');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    expect((await lstat(outDir)).isSymbolicLink()).toBe(true);
    const result = await build(outDir, ORIGINS[1], {}, PLAIN);
    expect(result.code, result.stderr).toBe(0);
    expect((await lstat(outDir)).isDirectory()).toBe(true);
    expect(await siteIn(outDir)).toBe(ORIGINS[1]);
    expect(await leftovers(outDir)).toEqual([]);
  });
});

describe('a file another program writes into the output', () => {
  const challenge = '.well-known/acme-challenge/token';

  /** A build of ORIGINS[1] over ORIGINS[0], held before its swap while a certificate's challenge is written into the output. */
  async function writtenDuringBuild(outDir: string, args: readonly string[]) {
    expect((await build(outDir, ORIGINS[0], {}, args)).code).toBe(0);
    const before = await fingerprint(outDir);
    const running = startBuild(outDir, ORIGINS[1], { [HOLD_AT]: 'staged' }, args);
    const marker = pauseMarker(buildsFolder(outDir), 'staged');
    await waitForFile(marker);
    await mkdir(path.dirname(path.join(outDir, challenge)), { recursive: true });
    await writeFile(path.join(outDir, challenge), 'proof');
    await rm(marker);
    return { result: await running.exited, before };
  }

  it.each([
    ['a plain folder', PLAIN],
    ['the link dist/ is', ['--link']],
  ])('during a build, in %s, is kept: the build refuses to swap, naming it, and leaves the output as it was', async (_what, args) => {
    const outDir = path.join(workDir, `written-during-${args.length}`, 'www');
    const { result, before } = await writtenDuringBuild(outDir, args);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`holds files no build wrote (${challenge}): another program put them there`);
    // The old site, byte for byte, and the file beside it.
    const { [challenge]: written, ...rest } = await fingerprint(outDir);
    expect(rest).toEqual(before);
    expect(written).toBeDefined();
    await expect(readFile(path.join(outDir, challenge), 'utf8')).resolves.toBe('proof');
    // Once it is gone (the challenge met), the next build goes ahead.
    await rm(path.join(outDir, '.well-known'), { recursive: true });
    await expectNextBuild(outDir, ORIGINS[1], args);
  });

  it('between builds, through the link dist/ is, is kept: the next build refuses, naming it', async () => {
    const outDir = path.join(workDir, 'written-between', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    await mkdir(path.dirname(path.join(outDir, challenge)), { recursive: true });
    await writeFile(path.join(outDir, challenge), 'proof');
    const before = await fingerprint(outDir);
    const result = await build(outDir, ORIGINS[1]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`holds files no build wrote (${challenge})`);
    expect(await fingerprint(outDir)).toEqual(before);
  });

  it('into a build dist/ has just left is kept, with its folders, and named, when the builds after it are swept', async () => {
    const outDir = path.join(workDir, 'written-into-old', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    const oldest = path.resolve(path.dirname(outDir), await readlink(outDir));
    expect((await build(outDir, ORIGINS[1])).code).toBe(0);
    // As a write through dist/ that reached the old build just before the link moved.
    await mkdir(path.join(oldest, '.well-known', 'acme-challenge'), { recursive: true });
    await writeFile(path.join(oldest, challenge), 'proof');
    const result = await build(outDir, ORIGINS[0]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(`Warning: Kept .*${path.basename(oldest)}, left by an earlier build: it holds files no build wrote \\(${challenge}\\)`),
    );
    // And its mark, by which the sweep after the file is moved out removes the rest.
    expect((await readdir(oldest, { recursive: true })).sort()).toEqual([
      '.well-known',
      '.well-known/acme-challenge',
      challenge,
      'deploy',
      'deploy/build.json',
    ]);
    await expect(readFile(path.join(oldest, challenge), 'utf8')).resolves.toBe('proof');
    expect(await siteIn(outDir)).toBe(ORIGINS[0]);
    await rm(path.join(oldest, '.well-known'), { recursive: true });
    await expectNextBuild(outDir, ORIGINS[1]);
    expect(existsSync(oldest)).toBe(false);
  });
});

describe('a builds folder beside the output', () => {
  it('that this generator did not make is refused, never swept, and left as it is', async () => {
    const outDir = path.join(workDir, 'foreign-store', 'site');
    const store = buildsFolder(outDir);
    await mkdir(path.join(store, 'build-notes'), { recursive: true });
    await writeFile(path.join(store, 'notes.txt'), 'mine');
    await writeFile(path.join(store, 'build-notes', 'draft.txt'), 'mine too');
    const before = await fingerprint(store);
    const result = await build(outDir, ORIGINS[0], {}, PLAIN);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /\.site-builds is a folder this generator did not make \(it has no site-generator\.json, and holds build-notes, notes\.txt\)/,
    );
    expect(await fingerprint(store)).toEqual(before);
    expect(existsSync(outDir)).toBe(false);
  });

  it('made before the generator marked it, holding only what builds leave, is taken as its own', async () => {
    const outDir = path.join(workDir, 'unmarked-store', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    await rm(path.join(buildsFolder(outDir), 'site-generator.json'));
    await expectNextBuild(outDir, ORIGINS[1]);
  });
});

describe('a reader polling dist/index.html', () => {
  it('never finds it missing through 20 builds', async () => {
    const outDir = path.join(workDir, 'reader', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    let reads = 0;
    const misses: string[] = [];
    let polling = true;
    const reader = (async () => {
      while (polling) {
        try {
          if ((await readFile(path.join(outDir, 'index.html'))).byteLength === 0) misses.push('empty');
          reads += 1;
        } catch (error) {
          misses.push((error as NodeJS.ErrnoException).code ?? String(error));
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      for (let round = 0; round < 20; round += 1) {
        const result = await build(outDir, ORIGINS[round % 2] as string);
        expect(result.code, result.stderr).toBe(0);
      }
    } finally {
      polling = false;
      await reader;
    }
    expect(misses).toEqual([]);
    expect(reads).toBeGreaterThan(1000);
  }, 120_000);
});

describe('two builds of one output at once', () => {
  it('stops the second with a message naming the first, and takes over a lock whose build died', async () => {
    const outDir = path.join(workDir, 'concurrent', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    const before = await fingerprint(outDir);
    const first = startBuild(outDir, ORIGINS[1], { [PAUSE_AT]: 'staged' });
    await waitForFile(pauseMarker(buildsFolder(outDir), 'staged'));

    const second = await build(outDir, ORIGINS[1]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`Another build is writing .*dist: process ${first.child.pid} \\(build\\.ts --quiet`));
    expect(await fingerprint(outDir)).toEqual(before);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await build(outDir, ORIGINS[1]);
    expect(third.code, third.stderr).toBe(0);
    expect(await siteIn(outDir)).toBe(ORIGINS[1]);
    expect(await leftovers(outDir, { previous: true })).toEqual([]);
  });

  it('started at the same moment, unpaused: each either builds or stops naming the other, and dist/ is one whole site', async () => {
    const outDir = path.join(workDir, 'simultaneous', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    for (let round = 0; round < 3; round += 1) {
      const runs = [startBuild(outDir, ORIGINS[0]), startBuild(outDir, ORIGINS[1])];
      const results = await Promise.all(runs.map((run) => run.exited));
      for (const [index, result] of results.entries()) {
        if (result.code === 0) continue;
        expect(result.code, result.stderr).toBe(1);
        const other = runs[1 - index]?.child.pid;
        expect(result.stderr).toMatch(new RegExp(`Another build is writing .*dist: process ${other} `));
      }
      expect(results.some((result) => result.code === 0)).toBe(true);
      // The site of the build that finished last, whole.
      const winners = results.flatMap((result, index) => (result.code === 0 ? [ORIGINS[index]] : []));
      expect(winners).toContain(await siteIn(outDir));
      expect(await leftovers(outDir, { previous: true })).toEqual([]);
    }
  }, 60_000);
});

describe('the lock of a build about to start', () => {
  it('is kept by the sweep while its process lives, and swept once it is dead', async () => {
    const outDir = path.join(workDir, 'candidates', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    // A build writes lock-<pid>-<random> before linking it as the lock; the other build's sweep
    // must not remove it then, or that link fails.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    const store = buildsFolder(outDir);
    const live = path.join(store, `lock-${process.pid}-live`);
    const gone = path.join(store, `lock-${dead.pid}-gone`);
    await writeFile(live, '{}');
    await writeFile(gone, '{}');

    const result = await build(outDir, ORIGINS[1]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(gone)).toBe(false);
    await rm(live);
    expect(await leftovers(outDir, { previous: true })).toEqual([]);
  });
});

describe('an old build that cannot be deleted', () => {
  it('is a warning after a successful build, never "failed … unchanged"', async () => {
    const outDir = path.join(workDir, 'immutable', 'dist');
    expect((await build(outDir, ORIGINS[0])).code).toBe(0);
    const oldest = await readlink(outDir);
    expect((await build(outDir, ORIGINS[1])).code).toBe(0);
    // The build before the current one is kept until the next build, which removes it; make a
    // file in it undeletable (root ignores permissions, not the immutable attribute).
    const stuck = path.join(path.dirname(outDir), oldest, 'index.html');
    await chattr('+i', stuck);
    try {
      const result = await build(outDir, ORIGINS[0]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/Warning: Could not remove .*build-/);
      expect(result.stderr).not.toMatch(/Build failed|left unchanged/);
      expect(await siteIn(outDir)).toBe(ORIGINS[0]);
    } finally {
      await chattr('-i', stuck);
    }
    // Once it can be deleted, the next build sweeps it.
    expect((await build(outDir, ORIGINS[1])).code).toBe(0);
    expect(existsSync(path.dirname(stuck))).toBe(false);
    expect(await leftovers(outDir, { previous: true })).toEqual([]);
  });
});

describe('what is in the way of dist/', () => {
  it('refuses a file named dist, and leaves it alone', async () => {
    const outDir = path.join(workDir, 'file', 'dist');
    await mkdir(path.dirname(outDir), { recursive: true });
    await writeFile(outDir, 'notes');
    const result = await build(outDir, ORIGINS[0]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/dist exists and is not a folder; the build will not delete it/);
    await expect(readFile(outDir, 'utf8')).resolves.toBe('notes');
  });

  it('refuses a symbolic link to somewhere else, and leaves it and its target alone', async () => {
    const base = path.join(workDir, 'symlink');
    const elsewhere = path.join(base, 'precious');
    await mkdir(elsewhere, { recursive: true });
    await writeFile(path.join(elsewhere, 'keep.txt'), 'keep');
    const outDir = path.join(base, 'dist');
    await symlink(elsewhere, outDir);
    const result = await build(outDir, ORIGINS[0]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is a symbolic link to .*precious, which this generator did not make/);
    expect(await readlink(outDir)).toBe(elsewhere);
    expect(await readdir(elsewhere)).toEqual(['keep.txt']);
  });

  it('refuses a plain folder where the link goes, and leaves it alone', async () => {
    const outDir = path.join(workDir, 'folder', 'dist');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'index.html'), '<!DOCTYPE html><title>old</title>');
    const result = await build(outDir, ORIGINS[0]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/dist is a folder, not the link to a build this generator makes; it will not replace it/);
    expect(await readdir(outDir)).toEqual(['index.html']);
  });
});

async function chattr(flag: '+i' | '-i', file: string): Promise<void> {
  const child = spawn('chattr', [flag, file], { stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`chattr ${flag} ${file} failed (exit ${code}); the test needs root and a file system with attributes`);
}

/**
 * Time limits: a page that never finishes rendering fails the build naming its route, and so does
 * the site's code when it never finishes loading (or throws); a step that hangs fails naming the
 * step, and a step that waits for what will never come fails at once rather than letting Node
 * exit without a word.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../generator/failure';
import { STALL_STEP } from '../../generator/faults';
import { runBuild } from '../../generator/pipeline';
import { timeLimited } from '../../generator/runner';
import { buildCommand, projectRoot } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';
import { fixture, leftovers } from '../support/output';

let workDir: string;
/** A built site that every failing build below must leave exactly as it was. */
let outDir: string;
let before: Record<string, string>;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'limits-test-'));
  outDir = path.join(workDir, 'site', 'dist');
  const built = npmRunBuild(outDir);
  expect(built.status, built.stderr).toBe(0);
  before = await fingerprint(outDir);
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const quiet = { log: () => {} };

describe('a page that never finishes rendering', () => {
  it('fails the build after the page time limit, naming the route, and leaves dist/ as it was', async () => {
    const failure = runBuild({
      root: projectRoot,
      ...quiet,
      outDir,
      outLayout: 'folder',
      pages: fixture('endless-page.tsx'),
      pageTimeoutMs: 2000,
    });
    await expect(failure).rejects.toBeInstanceOf(BuildError);
    await expect(failure).rejects.toThrow(/Rendering page \/endless\/ took longer than 2 s, so the render worker was stopped/);
    await expect(failure.catch((error: BuildError) => error.route)).resolves.toBe('/endless/');
    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });

  it('stops npm run build with exit status 1 and the route, with --page-timeout, and leaves dist/ as it was', async () => {
    const result = npmRunBuild(outDir, ['--pages', fixture('endless-page.tsx'), '--page-timeout', '2']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Build failed: Rendering page \/endless\/ took longer than 2 s/m);
    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });
});

describe("an entry's page that never finishes rendering", () => {
  it('fails the build naming its Markdown file and route, and what to do', async () => {
    const failure = runBuild({
      root: projectRoot,
      ...quiet,
      outDir,
      outLayout: 'folder',
      pages: fixture('endless-entry.tsx'),
      now: Date.parse('2026-06-01T00:00:00Z'),
      pageTimeoutMs: 2000,
    });
    await expect(failure).rejects.toThrow(
      /^tests\/fixtures\/collection\/reports\/report-\d+\.md: rendering page \/reports\/report-\d+\/ took longer than 2 s, so the render worker was stopped: is it very large \(a table of thousands of columns, say\)\? Split it up, or raise the limit \(--page-timeout\)$/,
    );
    const error = (await failure.catch((caught: unknown) => caught)) as BuildError;
    expect([error.file, error.route]).toEqual([
      expect.stringMatching(/^tests\/fixtures\/collection\/reports\/report-\d+\.md$/),
      `/reports/${error.file?.replace(/^.*\//, '').replace(/\.md$/, '')}/`,
    ]);
    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });
});

describe("the site's code", () => {
  it('that throws while it loads fails the build naming the file and line, and leaves dist/ as it was', async () => {
    const failure = runBuild({ root: projectRoot, ...quiet, outDir, outLayout: 'folder', pages: fixture('throwing-at-load.ts') });
    await expect(failure).rejects.toThrow(
      /^Loading the site's code failed at tests\/fixtures\/routes\/throwing-at-load\.ts:\d+:\d+: the table is not ready$/,
    );
    await expect(failure.catch((error: BuildError) => error.file)).resolves.toBe('tests/fixtures/routes/throwing-at-load.ts');
    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });

  it('that never finishes loading fails the build after the page time limit, and leaves dist/ as it was', async () => {
    const failure = runBuild({
      root: projectRoot,
      ...quiet,
      outDir,
      outLayout: 'folder',
      pages: fixture('endless-at-load.ts'),
      pageTimeoutMs: 1000,
    });
    await expect(failure).rejects.toThrow(/^Loading the site's code took longer than 10 s, so the render worker was stopped/);
    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });
});

/** `npm run build` as it runs (the launcher, without npm) into `outDir`. */
function npmRunBuild(outDir: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(...buildCommand(['--quiet', '--out-dir', outDir, ...args]), {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
}

describe('a step', () => {
  it('that does not finish within the step time limit fails naming the step', async () => {
    const hangs = () => new Promise<void>((resolve) => setTimeout(resolve, 60_000).unref());
    await expect(timeLimited('hangs', hangs, 200)).rejects.toThrow('Step "hangs" did not finish within 0.2 s.');
  });

  it('that awaits a promise nothing settles fails at once, naming it, instead of Node exiting in silence (exit code 13)', async () => {
    const script = path.join(workDir, 'never.mts');
    await writeFile(
      script,
      `import { timeLimited } from ${JSON.stringify(path.join(projectRoot, 'generator/runner.ts'))};
try {
  await timeLimited('waits-forever', () => new Promise<void>(() => {}), 120_000);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
`,
    );
    const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot, encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toContain('Step "waits-forever" never finished: it waits for something that nothing will ever complete');
    expect(result.status).toBe(1);
  });

  it.each(['site', 'pages', 'links'])(
    'that never settles in npm run build ("%s") stops it with exit status 1 and the step, leaving dist/ as it was',
    async (name) => {
      const result = npmRunBuild(outDir, [], { [STALL_STEP]: name });
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(`^Build failed: Step "${name}" never finished: it waits for something that nothing will ever complete`, 'm'),
      );
      expect(result.stderr).toContain('dist/ was left unchanged.');
      expect(await fingerprint(outDir)).toEqual(before);
      expect(await leftovers(outDir)).toEqual([]);
    },
  );
});

/**
 * The full build as a person runs it: each run a separate `node --import tsx build.ts` process (what
 * `npm run build` starts, without npm's own start-up) on a clean copy of the project, timed from
 * spawn to exit, with the process's peak memory.
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { copyProject } from '../../tests/support/project';
import type { BenchSection } from './types';

const run = promisify(execFile);

export interface BuildBenchOptions {
  /** Timed builds, after one warm-up. */
  runs?: number;
}

export async function measureBuild({ runs = 5 }: BuildBenchOptions = {}): Promise<BenchSection> {
  const project = await copyProject('site-bench-build-');
  const rssFile = path.join(project.root, '.bench-rss');
  const reporter = path.join(import.meta.dirname, 'rss-reporter.ts');
  const once = async (): Promise<{ ms: number; rssMb: number }> => {
    await rm(path.join(project.root, 'dist'), { recursive: true, force: true });
    const started = performance.now();
    await run(process.execPath, ['--import', 'tsx', '--import', reporter, 'build.ts', '--quiet'], {
      cwd: project.root,
      env: { ...process.env, BENCH_RSS_FILE: rssFile },
    });
    const ms = performance.now() - started;
    return { ms, rssMb: Number(await readFile(rssFile, 'utf8')) / 1024 };
  };
  try {
    await once();
    const samples: { ms: number; rssMb: number }[] = [];
    for (let i = 0; i < runs; i += 1) samples.push(await once());
    return {
      name: 'Full build',
      measurements: [
        { name: 'wall time, spawn to exit', unit: 'ms', samples: samples.map((s) => s.ms), targetMedian: 1000 },
        { name: 'peak memory (RSS)', unit: 'MB', samples: samples.map((s) => s.rssMb), targetMedian: 300 },
      ],
      notes: [`Full build: ${runs} clean builds after one warm-up, each a new process on a copy of the project.`],
    };
  } finally {
    await project.remove();
  }
}

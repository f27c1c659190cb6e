/**
 * The full build as a person runs it: each run the README's own `npm run build`, a whole process
 * on a copy of the project with its output folder removed first, timed from spawn to exit, with
 * the peak memory of the build process (npm's own excluded; the launcher gives its process the
 * entry's name, build.ts). The generator's cache (node_modules/.cache/site-generator) is warm, as
 * it is from the second build of a checkout on; one run with the cache off shows the first build's
 * cost.
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildsFolder } from '../../generator/output-swap';
import { copyProject } from '../lib/project';
import type { BenchSection } from './types';

const run = promisify(execFile);

export interface BuildBenchOptions {
  /** Timed builds, after one warm-up. */
  runs?: number;
}

export async function measureBuild({ runs = 5 }: BuildBenchOptions = {}): Promise<BenchSection> {
  const project = await copyProject('site-bench-build-');
  const rssFile = path.join(project.root, '.bench-rss');
  const reporter = path.join(import.meta.dirname, 'rss-reporter.mjs');
  const once = async (env: NodeJS.ProcessEnv = {}): Promise<{ ms: number; rssMb: number }> => {
    const outDir = path.join(project.root, 'dist');
    for (const folder of [outDir, buildsFolder(outDir), rssFile]) await rm(folder, { recursive: true, force: true });
    const started = performance.now();
    await run('npm', ['run', 'build', '--', '--quiet'], {
      cwd: project.root,
      env: { ...process.env, ...env, BENCH_RSS_FILE: rssFile, NODE_OPTIONS: `--import ${reporter}` },
    });
    const ms = performance.now() - started;
    const build = (await readFile(rssFile, 'utf8')).split('\n').find((line) => line.split('\t')[0]?.endsWith('build.ts'));
    return { ms, rssMb: Number(build?.split('\t')[1]) / 1024 };
  };
  try {
    await once();
    const samples: { ms: number; rssMb: number }[] = [];
    for (let i = 0; i < runs; i += 1) samples.push(await once());
    const cold = await once({ SITE_GENERATOR_CACHE: '0' });
    return {
      name: 'Full build',
      measurements: [
        { name: 'npm run build, spawn to exit', unit: 'ms', samples: samples.map((s) => s.ms), targetMedian: 700 },
        { name: 'npm run build, peak memory (RSS)', unit: 'MB', samples: samples.map((s) => s.rssMb), targetMedian: 250 },
        { name: 'npm run build with the cache off (one run)', unit: 'ms', samples: [cold.ms] },
      ],
      notes: [
        `Full build: ${runs} runs of npm run build after one warm-up, each a new process on a copy of the project, dist/ removed first.`,
      ],
    };
  } finally {
    await project.remove();
  }
}

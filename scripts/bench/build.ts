/**
 * The full build as a person runs it: each run the README's own `npm run build`, a whole process
 * on a copy of the project with its output folder removed first, timed from spawn to exit, with
 * its peak memory (process.ts: that of the largest process of npm's tree, the build's). Warm: the generator's cache (node_modules/.cache/site-generator) as
 * the previous build left it, as from the second build of a checkout on. Cold: no cache at all,
 * as on a fresh clone or a CI job. Beside them, the warm build started without npm (the command
 * npm runs), which tells npm's own start-up from the build's.
 * The three alternate, after one warm-up of each.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { cacheDir } from '../../generator/cache.mjs';
import { buildsFolder } from '../../generator/output-swap';
import { buildCommand, copyProject } from '../lib/project';
import { canMeasureMemory, measureProcess } from './process';
import type { BenchSection } from './types';

export interface BuildBenchOptions {
  /** Timed builds of each kind, after one warm-up. */
  runs?: number;
}

interface Run {
  ms: number;
  rssMb: number;
}

export async function measureBuild({ runs = 5 }: BuildBenchOptions = {}): Promise<BenchSection> {
  const project = await copyProject('site-bench-build-', { ownCache: true });
  const once = async (cache: 'warm' | 'cold', { npm = true } = {}): Promise<Run> => {
    const outDir = path.join(project.root, 'dist');
    for (const folder of [outDir, buildsFolder(outDir)]) await rm(folder, { recursive: true, force: true });
    if (cache === 'cold') await rm(cacheDir(project.root), { recursive: true, force: true });
    const [command, args] = npm ? ['npm', ['run', 'build', '--', '--quiet']] : buildCommand(['--quiet']);
    const run = await measureProcess(command, args, { cwd: project.root });
    if (run.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (exit ${run.status}): ${run.stderr.trim()}`);
    return { ms: run.ms, rssMb: run.rssMb ?? Number.NaN };
  };
  try {
    await once('cold');
    await once('warm');
    await once('warm', { npm: false });
    const warm: Run[] = [];
    const withoutNpm: Run[] = [];
    const cold: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      warm.push(await once('warm'));
      withoutNpm.push(await once('warm', { npm: false }));
      cold.push(await once('cold'));
    }
    return {
      name: 'Full build',
      measurements: [
        { name: 'npm run build, cache warm, spawn to exit', unit: 'ms', samples: warm.map((s) => s.ms), targetMedian: 450 },
        { name: 'node generator/launch.mjs build.ts (the same without npm), cache warm', unit: 'ms', samples: withoutNpm.map((s) => s.ms) },
        { name: 'npm run build, no cache (a fresh clone), spawn to exit', unit: 'ms', samples: cold.map((s) => s.ms), targetMedian: 1000 },
        ...(canMeasureMemory()
          ? [
              {
                name: 'npm run build, cache warm, peak memory (RSS)',
                unit: 'MB' as const,
                samples: warm.map((s) => s.rssMb),
                targetMedian: 250,
              },
              { name: 'npm run build, no cache, peak memory (RSS)', unit: 'MB' as const, samples: cold.map((s) => s.rssMb) },
            ]
          : []),
      ],
      notes: [
        `Full build: npm run build as a whole process on a copy of the project, dist/ removed first: ${runs} runs with the cache warm, ${runs} of its command without npm and ${runs} without the cache (node_modules/.cache/site-generator removed), in turns, after one warm-up of each.`,
      ],
    };
  } finally {
    await project.remove();
  }
}

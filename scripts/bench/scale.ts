/**
 * The build at scale: the site's routes repeated to N pages (1,000 by default, `--pages 10000`),
 * each run a whole build process (buildCommand) into a clean output folder,
 * timed from spawn to exit, with the process's peak memory (worker threads included) and the
 * time of each step as the build reports it (--json).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildsFolder } from '../../generator/output-swap';
import { buildCommand, projectRoot } from '../lib/project';
import type { BenchSection, Measurement } from './types';

const run = promisify(execFile);

export interface ScaleBenchOptions {
  pages?: number;
  /** Timed builds, after one warm-up. */
  runs?: number;
  /** Render workers (--jobs); the build's default (one per core) when undefined. */
  jobs?: number;
}

/** A route-table module: the site's routes, then copies of them under /copy-<n>/, to `pages` pages. */
export function repeatedRoutes(pages: number): string {
  const routes = JSON.stringify(path.join(projectRoot, 'pages', 'routes.ts'));
  return `import { notFound, routes as siteRoutes } from ${routes};
export { notFound };
export const routes = Array.from({ length: ${pages} }, (_, index) => {
  const route = siteRoutes[index % siteRoutes.length];
  if (index < siteRoutes.length) return route;
  const { nav, useCase, ...page } = route;
  return { ...page, path: \`/copy-\${index}\${route.path === '/' ? '' : route.path}\`, title: \`\${route.title} (\${index})\` };
});
`;
}

interface BuildReport {
  ok: boolean;
  totalMs: number;
  steps: { step: string; ms: number }[];
}

export async function measureScale({ pages = 1000, runs = 5, jobs }: ScaleBenchOptions = {}): Promise<BenchSection> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-scale-'));
  const table = path.join(folder, 'routes.ts');
  await writeFile(table, repeatedRoutes(pages));
  const outDir = path.join(folder, 'dist');
  const rssFile = path.join(folder, 'rss');
  // Plain JavaScript, so that the measured process loads nothing it would not load anyway.
  const reporter = path.join(import.meta.dirname, 'rss-reporter.mjs');
  const once = async () => {
    await rm(outDir, { recursive: true, force: true });
    await rm(buildsFolder(outDir), { recursive: true, force: true });
    const started = performance.now();
    const { stdout } = await run(
      ...buildCommand(
        ['--json', '--routes', table, '--out-dir', outDir, ...(jobs ? ['--jobs', String(jobs)] : [])],
        ['--import', reporter],
      ),
      { cwd: projectRoot, env: { ...process.env, BENCH_RSS_FILE: rssFile }, maxBuffer: 256 * 1024 * 1024 },
    );
    const ms = performance.now() - started;
    const report = JSON.parse(stdout) as BuildReport;
    const rss = (await readFile(rssFile, 'utf8')).trim().split('\n').at(-1)?.split('\t')[1];
    await rm(rssFile, { force: true });
    return { ms, rssMb: Number(rss) / 1024, report };
  };
  try {
    await once();
    const samples: Awaited<ReturnType<typeof once>>[] = [];
    for (let i = 0; i < runs; i += 1) samples.push(await once());
    const stepNames = samples[0]?.report.steps.map((step) => step.step) ?? [];
    const perPage = pages >= 1000;
    const measurements: Measurement[] = [
      {
        name: `${pages} pages: wall time, spawn to exit`,
        unit: 'ms',
        samples: samples.map((s) => s.ms),
        ...(pages === 1000 ? { targetMedian: 2000 } : {}),
      },
      {
        name: `${pages} pages: pages per second`,
        unit: 'pages/s',
        samples: samples.map((s) => pages / (s.ms / 1000)),
        higherIsBetter: true,
        ...(pages === 1000 ? { targetMedian: 500 } : {}),
      },
      {
        name: `${pages} pages: peak memory (RSS)`,
        unit: 'MB',
        samples: samples.map((s) => s.rssMb),
        ...(pages === 1000 ? { targetMedian: 450 } : {}),
      },
      ...stepNames.map((step) => ({
        name: `${pages} pages: step ${step}`,
        unit: 'ms' as const,
        samples: samples.map((s) => s.report.steps.find((timing) => timing.step === step)?.ms ?? Number.NaN),
        decimals: 1,
      })),
    ];
    if (perPage) {
      measurements.push({
        name: `${pages} pages: link check per page`,
        unit: 'ms',
        samples: samples.map((s) => (s.report.steps.find((timing) => timing.step === 'links')?.ms ?? Number.NaN) / pages),
        targetMedian: 0.3,
        decimals: 3,
      });
    }
    return {
      name: 'Scale',
      measurements,
      notes: [
        `Scale: the site's ${pages} pages (its routes repeated), ${runs} clean builds after one warm-up, each a new process; ${jobs ? `--jobs ${jobs}` : `one render worker per core (${os.availableParallelism()})`}.`,
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The build at scale: the site's routes repeated to N pages (1,000 by default, `--pages 10000`),
 * each run a whole build process (buildCommand) into an output folder of its own (see freshFolders),
 * timed from spawn to exit, with the process's peak memory (worker threads included; process.ts) and the
 * time of each step as the build reports it (--json). Beside it, when it is installed, Hugo
 * writing the very same pages (a pass-through of each finished page), run in turns with ours; and
 * the peak memory of a build of 10,000 pages.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildsFolder } from '../../generator/output-swap';
import { buildCommand, projectRoot, writePagesModule } from '../lib/project';
import { hugoVersion } from './peers';
import { canMeasureMemory, GNU_TIME, measureProcess } from './process';
import type { BenchSection, Measurement } from './types';

const run = promisify(execFile);

export interface ScaleBenchOptions {
  pages?: number;
  /** Timed builds, after one warm-up. */
  runs?: number;
  /** Render workers (--jobs); the build's default (one per core) when undefined. */
  jobs?: number;
  /** Also the peak memory of a build of this many pages (three builds after a warm-up, or `runs` if fewer); none when undefined. */
  memoryPages?: number;
}

/** A pages module: the site's, with its routes and then copies of them under /copy-<n>/, to `pages` pages. */
export function repeatedRoutes(pages: number): string {
  const site = JSON.stringify(path.join(projectRoot, 'pages', 'site.tsx'));
  return `import site from ${site};
const siteRoutes = site.routes;
export const routes = Array.from({ length: ${pages} }, (_, index) => {
  const route = siteRoutes[index % siteRoutes.length];
  if (index < siteRoutes.length) return route;
  const { nav, footer, ...page } = route;
  return { ...page, path: \`/copy-\${index}\${route.path === '/' ? '' : route.path}\`, title: \`\${route.title.slice(0, 60)} (\${index})\` };
});
export default { ...site, routes };
`;
}

interface BuildReport {
  ok: boolean;
  totalMs: number;
  steps: { step: string; ms: number }[];
}

interface BuildRun {
  ms: number;
  rssMb: number;
  report: BuildReport;
  /** Where it wrote the site. */
  outDir: string;
}

/**
 * Output folders named `<prefix>-1`, `<prefix>-2`, ... in `folder`, never one used before, and
 * nothing deleted until the section ends. On a disk whose ext4 has no journal (this machine's),
 * the kernel hands a new file or folder an inode only after skipping every one freed in the last
 * minutes, so writing 1,001 pages into a folder emptied just before took 0.6-1.1 s of kernel time
 * where a fresh folder took 0.09 s: deleting the last run's output would measure the deleting.
 */
function freshFolders(folder: string, prefix: string): () => string {
  let count = 0;
  return () => path.join(folder, `${prefix}-${++count}`);
}

/**
 * Builds the repeated site of `pages` pages in `folder`, one whole process a call, into a fresh
 * output folder, or with `reuse` (runs measured for memory alone, ten times the size) into the
 * same one, removed first.
 */
async function repeatedSite(
  folder: string,
  pages: number,
  jobs: number | undefined,
  { reuse = false } = {},
): Promise<{ build: () => Promise<BuildRun> }> {
  const table = await writePagesModule(folder, `routes-${pages}.ts`, repeatedRoutes(pages));
  const outDirOfRun = reuse ? () => path.join(folder, `dist-${pages}`) : freshFolders(folder, `dist-${pages}`);
  const build = async () => {
    const outDir = outDirOfRun();
    await rm(outDir, { recursive: true, force: true });
    await rm(buildsFolder(outDir), { recursive: true, force: true });
    const [command, args] = buildCommand(['--json', '--pages', table, '--out-dir', outDir, ...(jobs ? ['--jobs', String(jobs)] : [])]);
    const run = await measureProcess(command, args, { cwd: projectRoot });
    if (run.status !== 0) throw new Error(`The build of ${pages} pages failed (exit ${run.status}): ${run.stderr.trim()}`);
    return { ms: run.ms, rssMb: run.rssMb ?? Number.NaN, report: JSON.parse(run.stdout) as BuildReport, outDir };
  };
  return { build };
}

export async function measureScale({ pages = 1000, runs = 5, jobs, memoryPages }: ScaleBenchOptions = {}): Promise<BenchSection> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-scale-'));
  const notes = [
    `Scale: the site's ${pages} pages (its routes repeated), ${runs} builds after one warm-up, each a new process writing a folder never used before (nothing is deleted until the section ends); ${jobs ? `--jobs ${jobs}` : `one render worker per core (${os.availableParallelism()})`}.`,
  ];
  try {
    const site = await repeatedSite(folder, pages, jobs);
    const warmUp = await site.build();
    const hugo = await hugoPeer(warmUp.outDir, path.join(folder, 'hugo'));
    notes.push(hugo.note);
    const samples: BuildRun[] = [];
    const hugoMs: number[] = [];
    // In turns, ours then Hugo's, so that both meet the machine in the same state.
    for (let i = 0; i < runs; i += 1) {
      samples.push(await site.build());
      if (hugo.build) hugoMs.push(await hugo.build());
    }
    const stepNames = samples[0]?.report.steps.map((step) => step.step) ?? [];
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
    ];
    if (canMeasureMemory())
      measurements.push({
        name: `${pages} pages: peak memory (RSS)`,
        unit: 'MB',
        samples: samples.map((s) => s.rssMb),
        ...(pages === 1000 ? { targetMedian: 450 } : pages === 10_000 ? { targetMedian: 300 } : {}),
      });
    else notes.push(`Scale: no peak memory: GNU time (${GNU_TIME}) is not installed; apt-get install time (Debian) adds it.`);
    if (hugo.build) {
      measurements.push(
        { name: `${pages} pages: Hugo writing the same pages, spawn to exit`, unit: 'ms', samples: hugoMs },
        {
          // Each of our builds against the Hugo run right after it.
          name: `${pages} pages: our time ÷ Hugo's, run by run`,
          unit: '',
          samples: samples.map((s, i) => s.ms / (hugoMs[i] ?? Number.NaN)),
          decimals: 2,
          ...(pages === 1000 ? { targetMedian: 1 } : {}),
        },
      );
    }
    measurements.push(
      ...stepNames.map((step) => ({
        name: `${pages} pages: step ${step}`,
        unit: 'ms' as const,
        samples: samples.map((s) => s.report.steps.find((timing) => timing.step === step)?.ms ?? Number.NaN),
        decimals: 1,
      })),
    );
    if (pages >= 1000) {
      measurements.push({
        name: `${pages} pages: link check per page`,
        unit: 'ms',
        samples: samples.map((s) => (s.report.steps.find((timing) => timing.step === 'links')?.ms ?? Number.NaN) / pages),
        targetMedian: 0.3,
        decimals: 3,
      });
    }
    if (memoryPages !== undefined && memoryPages !== pages) {
      const large = await repeatedSite(folder, memoryPages, jobs, { reuse: true });
      const { outDir } = await large.build();
      // Three at most: each is ten times the section's build.
      const memoryRuns = Math.min(runs, 3);
      const memory: BuildRun[] = [];
      for (let i = 0; i < memoryRuns; i += 1) memory.push(await large.build());
      await rm(outDir, { recursive: true, force: true });
      measurements.push({ name: `${memoryPages} pages: wall time, spawn to exit`, unit: 'ms', samples: memory.map((s) => s.ms) });
      if (canMeasureMemory())
        measurements.push({
          name: `${memoryPages} pages: peak memory (RSS)`,
          unit: 'MB',
          samples: memory.map((s) => s.rssMb),
          ...(memoryPages === 10_000 ? { targetMedian: 300 } : {}),
        });
      notes.push(`Scale: ${memoryPages} pages, ${memoryRuns} builds after one warm-up, for the peak memory.`);
    }
    return { name: 'Scale', measurements, notes };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

interface Peer {
  /** One Hugo run into a folder of its own (freshFolders), ms from spawn to exit; undefined when Hugo is not installed. */
  build?: () => Promise<number>;
  note: string;
}

/**
 * Hugo (Debian's `hugo`) writing the pages of `dist`, as built, through its own pipeline: each
 * page a content file with only its URL in the front matter, read and written through a layout
 * that is `{{ .Content }}`. Its run after a warm-up is checked against ours, page for page.
 */
async function hugoPeer(dist: string, site: string): Promise<Peer> {
  const version = await hugoVersion();
  if (!version) return { note: 'Scale: Hugo is not installed, so there is no figure beside ours: apt-get install hugo (Debian) adds it.' };
  const pages = await hugoPassThrough(dist, site);
  const nextOutDir = freshFolders(site, 'public');
  const build = async (outDir = nextOutDir()) => {
    const started = performance.now();
    await run('hugo', ['--quiet', '--destination', outDir], { cwd: site });
    return performance.now() - started;
  };
  const warmUp = nextOutDir();
  await build(warmUp);
  const differ: string[] = [];
  for (const page of pages) {
    const [ours, theirs] = await Promise.all([readFile(path.join(dist, page)), readFile(path.join(warmUp, page)).catch(() => undefined)]);
    if (!theirs?.equals(ours)) differ.push(page);
  }
  const same = differ.length === 0 ? 'byte for byte the same as ours' : `NOT the same as ours in ${differ.length} (${differ[0]}, ...)`;
  return {
    build,
    note: `Scale: Hugo ${version} writing the same ${pages.length} pages, passed through (front matter with only the URL, layout {{ .Content }}); its pages are ${same}. Run in turns with our builds, each into a folder of its own too.`,
  };
}

/** Writes a Hugo site of the HTML pages of `dist` into `site`, and returns their paths. */
async function hugoPassThrough(dist: string, site: string): Promise<string[]> {
  await mkdir(path.join(site, 'layouts', '_default'), { recursive: true });
  await writeFile(
    path.join(site, 'hugo.toml'),
    [
      'baseURL = "https://example.com/"',
      // Only the pages: no lists, feeds, sitemap, robots.txt or 404 page of Hugo's own.
      'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "section"]',
      'disableHugoGeneratorInject = true',
      '',
    ].join('\n'),
  );
  for (const layout of ['_default/single.html', 'index.html']) await writeFile(path.join(site, 'layouts', layout), '{{ .Content }}');
  const pages = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  for (const page of pages) {
    const html = await readFile(path.join(dist, page), 'utf8');
    const folder = path.dirname(page);
    // The home page is the site's index; /about-us/index.html is the page at /about-us/; 404.html is itself.
    const [file, url] =
      page === 'index.html'
        ? ['_index.html', undefined]
        : path.basename(page) === 'index.html'
          ? [`${folder}.html`, `/${folder}/`]
          : [page, `/${page}`];
    const target = path.join(site, 'content', file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `---\n${url ? `url: ${JSON.stringify(url)}\n` : ''}---\n${html}`);
  }
  return pages;
}

/**
 * Lighthouse 12 on every page, with its default mobile preset (emulated phone, simulated slow 4G
 * and a 4× slower CPU), against the built site served by `serve`, in Debian's Chromium.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBuild } from '../../generator/pipeline';
import { fileRoute } from '../../generator/urls';
import { launchChromium } from '../lib/chromium';
import { projectRoot } from '../lib/project';
import { freePort, startServe } from '../lib/server';
import { LCP_BEFORE_MS } from './before';
import type { BenchSection, Measurement } from './types';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Runs a page, whose median is the figure (--runs). */
const RUNS = 3;

/** Issue 30 (after issue 13's second): the largest contentful paint of every page within 0.95 s, on the mobile preset. */
const LCP_TARGET_MS = 950;

/** Lighthouse lives in its own folder beside this file, out of the site's install. */
const LIGHTHOUSE_DIR = path.join(import.meta.dirname, 'lighthouse');

/** The part of a Lighthouse report this section reads. */
interface Report {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { id: string; title: string; score: number | null; numericValue?: number } | undefined>;
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Report } | undefined>;

/** Imports Lighthouse, installing its folder's locked packages on first use. */
async function loadLighthouse(): Promise<Lighthouse> {
  if (!existsSync(path.join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse'))) {
    console.error('Installing Lighthouse for this section (npm ci in scripts/bench/lighthouse/)…');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: LIGHTHOUSE_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
    if (install.status !== 0)
      throw new Error('Could not install Lighthouse: run `npm ci --prefix scripts/bench/lighthouse` and try again.');
  }
  const entry = createRequire(path.join(LIGHTHOUSE_DIR, 'package.json')).resolve('lighthouse');
  const module = (await import(pathToFileURL(entry).href)) as { default: Lighthouse };
  return module.default;
}

export async function measureLighthouse({ runs = RUNS }: { runs?: number } = {}): Promise<BenchSection> {
  const lighthouse = await loadLighthouse();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-lighthouse-'));
  const siteDir = path.join(folder, 'dist');
  const built = await runBuild({ root: projectRoot, outDir: siteDir, log: () => {} });
  // Every page with an address, the articles' too.
  const pages = built.outputs.flatMap((output) => (output.redirectsTo === undefined ? (fileRoute(output.path) ?? []) : []));
  const server = await startServe(siteDir);
  const port = await freePort();
  // Lighthouse drives the browser over the DevTools protocol on this port.
  const browser = await launchChromium({ args: [`--remote-debugging-port=${port}`] });
  const measurements: Measurement[] = [];
  const shortfalls: string[] = [];
  /** One report; Chromium now and then fails to record a trace (NO_NAVSTART), so a failed run is tried again once. */
  const audit = async (url: string): Promise<Report> => {
    for (let attempt = 1; ; attempt += 1) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      const lhr = result?.lhr;
      if (lhr && !lhr.runtimeError) return lhr;
      const why = lhr?.runtimeError?.message ?? 'no report';
      if (attempt === 2) throw new Error(`Lighthouse failed twice on ${url}: ${why}`);
      console.error(`Lighthouse failed on ${url} (${why}); trying once more.`);
    }
  };
  try {
    for (const route of pages.map((pagePath) => ({ path: pagePath }))) {
      const reports: Report[] = [];
      for (let run = 0; run < runs; run += 1) reports.push(await audit(`${server.url}${route.path}`));
      for (const category of CATEGORIES) {
        // Name what cost the points, so a missed 100 can be acted on.
        const missed = new Set<string>();
        for (const lhr of reports) {
          for (const ref of lhr.categories[category]?.auditRefs ?? []) {
            const found = lhr.audits[ref.id];
            if (ref.weight > 0 && found && found.score !== null && found.score < 1) missed.add(`${found.id} (${found.title})`);
          }
        }
        for (const what of missed) shortfalls.push(`${route.path} ${category}: ${what}`);
        measurements.push({
          name: `${route.path} ${category}`,
          unit: 'points',
          samples: reports.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100)),
          targetMedian: 100,
          higherIsBetter: true,
        });
      }
      const figure = (id: string) => reports.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN);
      measurements.push(
        {
          name: `${route.path} LCP (before issue 13: ${LCP_BEFORE_MS[route.path] ?? '–'} ms)`,
          unit: 'ms',
          samples: figure('largest-contentful-paint'),
          targetMedian: LCP_TARGET_MS,
        },
        { name: `${route.path} TBT`, unit: 'ms', samples: figure('total-blocking-time') },
        { name: `${route.path} CLS`, unit: '', samples: figure('cumulative-layout-shift'), decimals: 3 },
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
  return {
    name: 'Lighthouse',
    measurements,
    notes: [
      `Lighthouse: ${runs} runs a page, mobile preset with simulated throttling; LCP and TBT are Lighthouse’s simulated figures.`,
      ...shortfalls.map((shortfall) => `Lighthouse shortfall: ${shortfall}`),
    ],
  };
}

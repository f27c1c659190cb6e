/**
 * Lighthouse 12 on every page, with its default mobile preset (emulated phone, simulated slow 4G
 * and a 4× slower CPU), against the built site served by `serve`, in Debian's Chromium.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { runBuild } from '../../build/pipeline';
import { routes } from '../../pages/routes';
import { launchChromium } from '../../tests/support/chromium';
import { freePort, startServe } from '../../tests/support/server';
import type { BenchSection, Measurement } from './types';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export async function measureLighthouse(): Promise<BenchSection> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-lighthouse-'));
  const siteDir = path.join(folder, 'dist');
  await runBuild({ outDir: siteDir, log: () => {} });
  const server = await startServe(siteDir);
  const port = await freePort();
  // Lighthouse drives the browser over the DevTools protocol on this port.
  const browser = await launchChromium({ args: [`--remote-debugging-port=${port}`] });
  const measurements: Measurement[] = [];
  const shortfalls: string[] = [];
  try {
    for (const route of routes) {
      const result = await lighthouse(`${server.url}${route.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no report for ${route.path}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${route.path}: ${lhr.runtimeError.message}`);
      for (const category of CATEGORIES) {
        // Name what cost the points, so a missed 100 can be acted on.
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            shortfalls.push(`${route.path} ${category}: ${audit.id} (${audit.title})`);
          }
        }
        measurements.push({
          name: `${route.path} ${category}`,
          unit: 'points',
          samples: [Math.round((lhr.categories[category]?.score ?? 0) * 100)],
          targetMedian: 100,
          higherIsBetter: true,
        });
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      measurements.push(
        { name: `${route.path} LCP`, unit: 'ms', samples: [audit('largest-contentful-paint')] },
        { name: `${route.path} TBT`, unit: 'ms', samples: [audit('total-blocking-time')] },
        { name: `${route.path} CLS`, unit: '', samples: [audit('cumulative-layout-shift')], decimals: 3 },
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
      'Lighthouse: mobile preset with simulated throttling; LCP and TBT are Lighthouse’s simulated figures.',
      ...shortfalls.map((shortfall) => `Lighthouse shortfall: ${shortfall}`),
    ],
  };
}

/**
 * The render step alone: every route rendered with renderToStaticMarkup again and again, so the
 * cost per page stays visible as the site grows. The steps before it run once beforehand.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createContext, defaultOptions, runStep, steps } from '../../build/pipeline';
import { renderPage } from '../../build/steps/pages';
import type { BenchSection } from './types';

export interface RenderBenchOptions {
  /** Total renders per sample, cycling through the routes. */
  renders?: number;
  samples?: number;
}

export async function measureRender({ renders = 1000, samples = 5 }: RenderBenchOptions = {}): Promise<BenchSection> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'site-bench-render-'));
  try {
    const options = { ...defaultOptions(), outDir: path.join(staging, 'dist'), log: () => {} };
    const ctx = createContext(options, staging);
    // Every step the pages depend on (assets, icons), in pipeline order, up to the render itself.
    for (const [name, step] of steps.slice(0, steps.findIndex(([name]) => name === 'pages'))) await runStep(ctx, name, step);
    const { routes } = options;
    const rate: number[] = [];
    let bytes = 0;
    // One untimed pass warms the JIT and React's caches.
    for (const route of routes) renderPage(ctx, route, route.path);
    for (let sample = 0; sample < samples; sample += 1) {
      const started = performance.now();
      for (let i = 0; i < renders; i += 1) {
        const route = routes[i % routes.length];
        if (route) bytes += renderPage(ctx, route, route.path).length;
      }
      rate.push(renders / ((performance.now() - started) / 1000));
    }
    return {
      name: 'Render',
      measurements: [{ name: `pages rendered per second (${renders} renders of ${routes.length} routes)`, unit: 'pages/s', samples: rate }],
      notes: [`Render: ${samples} samples of ${renders} renders; ${(bytes / (renders * samples) / 1000).toFixed(1)} kB of HTML per page on average.`],
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Sizes of the built site beside their budgets (the same budgets the tests assert). */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runBuild } from '../../build/pipeline';
import { BUDGETS, firstVisitFiles, siteSizes, totalTransfer } from '../../tests/support/sizes';
import type { BenchSection, Measurement } from './types';

const kB = (bytes: number) => bytes / 1024;

export async function measureSizes(): Promise<BenchSection> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-sizes-'));
  try {
    const siteDir = path.join(folder, 'dist');
    await runBuild({ outDir: siteDir, log: () => {} });
    const sizes = await siteSizes(siteDir);
    const pages: Measurement[] = sizes
      .filter((size) => size.file.endsWith('.html'))
      .map((page) => ({
        name: `${page.file} gzip (raw ${kB(page.raw).toFixed(1)}, brotli ${kB(page.brotli).toFixed(1)} kB)`,
        unit: 'kB',
        samples: [kB(page.gzip)],
        targetMedian: kB(BUDGETS.pageHtmlGzip),
        decimals: 1,
      }));
    const firstVisit = await firstVisitFiles(siteDir, 'index.html');
    const firstVisitBytes = sizes.filter((size) => firstVisit.includes(size.file)).reduce((sum, size) => sum + size.transfer, 0);
    const total = (name: string, matching: RegExp, budget: number): Measurement => ({
      name,
      unit: 'kB',
      samples: [kB(totalTransfer(sizes, matching))],
      targetMedian: kB(budget),
      decimals: 1,
    });
    return {
      name: 'Size',
      measurements: [
        ...pages,
        total('all CSS, gzip', /\.css$/, BUDGETS.cssGzip),
        total('all JavaScript, gzip', /\.m?js$/, BUDGETS.jsGzip),
        total('fonts', /\.(woff2?|ttf|otf)$/, BUDGETS.fonts),
        { name: `first visit to / (${firstVisit.length} files)`, unit: 'kB', samples: [kB(firstVisitBytes)], targetMedian: kB(BUDGETS.firstVisit), decimals: 1 },
      ],
      notes: ['Size: kB = 1,024 bytes; text gzipped at zlib’s default level, fonts as they are.'],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

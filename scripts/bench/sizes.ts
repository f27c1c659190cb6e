/** Sizes of the built site beside their budgets (the same budgets the tests assert). */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { runBuild } from '../../generator/pipeline';
import { pageFiles } from '../lib/files';
import { projectRoot } from '../lib/project';
import { BUDGETS, firstVisitFiles, siteSizes, totalTransfer } from '../lib/sizes';
import { FIRST_VISIT_BEFORE_KB } from './before';
import type { BenchSection, Measurement } from './types';

const kB = (bytes: number) => bytes / 1024;

export async function measureSizes(): Promise<BenchSection> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-sizes-'));
  try {
    const siteDir = path.join(folder, 'dist');
    await runBuild({ root: projectRoot, outDir: siteDir, log: () => {} });
    const sizes = await siteSizes(siteDir);
    const pageSet = new Set(await pageFiles(siteDir));
    const htmlPages = sizes.filter((size) => pageSet.has(size.file));
    const pages: Measurement[] = htmlPages.map((page) => ({
      name: `${page.file} gzip (raw ${kB(page.raw).toFixed(1)}, brotli ${kB(page.brotli).toFixed(1)} kB)`,
      unit: 'kB',
      samples: [kB(page.gzip)],
      targetMedian: kB(BUDGETS.pageHtmlGzip),
      decimals: 1,
    }));
    const firstVisits: Measurement[] = [];
    for (const page of htmlPages) {
      const files = await firstVisitFiles(siteDir, page.file);
      const bytes = sizes.filter((size) => files.includes(size.file)).reduce((sum, size) => sum + size.transfer, 0);
      const before = FIRST_VISIT_BEFORE_KB[page.file];
      firstVisits.push({
        name: `first visit to ${page.file} (${files.length} files; before issue 13: ${before === undefined ? '–' : `${before.toFixed(1)} kB`})`,
        unit: 'kB',
        samples: [kB(bytes)],
        targetMedian: kB(BUDGETS.firstVisit),
        decimals: 1,
      });
    }
    // Each page carries its own, cut to its classes: the largest is the budget's.
    const stylesheets = await Promise.all(
      htmlPages.map(async (page) => {
        const css = cheerio
          .load(await readFile(path.join(siteDir, page.file), 'utf8'))('style')
          .text();
        return { file: page.file, css, gzip: gzipSync(css).byteLength };
      }),
    );
    const largest = stylesheets.reduce((most, sheet) => (sheet.gzip > most.gzip ? sheet : most));
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
        {
          name: `stylesheet, the largest page's own (${largest.file}), gzip (raw ${kB(Buffer.byteLength(largest.css)).toFixed(1)} kB)`,
          unit: 'kB',
          samples: [kB(largest.gzip)],
          targetMedian: kB(BUDGETS.cssGzip),
          decimals: 1,
        },
        total('all JavaScript, gzip', /\.m?js$/, BUDGETS.jsGzip),
        total('fonts', /\.(woff2?|ttf|otf)$/, BUDGETS.fonts),
        ...firstVisits,
      ],
      notes: [
        'Size: kB = 1,024 bytes; text gzipped at zlib’s default level, fonts as they are.',
        'Size: a first visit counts the page, its script, the font faces whose unicode-range its text needs, the icon sprite, the favicon and the manifest.',
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

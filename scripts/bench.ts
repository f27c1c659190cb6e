/**
 * `npm run bench [-- <section>...]`: measures the project and prints one table; the figures are
 * also written as JSON to bench-results/ (ignored by git) for comparing runs. Each section is one
 * function in scripts/bench/ returning a BenchSection; add a section by adding it to the list below.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CommandSpec, readCommandLine } from '../generator/cli';
import { paintFor } from '../generator/terminal';
import { type BenchSection, meetsTarget, summarizeSamples } from './bench/types';

/** --runs, when given; each section's own count otherwise. */
type Runs = { runs?: number };
/** The articles section's own options. */
type More = { photos: number; photoSize?: { width: number; height: number }; largePages?: number };

// Imported when run, so that --help, a typo or `bench sizes` does not wait for Lighthouse to load.
const available = {
  build: {
    about: 'npm run build as a whole process, with the cache warm and without it: time and peak memory',
    measure: async (_pages: number, runs: Runs) => (await import('./bench/build')).measureBuild(runs),
  },
  scale: {
    about:
      "the site repeated to --pages pages (1,000): whole-process time, pages/s, memory, each step, Hugo's time; peak memory at ten times as many",
    measure: async (pages: number, runs: Runs) => (await import('./bench/scale')).measureScale({ pages, memoryPages: pages * 10, ...runs }),
  },
  articles: {
    about:
      '--pages Markdown articles (1,000) built by ours with no cache and with the last one, by Eleventy and by Hugo, in turns: time, ratios, peak memory; then --photos photos (40) with no cache',
    measure: async (pages: number, runs: Runs, more: More) =>
      (await import('./bench/articles')).measureArticles({ pages, ...runs, ...more }),
  },
  deploy: {
    about: "npm run deploy:s3 to an S3-compatible server here (s3rver): today's site and --pages pages (1,000), time and files/s",
    measure: async (pages: number, runs: Runs) => (await import('./bench/deploy')).measureDeploy({ pages, ...runs }),
  },
  sizes: {
    about: 'every page, stylesheet, script and font size against its budget',
    measure: async () => (await import('./bench/sizes')).measureSizes(),
  },
  dev: {
    about: 'the dev loop: save a stylesheet or a page until the new one is served',
    measure: async (_pages: number, runs: Runs) => (await import('./bench/dev-loop')).measureDevLoop(runs),
  },
  lighthouse: {
    about: 'Lighthouse (mobile preset) on every page, in Chromium',
    measure: async (_pages: number, runs: Runs) => (await import('./bench/lighthouse')).measureLighthouse(runs),
  },
} satisfies Record<string, { about: string; measure: (pages: number, runs: Runs, more: More) => Promise<BenchSection> }>;
type SectionName = keyof typeof available;
const isSection = (name: string): name is SectionName => Object.hasOwn(available, name);

const command = {
  usage: 'npm run bench -- [section...]',
  summary: 'Measures the project and prints each figure beside its target; writes them to bench-results/.',
  options: {
    pages: {
      type: 'string',
      value: '<n>',
      description: 'pages of the scale and deploy sections, articles of the articles section (default 1000)',
    },
    runs: { type: 'string', value: '<n>', description: "timed runs of each section that repeats one (default: the section's own)" },
    photos: {
      type: 'string',
      value: '<n>',
      description: "photos of the articles section's cold photo build, ten to an article (default 40)",
    },
    'photo-size': {
      type: 'string',
      value: '<w>x<h>',
      description: "the photos' size in pixels (default 2400x1600); issue 42's memory target is for 100 of 6000x4000 (24 Mpx)",
    },
    'large-pages': {
      type: 'string',
      value: '<n>',
      description:
        'articles section: also <n> articles (10000) built cold and warm, for peak memory and time; not in the default run: 10,000 take minutes',
    },
    results: { type: 'string', value: '<folder>', description: 'where the figures are written as JSON (default bench-results/)' },
  },
  positionals: true,
  lists: [
    {
      title: 'Sections (none given: all of them, in this order)',
      rows: Object.entries(available).map(([name, { about }]) => [name, about] as const),
    },
  ],
} satisfies CommandSpec;

const { positionals: chosen, values } = readCommandLine(command);

/** A whole number of at least 1, or the message and exit status 1. */
function wholeNumber(option: 'pages' | 'runs' | 'photos' | 'large-pages', fallback?: number): number | undefined {
  const value = values[option] === undefined ? fallback : Number(values[option]);
  if (value === undefined || (Number.isInteger(value) && value >= 1)) return value;
  console.error(`--${option} takes a whole number of at least 1, not "${values[option]}".`);
  return process.exit(1);
}
const pages = wholeNumber('pages', 1000) ?? 1000;
const runs = wholeNumber('runs');
const photos = wholeNumber('photos', 40) ?? 40;
const largePages = wholeNumber('large-pages');
const photoSize = ((): { width: number; height: number } | undefined => {
  const written = values['photo-size'];
  if (written === undefined) return undefined;
  const match = /^(\d+)x(\d+)$/.exec(String(written));
  if (match && Number(match[1]) > 0 && Number(match[2]) > 0) return { width: Number(match[1]), height: Number(match[2]) };
  console.error(`--photo-size takes a width and a height in pixels, such as 6000x4000, not "${written}".`);
  process.exit(1);
})();
const unknown = chosen.filter((name) => !isSection(name));
if (unknown.length > 0) {
  console.error(`Unknown bench section(s): ${unknown.join(', ')}. Known: ${Object.keys(available).join(', ')}.`);
  process.exit(1);
}
const sections = (chosen.length > 0 ? chosen.filter(isSection) : (Object.keys(available) as SectionName[])).map(
  (name) => available[name].measure,
);

const paint = paintFor(process.stdout);
const results: BenchSection[] = [];
const more: More = { photos, ...(photoSize ? { photoSize } : {}), ...(largePages === undefined ? {} : { largePages }) };
for (const measure of sections) results.push(await measure(pages, runs === undefined ? {} : { runs }, more));

const rows: string[][] = [['Measurement', 'median', 'min', 'max', 'runs', 'target']];
const verdicts: boolean[] = [];
for (const section of results) {
  for (const measurement of section.measurements) {
    const { median, min, max, runs } = summarizeSamples(measurement.samples);
    const figure = (value: number) => `${value.toFixed(measurement.decimals ?? 0)} ${measurement.unit}`.trimEnd();
    const target = measurement.targetMedian;
    const met = meetsTarget(measurement, median);
    verdicts.push(met);
    rows.push([
      `${section.name}: ${measurement.name}`,
      figure(median),
      figure(min),
      figure(max),
      String(runs),
      measurement.failed !== undefined
        ? 'FAILED'
        : target === undefined
          ? ''
          : `${measurement.higherIsBetter ? '≥' : '≤'} ${target} ${measurement.unit} ${met ? 'met' : 'MISSED'}`.replace('  ', ' '),
    ]);
  }
}
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
rows.forEach((row, index) => {
  const line = row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)));
  const text = `  ${line.join('  ')}`.trimEnd();
  console.log(index === 0 ? paint.bold(text) : verdicts[index - 1] === false ? paint.red(text) : text);
});
for (const section of results) for (const note of section.notes ?? []) console.log(paint.dim(`  ${note}`));

const folder = path.resolve(values.results ?? 'bench-results');
await mkdir(folder, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const json = JSON.stringify(
  {
    date: new Date().toISOString(),
    sections: results.map((section) => ({
      ...section,
      measurements: section.measurements.map((measurement) => ({ ...measurement, ...summarizeSamples(measurement.samples) })),
    })),
  },
  null,
  2,
);
await writeFile(path.join(folder, `bench-${stamp}.json`), json);
await writeFile(path.join(folder, 'latest.json'), json);
console.log(paint.dim(`  Figures written to ${path.relative(process.cwd(), path.join(folder, `bench-${stamp}.json`))}.`));

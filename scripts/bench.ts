/**
 * `npm run bench`: measures the project and prints one table; the figures are also written as
 * JSON to bench-results/ (ignored by git) for comparing runs. Each section is one function in
 * scripts/bench/ returning a BenchSection; add a section by adding it to the list below.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { paintFor } from '../build/terminal';
import { measureBuild } from './bench/build';
import { measureDevLoop } from './bench/dev-loop';
import { measureLighthouse } from './bench/lighthouse';
import { measureRender } from './bench/render';
import { measureSizes } from './bench/sizes';
import { meetsTarget, summarizeSamples, type BenchSection } from './bench/types';

const available: Record<string, () => Promise<BenchSection>> = {
  build: () => measureBuild(),
  render: () => measureRender(),
  sizes: () => measureSizes(),
  dev: () => measureDevLoop(),
  lighthouse: () => measureLighthouse(),
};
// `npm run bench -- sizes lighthouse` runs only those sections; no arguments runs them all.
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in available));
if (unknown.length > 0) {
  console.error(`Unknown bench section(s): ${unknown.join(', ')}. Known: ${Object.keys(available).join(', ')}.`);
  process.exit(1);
}
const sections = (chosen.length > 0 ? chosen : Object.keys(available)).flatMap((name) => available[name] ?? []);

const paint = paintFor(process.stdout);
const results: BenchSection[] = [];
for (const measure of sections) results.push(await measure());

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
      target === undefined ? '' : `${measurement.higherIsBetter ? '≥' : '≤'} ${target} ${measurement.unit} ${met ? 'met' : 'MISSED'}`.replace('  ', ' '),
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

const folder = path.resolve('bench-results');
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

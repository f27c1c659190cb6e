/**
 * `npm run bench`: measures the project and prints one table; the figures are also written as
 * JSON to bench-results/ (ignored by git) for comparing runs. Each section is one function in
 * scripts/bench/ returning a BenchSection; add a section by adding it to the list below.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { paintFor } from '../build/terminal';
import { measureDevLoop } from './bench/dev-loop';
import { summarizeSamples, type BenchSection } from './bench/types';

const sections: readonly (() => Promise<BenchSection>)[] = [() => measureDevLoop()];

const paint = paintFor(process.stdout);
const results: BenchSection[] = [];
for (const measure of sections) results.push(await measure());

const rows: string[][] = [['Measurement', 'median', 'min', 'max', 'runs', 'target']];
const verdicts: boolean[] = [];
for (const section of results) {
  for (const measurement of section.measurements) {
    const { median, min, max, runs } = summarizeSamples(measurement.samples);
    const figure = (value: number) => `${Math.round(value)} ${measurement.unit}`;
    const target = measurement.targetMedian;
    verdicts.push(target === undefined || median <= target);
    rows.push([
      `${section.name}: ${measurement.name}`,
      figure(median),
      figure(min),
      figure(max),
      String(runs),
      target === undefined ? '' : `≤ ${target} ${measurement.unit} ${median <= target ? 'met' : 'MISSED'}`,
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

import type { OutputFile } from './context';
import type { BuildResult } from './pipeline';
import { plain, type Paint } from './terminal';

/** Human-readable size: bytes under 1 kB, otherwise kB with one decimal. */
export function formatBytes(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
}

/** The route an HTML output answers, inverting routeFile(): "about-us/index.html" → "/about-us". */
export function routeOf(file: string): string | undefined {
  if (file === '404.html') return '(404)';
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return undefined;
}

type Row = readonly [string, string, string, string];

/**
 * The build summary as a compact table: one row per route (output path, HTML size, gzipped size)
 * in the order the pages were written, then every other file, then the total and the step timings.
 */
export function summarize(result: BuildResult, paint: Paint = plain): string[] {
  const pages: OutputFile[] = [];
  const assets: OutputFile[] = [];
  for (const output of result.outputs) (routeOf(output.path) ? pages : assets).push(output);
  assets.sort((a, b) => a.path.localeCompare(b.path));

  const sizes = (output: OutputFile) => [formatBytes(output.bytes), formatBytes(output.gzipBytes)] as const;
  const pageRows: Row[] = pages.map((output) => [routeOf(output.path) ?? '', output.path, ...sizes(output)]);
  const assetRows: Row[] = assets.map((output) => ['', output.path, ...sizes(output)]);
  const header: Row = ['Route', 'Output', 'Size', 'gzip'];
  const assetHeader: Row = ['Assets', '', '', ''];
  const all = [header, ...pageRows, assetHeader, ...assetRows];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  const format = ([route, file, size, gzip]: Row) =>
    `  ${route.padEnd(widths[0] ?? 0)}  ${file.padEnd(widths[1] ?? 0)}  ${size.padStart(widths[2] ?? 0)}  ${gzip.padStart(widths[3] ?? 0)}`.trimEnd();

  const lines = [paint.bold(format(header)), ...pageRows.map(format)];
  if (assetRows.length > 0) lines.push(paint.bold(format(assetHeader)), ...assetRows.map(format));

  const bytes = result.outputs.reduce((sum, output) => sum + output.bytes, 0);
  const gzipBytes = result.outputs.reduce((sum, output) => sum + output.gzipBytes, 0);
  const steps = result.timings.map((timing) => `${timing.step} ${Math.round(timing.ms)} ms`).join(' · ');
  lines.push(
    '',
    `${paint.green('Built')} ${pages.length} pages and ${assets.length} other files (${formatBytes(bytes)}, ${formatBytes(gzipBytes)} gzipped) in ${Math.round(result.totalMs)} ms.`,
    paint.dim(`  Steps: ${steps}`),
  );
  return lines;
}

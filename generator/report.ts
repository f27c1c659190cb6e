import type { OutputFile } from './context';
import type { Failure } from './failure';
import type { BuildResult } from './pipeline';
import { type Paint, plain } from './terminal';
import { fileRoute } from './urls';

/** Human-readable size: bytes under 1 kB, then kB, and from 1 MB MB, with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  return bytes < 999_950 ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The route column of the summary: the route a page answers, "(404)" for the fallback page. */
function routeOf(file: string): string | undefined {
  return file === '404.html' ? '(404)' : fileRoute(file);
}

type Row = readonly [string, string, string, string];

/** A site of up to this many pages (the 404 page included) has every page in the summary. */
export const PAGES_LISTED_IN_FULL = 50;
/** A larger one has its largest pages, by size, then a line for the rest. */
export const LARGEST_PAGES_LISTED = 10;

/** Whether `file` is a page, the 404 page included (a redirect's page is not): it has a route column. */
function isPage(output: OutputFile): boolean {
  return output.redirectsTo === undefined && routeOf(output.path) !== undefined;
}

/**
 * The pages the summary lists, in the order written: every one, or for a site of more than
 * PAGES_LISTED_IN_FULL, the LARGEST_PAGES_LISTED largest. A thousand rows would hide what a
 * summary is for, and measuring each page's gzipped size cost a sixth of a large build.
 */
export function listedPages(outputs: readonly OutputFile[]): OutputFile[] {
  const pages = outputs.filter(isPage);
  if (pages.length <= PAGES_LISTED_IN_FULL) return pages;
  const largest = new Set([...pages].sort((a, b) => b.bytes - a.bytes).slice(0, LARGEST_PAGES_LISTED));
  return pages.filter((page) => largest.has(page));
}

/**
 * The build summary as a compact table: one row per route (output path, HTML size, gzipped size)
 * in the order the pages were written, or the largest pages and a line for the rest (listedPages),
 * then every other file, then the total. Each step's time was printed as it finished (stepLine).
 */
export function summarize(result: BuildResult, paint: Paint = plain): string[] {
  const pages = result.outputs.filter(isPage);
  const assets = result.outputs.filter((output) => !isPage(output)).sort((a, b) => a.path.localeCompare(b.path));
  const listed = listedPages(result.outputs);
  const unlisted = pages.length - listed.length;

  const sizes = (output: OutputFile) =>
    [formatBytes(output.bytes), output.gzipBytes === undefined ? '' : formatBytes(output.gzipBytes)] as const;
  const pageRows: Row[] = listed.map((output) => [routeOf(output.path) ?? '', output.path, ...sizes(output)]);
  if (unlisted > 0) {
    const rest = pages.filter((page) => !listed.includes(page)).reduce((sum, page) => sum + page.bytes, 0);
    pageRows.push(['', `… and ${unlisted} more pages`, formatBytes(rest), '']);
  }
  const assetRows: Row[] = assets.map((output) => [output.redirectsTo ? `→ ${output.redirectsTo}` : '', output.path, ...sizes(output)]);
  const header: Row = [unlisted > 0 ? `Route (the ${listed.length} largest pages)` : 'Route', 'Output', 'Size', 'gzip'];
  const assetHeader: Row = ['Assets', '', '', ''];
  const all = [header, ...pageRows, assetHeader, ...assetRows];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  const format = ([route, file, size, gzip]: Row) =>
    `  ${route.padEnd(widths[0] ?? 0)}  ${file.padEnd(widths[1] ?? 0)}  ${size.padStart(widths[2] ?? 0)}  ${gzip.padStart(widths[3] ?? 0)}`.trimEnd();

  const lines = [paint.bold(format(header)), ...pageRows.map(format)];
  if (assetRows.length > 0) lines.push(paint.bold(format(assetHeader)), ...assetRows.map(format));

  const bytes = result.outputs.reduce((sum, output) => sum + output.bytes, 0);
  // A total of gzipped sizes only when every file's was measured.
  const gzipped = result.outputs.every((output) => output.gzipBytes !== undefined)
    ? `, ${formatBytes(result.outputs.reduce((sum, output) => sum + (output.gzipBytes ?? 0), 0))} gzipped`
    : '';
  lines.push(
    '',
    `${paint.green('Built')} ${pages.length} pages and ${assets.length} other files (${formatBytes(bytes)}${gzipped}) in ${Math.round(result.totalMs)} ms.`,
  );
  return lines;
}

/**
 * The progress line of a finished step, `  ✓ styles     212 ms`: names padded to `width` (the
 * longest step name) so that the times line up while the build runs. Plain text, no colour: it
 * goes through BuildOptions.log, which may be a pipe or a CI log.
 */
export function stepLine(step: string, ms: number, width: number): string {
  return `  ✓ ${step.padEnd(width)}  ${String(Math.round(ms)).padStart(5)} ms`;
}

/**
 * One written file in the JSON report; `route` only for the page of a route (not a redirect's), `gzipBytes` only
 * where measured: every file, but the pages a summary would not list (listedPages).
 */
export interface ReportFile {
  path: string;
  bytes: number;
  gzipBytes?: number;
  route?: string;
}

/**
 * What `npm run build -- --json` prints, the one machine-readable account of a build: on success
 * the total and each step's time (ms, rounded) and every file written, in the order written; on
 * failure the error (its stack only for a bug in the generator).
 */
export type BuildReport =
  | { ok: true; totalMs: number; steps: { step: string; ms: number }[]; files: ReportFile[] }
  | { ok: false; error: Failure };

export function successReport(result: BuildResult): BuildReport {
  return {
    ok: true,
    totalMs: Math.round(result.totalMs),
    steps: result.timings.map(({ step, ms }) => ({ step, ms: Math.round(ms) })),
    files: result.outputs.map(({ path, bytes, gzipBytes, redirectsTo }) => {
      const route = redirectsTo === undefined ? fileRoute(path) : undefined;
      return { path, bytes, ...(gzipBytes === undefined ? {} : { gzipBytes }), ...(route ? { route } : {}) };
    }),
  };
}

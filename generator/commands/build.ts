/** `npm run build [-- options]`: each step as it finishes, then a table of what was written (or --json's one document). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type CommandSpec, formatHelp, parseCommand, positiveNumber, UsageError } from '../cli';
import { type Failure, failureOf } from '../failure';
import { DAY_MS } from '../options';
import { type BuildResult, runBuild } from '../pipeline';
import { progressReporter } from '../progress';
import { escapeControls, type Paint, paintFor, plain } from '../terminal';
import { fileRoute } from '../urls';
import type { OutputFile } from '../writer';

const command = {
  usage: 'npm run build -- [options]',
  summary: 'Builds the site into dist/, which is replaced only when every step succeeded.',
  options: {
    quiet: { type: 'boolean', short: 'q', description: 'print only errors' },
    json: { type: 'boolean', description: 'print one JSON report on stdout instead of progress and table (for CI)' },
    'site-url': {
      type: 'string',
      value: '<url>',
      description: 'origin (or folder, https://example.com/site/) for canonical links, Open Graph and the sitemap',
    },
    base: { type: 'string', value: '<path>', description: 'the folder the site is served from, such as /site/ (default /)' },
    jobs: {
      type: 'string',
      short: 'j',
      value: '<n>',
      description: 'render workers (default: one per core); 1 renders one page after another',
    },
    'page-timeout': {
      type: 'string',
      value: '<seconds>',
      description: 'how long a page may take to render before the build fails (default 10)',
    },
    'out-dir': {
      type: 'string',
      value: '<folder>',
      description: 'write the site into a plain folder there (default: dist, a link swapped with no gap)',
    },
    link: { type: 'boolean', description: 'with --out-dir: make it a link into .<folder>-builds/ as dist is, swapped with no gap' },
    'keep-assets': {
      type: 'string',
      value: '<days>',
      description: 'how long the hashed assets of earlier builds stay in the output, for pages loaded before (default 7; 0: none)',
    },
    now: {
      type: 'string',
      value: '<date>',
      description: 'the build\'s "now" (2025-06-01 or an ISO date-time): what is scheduled later or expired is left out',
    },
    site: { type: 'string', value: '<module>', description: "the site's config module (default site.config.ts)" },
    'no-cache': {
      type: 'boolean',
      description: 'make everything anew, without node_modules/.cache/site-generator/ (after editing an installed package by hand)',
    },
    pages: { type: 'string', value: '<module>', description: 'another pages module than the config names (a copy of the site, a test)' },
  },
  lists: [
    {
      title: 'Environment',
      rows: [
        ['SITE_URL', 'site URL used when --site-url is not given (else url in site.config.ts)'],
        ['SITE_GENERATOR_CACHE=0', 'as --no-cache'],
      ],
    },
  ],
} satisfies CommandSpec;

/** Human-readable size: bytes under 1 kB, then kB, and from 1 MB MB, with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  return bytes < 999_950 ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function routeOf(file: string): string | undefined {
  return file === '404.html' ? '(404)' : fileRoute(file);
}

/** A site of up to this many pages (the 404 page included) has every page in the summary. */
export const PAGES_LISTED_IN_FULL = 50;
/** A larger one has its largest pages, by size, then a line for the rest. */
export const LARGEST_PAGES_LISTED = 10;

/** The 404 page included; a redirect's page is not. */
function isPage(output: OutputFile): boolean {
  return output.redirectsTo === undefined && routeOf(output.path) !== undefined;
}

/** A thousand rows would hide what a summary is for, and measuring each page's gzipped size cost a sixth of a large build. */
export function listedPages(outputs: readonly OutputFile[]): OutputFile[] {
  return largestOf(outputs.filter(isPage));
}

/** A thousand articles' images are seven thousand files. */
export function listedAssets(outputs: readonly OutputFile[]): OutputFile[] {
  return largestOf(outputs.filter((output) => !isPage(output)));
}

function largestOf(files: readonly OutputFile[]): OutputFile[] {
  if (files.length <= PAGES_LISTED_IN_FULL) return [...files];
  const largest = new Set([...files].sort((a, b) => b.bytes - a.bytes).slice(0, LARGEST_PAGES_LISTED));
  return files.filter((file) => largest.has(file));
}

const gzipAsync = promisify(gzip);

/** Of the files the summary lists, by path. */
export async function gzipSizes(result: BuildResult): Promise<Map<string, number>> {
  const sizes = [...listedPages(result.outputs), ...listedAssets(result.outputs)].map(async ({ path: file }) => {
    const bytes = await readFile(path.join(result.outDir, file));
    return [file, (await gzipAsync(bytes)).byteLength] as const;
  });
  return new Map(await Promise.all(sizes));
}

type Row = readonly [string, string, string, string];

/** A row per listed page (route, file, size, gzipped size), then the other files, then the total. */
export function summarize(result: BuildResult, gzipped: ReadonlyMap<string, number>, paint: Paint = plain): string[] {
  const pages = result.outputs.filter(isPage);
  const allAssets = result.outputs.filter((output) => !isPage(output));
  const assets = listedAssets(result.outputs).sort((a, b) => a.path.localeCompare(b.path));
  const listed = listedPages(result.outputs);
  const unlisted = pages.length - listed.length + allAssets.length - assets.length;

  const sizes = (output: OutputFile) => {
    const gzipBytes = gzipped.get(output.path);
    return [formatBytes(output.bytes), gzipBytes === undefined ? '' : formatBytes(gzipBytes)] as const;
  };
  const pageRows: Row[] = listed.map((output) => [routeOf(output.path) ?? '', output.path, ...sizes(output)]);
  const more = (files: readonly OutputFile[], shown: readonly OutputFile[], what: string): Row[] => {
    const rest = files.filter((file) => !shown.includes(file));
    return rest.length === 0
      ? []
      : [['', `… and ${rest.length} more ${what}`, formatBytes(rest.reduce((sum, file) => sum + file.bytes, 0)), '']];
  };
  pageRows.push(...more(pages, listed, 'pages'));
  const assetRows: Row[] = assets.map((output) => [output.redirectsTo ? `→ ${output.redirectsTo}` : '', output.path, ...sizes(output)]);
  assetRows.push(...more(allAssets, assets, 'files'));
  const header: Row = [listed.length < pages.length ? `Route (the ${listed.length} largest pages)` : 'Route', 'Output', 'Size', 'gzip'];
  const assetHeader: Row = [assets.length < allAssets.length ? `Assets (the ${assets.length} largest)` : 'Assets', '', '', ''];
  const all = [header, ...pageRows, assetHeader, ...assetRows];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  const format = ([route, file, size, gzip]: Row) =>
    `  ${route.padEnd(widths[0] ?? 0)}  ${file.padEnd(widths[1] ?? 0)}  ${size.padStart(widths[2] ?? 0)}  ${gzip.padStart(widths[3] ?? 0)}`.trimEnd();

  const lines = [paint.bold(format(header)), ...pageRows.map(format)];
  if (assetRows.length > 0) lines.push(paint.bold(format(assetHeader)), ...assetRows.map(format));

  const bytes = result.outputs.reduce((sum, output) => sum + output.bytes, 0);
  // A total of gzipped sizes only when every file's was measured.
  const total = unlisted === 0 ? `, ${formatBytes([...gzipped.values()].reduce((sum, size) => sum + size, 0))} gzipped` : '';
  lines.push(
    '',
    `${paint.green('Built')} ${pages.length} pages and ${allAssets.length} other files (${formatBytes(bytes)}${total}) in ${Math.round(result.totalMs)} ms.`,
  );
  return lines;
}

/** Entries listed by name, at most; the rest are counted. */
const LEFT_LISTED = 10;

/** How many entries of each reason, then the first few with their file and date. */
export function leftOut(left: BuildResult['left'], paint: Paint = plain): string[] {
  if (left.length === 0) return [];
  const reasons = (['draft', 'scheduled', 'expired'] as const).flatMap((reason) => {
    const count = left.filter(({ held }) => held.reason === reason).length;
    return count === 0 ? [] : [`${count} ${reason === 'draft' ? (count === 1 ? 'draft' : 'drafts') : reason}`];
  });
  const why = (held: BuildResult['left'][number]['held']) =>
    held.reason === 'draft' ? 'draft: true' : held.reason === 'scheduled' ? `scheduled for ${held.date}` : `expired on ${held.date}`;
  const width = Math.max(...left.slice(0, LEFT_LISTED).map(({ file }) => file.length));
  return [
    `${paint.yellow('Left out')} ${left.length} ${left.length === 1 ? 'entry' : 'entries'} (${reasons.join(', ')}), which npm run dev shows:`,
    ...left.slice(0, LEFT_LISTED).map(({ file, held }) => `  ${file.padEnd(width)}  ${why(held)}`),
    ...(left.length > LEFT_LISTED ? [`  … and ${left.length - LEFT_LISTED} more`] : []),
  ];
}

/** `route` only for a route's page (not a redirect's), `gzipBytes` only where the summary would list it. */
export type ReportFile = { path: string; bytes: number; gzipBytes?: number; route?: string };

/** What `--json` prints: times in rounded ms, every file in the order written; a failure's stack only for a bug in the generator. */
export type BuildReport =
  | { ok: true; totalMs: number; steps: { step: string; ms: number }[]; files: ReportFile[]; left: BuildResult['left'] }
  | { ok: false; error: Failure };

function successReport(result: BuildResult, gzipped: ReadonlyMap<string, number>): BuildReport {
  return {
    ok: true,
    totalMs: Math.round(result.totalMs),
    steps: result.timings.map(({ step, ms }) => ({ step, ms: Math.round(ms) })),
    files: result.outputs.map(({ path: file, bytes, redirectsTo }) => {
      const gzipBytes = gzipped.get(file);
      const route = redirectsTo === undefined ? fileRoute(file) : undefined;
      return { path: file, bytes, ...(gzipBytes === undefined ? {} : { gzipBytes }), ...(route ? { route } : {}) };
    }),
    left: result.left,
  };
}

/** The one document --json prints; everything else the build might write to stdout goes to stderr. */
function printReport(report: BuildReport): void {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

/** `npm run build -- <args>` on the site at `root`: what it prints, and exit status 1 on any failure. */
export async function buildCommand(root: string, args: readonly string[]): Promise<void> {
  // Known before the arguments are checked, so that a CI job asking for JSON gets it even for a usage error.
  const json = args.includes('--json');
  // The output folder as the command line named it, for the last line of a failure.
  const where = { output: 'dist/' };
  try {
    await build(root, args, where);
  } catch (error) {
    const err = paintFor(process.stderr);
    const failure: Failure = error instanceof UsageError ? { message: error.message } : failureOf(error, root);
    if (error instanceof UsageError) console.error(escapeControls(failure.message));
    else {
      console.error(`${err.red('Build failed:')} ${escapeControls(failure.message)}`);
      if (failure.stack) console.error(err.dim(failure.stack));
      console.error(`${where.output} was left unchanged.`);
    }
    if (json) printReport({ ok: false, error: failure });
    process.exitCode = 1;
  }
}

async function build(root: string, args: readonly string[], where: { output: string }): Promise<void> {
  const out = paintFor(process.stdout);
  const err = paintFor(process.stderr);
  const { values, help } = parseCommand(command, args);
  if (help) return console.log(formatHelp(command));
  const quiet = values.quiet || values.json;
  // A page or a plugin that logs would break the one JSON document: its lines go to stderr.
  if (values.json) console.log = console.info = console.error;
  if (values['no-cache']) process.env.SITE_GENERATOR_CACHE = '0';
  const jobs = positiveNumber(values.jobs, '--jobs');
  const pageTimeout = positiveNumber(values['page-timeout'], '--page-timeout');
  const keepDays = values['keep-assets'] === '0' ? 0 : positiveNumber(values['keep-assets'], '--keep-assets');
  const now =
    values.now === undefined ? undefined : Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(values.now) ? `${values.now}T00:00:00Z` : values.now);
  if (now !== undefined && Number.isNaN(now))
    throw new UsageError(`--now takes a date such as 2025-06-01 or 2025-06-01T09:00:00Z, not "${values.now}".`);
  if (values['out-dir']) where.output = `${values['out-dir'].replace(/\/*$/, '')}/`;
  // Never silent: a long step shows how far it is, on a terminal in place, in a CI log every few seconds.
  const progress = quiet
    ? undefined
    : progressReporter({ write: (text) => process.stdout.write(text), tty: process.stdout.isTTY === true });
  const result = await runBuild({
    root,
    // Checked, with the other sources of the site URL, by siteAddress() in generator/urls.ts.
    ...(values['site-url'] ? { siteUrl: values['site-url'] } : {}),
    ...(values.base !== undefined ? { base: values.base } : {}),
    ...(jobs ? { jobs: Math.ceil(jobs) } : {}),
    ...(pageTimeout ? { pageTimeoutMs: pageTimeout * 1000 } : {}),
    // dist is a link, swapped with no gap; a folder asked for by name is a plain one (--link: a link too).
    ...(values['out-dir'] ? { outDir: path.resolve(values['out-dir']), outLayout: values.link ? 'link' : 'folder' } : {}),
    ...(values.site ? { config: path.relative(root, path.resolve(values.site)) } : {}),
    ...(values.pages ? { pages: path.resolve(values.pages) } : {}),
    ...(keepDays !== undefined ? { keepAssetsMs: keepDays * DAY_MS } : {}),
    ...(now !== undefined ? { now, year: new Date(now).getUTCFullYear() } : {}),
    log: progress ? progress.log : () => {},
    ...(progress ? { progress } : {}),
  }).finally(() => progress?.close());
  // Sizes are only for the summary and the report: a quiet build prints neither.
  if (values.json) printReport(successReport(result, await gzipSizes(result)));
  else if (!quiet) {
    const left = leftOut(result.left, out);
    for (const line of ['', ...summarize(result, await gzipSizes(result), out), ...(left.length > 0 ? ['', ...left] : [])])
      console.log(line);
    console.log(`The site is in ${where.output}`);
  }
  for (const warning of result.warnings) console.error(`${err.yellow('Warning:')} ${escapeControls(warning)}`);
}

/**
 * The one build command: `npm run build [-- options]`. Renders the site into dist/ through the
 * pipeline in generator/pipeline.ts, printing each step as it finishes and then a table of what it
 * wrote; with --json, one JSON document (BuildReport in generator/report.ts) instead. On any error
 * it names the cause, leaves dist/ as it was and exits with status 1.
 */
import path from 'node:path';
import { type CommandSpec, formatHelp, parseCommand, UsageError } from './generator/cli';
import { type Failure, failureOf } from './generator/failure';
import { runBuild } from './generator/pipeline';
import { type BuildReport, successReport, summarize } from './generator/report';
import { paintFor } from './generator/terminal';

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
    routes: { type: 'string', value: '<module>', description: 'the module that exports the route table (default pages/routes.ts)' },
  },
  lists: [
    {
      title: 'Environment',
      rows: [
        ['SITE_URL', 'site URL used when --site-url is not given (else url in site.config.ts)'],
        ['SITE_GENERATOR_CACHE=0', 'build without node_modules/.cache/site-generator/ (it is only ever a shortcut)'],
      ],
    },
  ],
} satisfies CommandSpec;

const root = process.cwd();
const args = process.argv.slice(2);
const out = paintFor(process.stdout);
const err = paintFor(process.stderr);
// Known before the arguments are checked, so that a CI job asking for JSON gets it even for a usage error.
const json = args.includes('--json');

/** The one document --json prints; everything else the build might write to stdout goes to stderr. */
function printReport(report: BuildReport): void {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

function fail(error: unknown): void {
  const failure: Failure = error instanceof UsageError ? { message: error.message } : failureOf(error, root);
  if (error instanceof UsageError) {
    console.error(failure.message);
  } else {
    console.error(`${err.red('Build failed:')} ${failure.message}`);
    if (failure.stack) console.error(err.dim(failure.stack));
    console.error('dist/ was left unchanged.');
  }
  if (json) printReport({ ok: false, error: failure });
  process.exitCode = 1;
}

async function main(): Promise<void> {
  const { values, help } = parseCommand(command, args);
  if (help) {
    console.log(formatHelp(command));
    return;
  }
  const quiet = values.quiet || values.json;
  // A page or a plugin that logs would break the one JSON document: its lines go to stderr.
  if (values.json) console.log = console.info = console.error;
  const jobs = positive(values.jobs, '--jobs');
  const pageTimeout = positive(values['page-timeout'], '--page-timeout');
  const result = await runBuild({
    // Checked, with the other sources of the site URL, by siteAddress() in generator/urls.ts.
    ...(values['site-url'] ? { siteUrl: values['site-url'] } : {}),
    ...(values.base !== undefined ? { base: values.base } : {}),
    ...(jobs ? { jobs: Math.ceil(jobs) } : {}),
    ...(pageTimeout ? { pageTimeoutMs: pageTimeout * 1000 } : {}),
    // dist is a link, swapped with no gap; a folder asked for by name is a plain one (--link: a link too).
    ...(values['out-dir'] ? { outDir: path.resolve(values['out-dir']), outLayout: values.link ? 'link' : 'folder' } : {}),
    ...(values.routes ? { routesModule: path.resolve(values.routes) } : {}),
    log: quiet ? () => {} : (line) => console.log(line),
    // Sizes are only for the summary and the report: a quiet build prints neither.
    measureGzip: !values.quiet || values.json,
  });
  if (values.json) printReport(successReport(result));
  else if (!quiet) for (const line of ['', ...summarize(result, out)]) console.log(line);
  for (const warning of result.warnings) console.error(`${err.yellow('Warning:')} ${warning}`);
}

/** A positive number from an option, or undefined when it was not given. */
function positive(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new UsageError(`${option} takes a positive number, not "${value}".`);
  return number;
}

try {
  await main();
} catch (error) {
  fail(error);
}

/**
 * The one build command: `npm run build [-- --quiet] [-- --site-url https://example.com]`.
 * Renders the site into dist/ through the pipeline in build/pipeline.ts and prints a table of what
 * it wrote. On any error it names the cause, leaves dist/ as it was and exits with status 1.
 */
import { parseArgs } from 'node:util';
import { describeError, explainLoadFailure } from './build/errors';
import { summarize } from './build/report';
import { paintFor } from './build/terminal';

const root = process.cwd();
const out = paintFor(process.stdout);
const err = paintFor(process.stderr);

function fail(message: string, stack?: string): void {
  console.error(`${err.red('Build failed:')} ${message}`);
  if (stack) console.error(err.dim(stack));
  console.error('dist/ was left unchanged.');
  process.exitCode = 1;
}

try {
  const { values } = parseArgs({
    options: { quiet: { type: 'boolean', short: 'q', default: false }, 'site-url': { type: 'string' } },
    strict: true,
  });
  // Imported here rather than at the top, so that a syntax error or a missing import in a page is
  // reported with its file and line instead of crashing the process with a raw stack.
  let pipeline: typeof import('./build/pipeline');
  try {
    pipeline = await import('./build/pipeline');
  } catch (error) {
    throw await explainLoadFailure(error, root);
  }
  const result = await pipeline.runBuild({
    // Checked, with the other sources of the site URL, by siteUrl() in build/urls.ts.
    ...(values['site-url'] ? { siteUrl: values['site-url'] } : {}),
    log: values.quiet ? () => {} : (line) => console.log(line),
  });
  if (!values.quiet) for (const line of summarize(result, out)) console.log(line);
} catch (error) {
  if (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
    fail(`${error.message}. Options: --quiet, --site-url <url>.`);
  } else {
    const { message, stack } = describeError(error, root);
    fail(message, stack);
  }
}

/**
 * `npm run deploy:s3 -- <bucket> [--dry-run] [--dist <folder>] [--endpoint-url <url>]`: uploads the
 * built site to an S3 bucket with the AWS CLI (credentials and region as the CLI finds them), a
 * few `aws s3` commands rather than one a file: hashed assets first with a year's immutable cache,
 * then the other files, then the pages, with no-cache; one command a Content-Type, the commands of
 * a phase at once. Objects the build no longer contains are removed last, and only once every
 * upload succeeded. --dry-run prints the commands instead.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CommandSpec, readCommandLine } from '../generator/cli';
import type { HostedSite } from '../generator/hosting/redirects';
import { filesUnder, readHostedSite } from './lib/files';
import {
  DELETE_BATCH,
  deleteArgs,
  deleteBatches,
  endpointFrom,
  explainAwsError,
  isBucketName,
  listArgs,
  PHASES,
  type Phase,
  passArgs,
  planPasses,
  planUploads,
  type S3Pass,
  type S3Target,
  s3RedirectNotes,
  staleKeys,
} from './lib/s3';

const command = {
  usage: 'npm run deploy:s3 -- <bucket> [options]',
  summary: 'Uploads the built site to an S3 bucket with the AWS CLI: assets first, stale objects removed last.',
  options: {
    'dry-run': { type: 'boolean', description: 'print every aws command in order, and run none' },
    dist: { type: 'string', value: '<folder>', description: 'the built site to upload (default dist)' },
    'endpoint-url': { type: 'string', value: '<url>', description: 'an S3-compatible store instead of AWS (default: AWS_ENDPOINT_URL)' },
  },
  positionals: true,
  lists: [
    { title: 'Arguments', rows: [['<bucket>', "the bucket's name (s3://<bucket> works too); it should hold this site only"]] },
    {
      title: 'Environment',
      rows: [
        ['AWS_ENDPOINT_URL', 'the endpoint when --endpoint-url is not given (AWS_ENDPOINT_URL_S3 first, as the CLI reads them)'],
        ['AWS_PROFILE, AWS_REGION, ...', 'read by the AWS CLI as usual'],
      ],
    },
  ],
} satisfies CommandSpec;

const PHASE_TITLES: Record<Phase, string> = { assets: 'hashed assets', files: 'other files', pages: 'pages', redirects: 'redirects' };
const MISSING_CLI =
  'The AWS CLI (`aws`) was not found. Install it (Debian or Ubuntu: `apt-get install -y awscli`; elsewhere see https://aws.amazon.com/cli/) and configure credentials, or add --dry-run to print the commands.';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A command as one could paste it into a shell. */
function shown(args: readonly string[]): string {
  return ['aws', ...args].map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const plural = (count: number, noun: string) => `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

interface AwsRun {
  args: readonly string[];
  status: number | null;
  stdout: string;
  stderr: string;
  error?: NodeJS.ErrnoException;
  ms: number;
}

/** Runs one `aws` command to its end, keeping its output for the report. */
function aws(args: readonly string[]): Promise<AwsRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('aws', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ args, status: null, stdout, stderr, error, ms: performance.now() - started }),
    );
    child.once('close', (status) => resolve({ args, status, stdout, stderr, ms: performance.now() - started }));
  });
}

const failed = (run: AwsRun) => run.error !== undefined || run.status !== 0;

/** Why the deploy stopped on a failed command: the cause, the command, the CLI's own words, and the bucket's state. */
function stopMessage(run: AwsRun, target: S3Target, state: string): string {
  if (run.error?.code === 'ENOENT') return MISSING_CLI;
  const reason =
    explainAwsError(run.stderr, target) ?? (run.error ? `it could not run (${run.error.message})` : `it exited with status ${run.status}`);
  const cliOutput = run.stderr.trim() ? `\n${run.stderr.trim().replace(/^/gm, '  ')}` : '';
  return `Deploy stopped: ${reason}\n\`${shown(run.args)}\` failed.${cliOutput}\n${state}`;
}

const { positionals, values } = readCommandLine(command);
const USAGE = `Usage: ${command.usage} (--help for details)`;
const bucket = (positionals[0] ?? '').replace(/^s3:\/\//, '').replace(/\/+$/, '');
if (positionals.length > 1) fail(`One bucket at a time, not ${positionals.length}: ${positionals.join(' ')}.\n${USAGE}`);
if (!bucket) fail(`Name the bucket to deploy to.\n${USAGE}`);
if (!isBucketName(bucket)) fail(`"${bucket}" is not a valid S3 bucket name.\n${USAGE}`);
const endpointUrl = endpointFrom(values['endpoint-url'], process.env);
if (endpointUrl !== undefined && !/^https?:\/\/[^/]/.test(endpointUrl)) {
  fail(`The endpoint "${endpointUrl}" is not an http:// or https:// URL.\n${USAGE}`);
}
const dist = path.resolve(values.dist ?? 'dist');
if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(dist, '404.html'))) {
  fail(`${dist} holds no built site (index.html and 404.html). Run \`npm run build\` first.`);
}

const files = await filesUnder(dist);
let uploads: ReturnType<typeof planUploads>;
let site: HostedSite;
try {
  // Where the site lives (its keys go under the base path) and what it redirects.
  site = await readHostedSite(dist);
  uploads = planUploads(files, site);
} catch (error) {
  fail(`Deploy stopped before uploading anything: ${(error as Error).message}`);
}
const target: S3Target = { bucket, endpointUrl, prefix: site.base.slice(1) };
const where = `s3://${bucket}${site.base === '/' ? '' : `/${site.base.slice(1, -1)}`}`;
const passes = planPasses(uploads);
// As typed for a folder inside this one, absolute otherwise: the commands printed stay readable.
const relativeDist = path.relative(process.cwd(), dist);
const distArg = relativeDist === '' ? '.' : relativeDist.startsWith('..') || path.isAbsolute(relativeDist) ? dist : relativeDist;
const inPhase = (phase: Phase) => passes.filter((pass) => pass.phase === phase);

if (values['dry-run']) {
  console.log(`Dry run: deploying ${distArg} to ${where}${endpointUrl ? ` at ${endpointUrl}` : ''} would run, in order:`);
  for (const note of s3RedirectNotes(site)) console.log(`# ${note}`);
  console.log("# the bucket's keys (it must exist and answer before anything is uploaded):");
  console.log(shown(listArgs(target)));
  for (const [index, phase] of PHASES.entries()) {
    const commands = inPhase(phase);
    if (commands.length === 0) continue;
    const count = plural(
      commands.reduce((sum, pass) => sum + pass.uploads.length, 0),
      'file',
    );
    console.log(
      `# ${index + 1}. ${PHASE_TITLES[phase]}, ${count}${commands.length > 1 ? `; these ${commands.length} commands at once` : ''}:`,
    );
    for (const pass of commands) console.log(shown(passArgs(pass, distArg, target, site)));
  }
  console.log(
    `# then, once every upload succeeded, the listed keys this build does not contain, ${DELETE_BATCH.toLocaleString('en')} a command:`,
  );
  console.log(shown(deleteArgs(target, '<stale-keys.json>')));
  process.exit(0);
}

const started = performance.now();
console.log(`Deploying ${plural(uploads.length, 'file')} from ${distArg} to ${where}${endpointUrl ? ` at ${endpointUrl}` : ''}`);
for (const note of s3RedirectNotes(site)) console.log(`  Note: ${note}`);

// Listing first proves the CLI, the credentials, the endpoint and the bucket before anything changes.
const listing = await aws(listArgs(target));
if (failed(listing)) fail(stopMessage(listing, target, 'Nothing was uploaded or removed.'));
const stale = staleKeys((JSON.parse(listing.stdout.trim() || 'null') as string[] | null) ?? [], uploads);

const describePass = (pass: S3Pass) =>
  pass.websiteRedirect
    ? `${pass.uploads.map((upload) => upload.key).join(' ')} → ${pass.websiteRedirect} (301)`
    : `${pass.phase === 'assets' ? 'assets/' : ''}${pass.suffixes.map((suffix) => `*${suffix}`).join(' ')}: ${plural(pass.uploads.length, 'file')} (${pass.contentType}; ${pass.cacheControl})`;
for (const phase of PHASES) {
  // A phase waits for the one before it: a page never goes up before the assets it refers to.
  const runs = await Promise.all(inPhase(phase).map((pass) => aws(passArgs(pass, distArg, target, site)).then((run) => ({ pass, run }))));
  for (const { pass, run } of runs) console.log(`  ${failed(run) ? '✗' : '✓'} ${describePass(pass)}  ${seconds(run.ms)}`);
  const failure = runs.find(({ run }) => failed(run));
  if (failure) {
    fail(
      stopMessage(
        failure.run,
        target,
        'Nothing was removed: the bucket holds the previous site with part of the new one. Deploy again once the cause is fixed.',
      ),
    );
  }
}

if (stale.length > 0) {
  const folder = await mkdtemp(path.join(tmpdir(), 'deploy-s3-'));
  const problem = await removeStale(folder).finally(() => rm(folder, { recursive: true, force: true }));
  if (problem) fail(problem);
  const shownKeys = stale.slice(0, 5).join(', ') + (stale.length > 5 ? `, and ${stale.length - 5} more` : '');
  console.log(`  ✓ removed ${plural(stale.length, 'stale object')}: ${shownKeys}`);
}
console.log(
  `Deployed ${plural(uploads.length, 'file')} to ${where} in ${seconds(performance.now() - started)} (${plural(passes.length, 'upload command')}); removed ${stale.length} stale.`,
);

/** Deletes the stale keys, 1,000 a request; returns what went wrong, if anything. */
async function removeStale(folder: string): Promise<string | undefined> {
  for (const [index, batch] of deleteBatches(stale).entries()) {
    const file = path.join(folder, `stale-keys-${index}.json`);
    await writeFile(file, JSON.stringify(batch));
    const run = await aws(deleteArgs(target, file));
    if (failed(run)) return stopMessage(run, target, 'The new site is whole; some stale objects remain. Deploy again to remove them.');
    // delete-objects succeeds as a command when single keys fail: those come back as Errors.
    const errors = (JSON.parse(run.stdout.trim() || '{}') as { Errors?: { Key: string; Message?: string }[] }).Errors ?? [];
    if (errors.length > 0) {
      const list = errors.map((error) => `${error.Key} (${error.Message ?? 'no reason given'})`).join(', ');
      return `Deploy stopped: ${plural(errors.length, 'stale object')} could not be removed: ${list}.\nThe new site is whole.`;
    }
  }
  return undefined;
}

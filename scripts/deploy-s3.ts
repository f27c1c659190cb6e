/**
 * `npm run deploy:s3 -- <bucket> [options]`: uploads the built site to an S3 bucket with the AWS
 * CLI (credentials and region as the CLI finds them), a few `aws s3` commands rather than one a
 * file: hashed assets first with a year's immutable cache, then the other files, then the pages,
 * with no-cache; one command a Content-Type, the commands of a phase at once. Then, only once every
 * upload succeeded, it removes the objects that earlier deploys of this site at this base path
 * recorded and this build no longer has (old hashed assets only after a grace period), and records
 * this deploy last (scripts/lib/s3-record.ts). Nothing else in the bucket is ever removed.
 * --dry-run lists what would change and prints the commands instead.
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
  readObjectArgs,
  type S3Pass,
  type S3Target,
  s3RedirectNotes,
  writeRecordArgs,
} from './lib/s3';
import {
  DEFAULT_GRACE,
  type DeployChanges,
  parseRecord,
  planChanges,
  recordKeeping,
  recordKey,
  recordText,
  removalOf,
} from './lib/s3-record';

/**
 * hugo deploy's default. An ordinary deploy removes a page or two and the old assets past their
 * grace period (this site has 9 assets; a busy week of deploys, a few dozen at once); a wrong
 * --dist or a half-empty build over a site of hundreds of pages would remove far more.
 */
const DEFAULT_MAX_DELETES = 256;

const command = {
  usage: 'npm run deploy:s3 -- <bucket> [options]',
  summary:
    'Uploads the built site to an S3 bucket with the AWS CLI: assets first, then removes what earlier deploys of it recorded and it no longer has.',
  options: {
    'dry-run': { type: 'boolean', description: 'list what would change and print every aws command in order; change nothing' },
    dist: { type: 'string', value: '<folder>', description: 'the built site to upload (default dist)' },
    'endpoint-url': { type: 'string', value: '<url>', description: 'an S3-compatible store instead of AWS (default: AWS_ENDPOINT_URL)' },
    'max-deletes': {
      type: 'string',
      value: '<n>',
      description: `stop before uploading anything when the deploy would remove more than <n> objects (default ${DEFAULT_MAX_DELETES})`,
    },
    'keep-deploys': {
      type: 'string',
      value: '<n>',
      description: `keep old hashed assets while one of the last <n> deploys had them (default ${DEFAULT_GRACE.deploys}) ...`,
    },
    'keep-days': {
      type: 'string',
      value: '<days>',
      description: `... or for <days> days after the deploy that dropped them, whichever is longer (default ${DEFAULT_GRACE.days})`,
    },
  },
  positionals: true,
  lists: [
    {
      title: 'Arguments',
      rows: [['<bucket>', "the bucket's name (s3://<bucket> works too); other sites and objects this site did not write are left alone"]],
    },
    {
      title: 'Environment',
      rows: [
        ['AWS_ENDPOINT_URL', 'the endpoint when --endpoint-url is not given (AWS_ENDPOINT_URL_S3 first, as the CLI reads them)'],
        ['AWS_PROFILE, AWS_REGION, ...', 'read by the AWS CLI as usual'],
        ['DEPLOY_S3_NOW', "the deploy's time for the grace period, ISO 8601 (default: the clock), for tests"],
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
/** The first few keys, and how many more. */
const someOf = (keys: readonly string[]) => keys.slice(0, 5).join(', ') + (keys.length > 5 ? `, and ${keys.length - 5} more` : '');

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

/** Why a command failed: the cause, the command, the CLI's own words. */
function failureOf(run: AwsRun, target: S3Target): string {
  if (run.error?.code === 'ENOENT') return MISSING_CLI;
  const reason =
    explainAwsError(run.stderr, target) ?? (run.error ? `it could not run (${run.error.message})` : `it exited with status ${run.status}`);
  const cliOutput = run.stderr.trim() ? `\n${run.stderr.trim().replace(/^/gm, '  ')}` : '';
  return `${reason}\n\`${shown(run.args)}\` failed.${cliOutput}`;
}

/** Why the deploy stopped on a failed command, and the bucket's state. */
function stopMessage(run: AwsRun, target: S3Target, state: string): string {
  return run.error?.code === 'ENOENT' ? MISSING_CLI : `Deploy stopped: ${failureOf(run, target)}\n${state}`;
}

/** A count option: a whole number of 0 or more (days may have a fraction), or the default. */
function countOption(value: string | undefined, option: string, fallback: number, { whole = true } = {}): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || (whole && !Number.isInteger(number))) {
    fail(`--${option} takes ${whole ? 'a whole number' : 'a number'} of 0 or more, not "${value}".\n${USAGE}`);
  }
  return number;
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
const maxDeletes = countOption(values['max-deletes'], 'max-deletes', DEFAULT_MAX_DELETES);
const grace = {
  deploys: countOption(values['keep-deploys'], 'keep-deploys', DEFAULT_GRACE.deploys),
  days: countOption(values['keep-days'], 'keep-days', DEFAULT_GRACE.days, { whole: false }),
};
const nowSetting = process.env.DEPLOY_S3_NOW;
const now = nowSetting ? new Date(nowSetting) : new Date();
if (nowSetting && (!/^\d{4}-\d\d-\d\dT/.test(nowSetting) || Number.isNaN(now.getTime()))) {
  fail(`DEPLOY_S3_NOW="${nowSetting}" is not a date and time in ISO 8601, such as 2026-01-31T12:00:00Z.`);
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
const prefix = site.base.slice(1);
const target: S3Target = { bucket, endpointUrl, prefix };
const where = `s3://${bucket}${site.base === '/' ? '' : `/${site.base.slice(1, -1)}`}`;
const record = recordKey(prefix);
const passes = planPasses(uploads);
// As typed for a folder inside this one, absolute otherwise: the commands printed stay readable.
const relativeDist = path.relative(process.cwd(), dist);
const distArg = relativeDist === '' ? '.' : relativeDist.startsWith('..') || path.isAbsolute(relativeDist) ? dist : relativeDist;
const inPhase = (phase: Phase) => passes.filter((pass) => pass.phase === phase);

/**
 * What the deploy would change, from the bucket's keys and the record of the deploys before it,
 * read without changing anything; or why they could not be read.
 */
async function readChanges(): Promise<{ changes: DeployChanges } | { problem: string }> {
  const listing = await aws(listArgs(target));
  if (failed(listing)) return { problem: failureOf(listing, target) };
  const listed = (JSON.parse(listing.stdout.trim() || 'null') as string[] | null) ?? [];
  let previous: DeployChanges['previous'];
  if (listed.includes(record)) {
    const read = await aws(readObjectArgs(target, record));
    if (failed(read)) return { problem: failureOf(read, target) };
    try {
      previous = parseRecord(read.stdout, { base: site.base, prefix });
    } catch (error) {
      return {
        problem:
          `The record of earlier deploys, s3://${bucket}/${record}, cannot be used: ${(error as Error).message}.\n` +
          'Remove it to deploy anyway: that deploy then removes nothing, and records itself afresh.',
      };
    }
  }
  return {
    changes: planChanges({
      listed,
      keys: uploads.map((upload) => upload.key),
      previous,
      site: { base: site.base, prefix },
      now: now.toISOString(),
      grace,
    }),
  };
}

/** Why the deploy must not go ahead with these deletes, or undefined. */
function tooManyDeletes(changes: DeployChanges): string | undefined {
  if (changes.deletes.length <= maxDeletes) return undefined;
  const count = plural(changes.deletes.length, 'object');
  return (
    `${values['dry-run'] ? 'The deploy would stop' : 'Deploy stopped'} before uploading anything: it would remove ${count}, ` +
    `more than --max-deletes allows (${maxDeletes}): ${someOf(changes.deletes)}.\n` +
    `${values['dry-run'] ? '' : 'Check them with --dry-run; '}if they should go, deploy with --max-deletes ${changes.deletes.length}.`
  );
}

/** One line for an old asset kept: whose it is, and when it goes. */
function keptLine(asset: DeployChanges['kept'][number]): string {
  const removal = removalOf(asset, grace);
  return `${asset.key}  (deploy ${asset.deploy}'s; goes with the first deploy numbered ${removal.deploy} or more from ${removal.after})`;
}

/** What is left alone, in a line, when anything is. */
function othersLine(changes: DeployChanges): string | undefined {
  if (changes.others.length === 0) return undefined;
  const them = `${plural(changes.others.length, 'object')} no recorded deploy of this site wrote (${someOf(changes.others)})`;
  return changes.previous
    ? `Left alone: ${them}.`
    : `No record of an earlier deploy here (s3://${bucket}/${record}; an older deploy:s3 wrote none): nothing is removed, and the ${them} stay.`;
}

if (values['dry-run']) {
  console.log(`Dry run: deploying ${distArg} to ${where}${endpointUrl ? ` at ${endpointUrl}` : ''} changes nothing.`);
  const read = await readChanges();
  if ('problem' in read) {
    const problem = read.problem === MISSING_CLI ? 'the AWS CLI (`aws`) was not found.' : read.problem;
    console.log(`Could not read the bucket, so what would change is unknown: ${problem}`);
  } else {
    const { changes } = read;
    const since = changes.previous
      ? `the record of deploy ${changes.previous.deploy} (${changes.previous.deployedAt})`
      : 'no record of an earlier deploy';
    console.log(`What would change (deploy ${changes.deploy} at this base path), from the bucket's listing and ${since}:`);
    for (const key of changes.added) console.log(`  new        ${key}`);
    for (const key of changes.replaced) console.log(`  replace    ${key}`);
    for (const key of changes.deletes) console.log(`  delete     ${key}`);
    for (const asset of changes.kept) console.log(`  keep       ${keptLine(asset)}`);
    if (changes.unchanged.length > 0) {
      console.log(`  unchanged  ${plural(changes.unchanged.length, 'hashed asset')} the bucket holds already (skipped)`);
    }
    const others = othersLine(changes);
    if (others) console.log(`  ${others}`);
  }
  console.log('The commands, in order:');
  for (const note of s3RedirectNotes(site)) console.log(`# ${note}`);
  console.log("# the bucket's keys (it must exist and answer before anything is uploaded):");
  console.log(shown(listArgs(target)));
  console.log('# the record of the deploys before this one, when the listing holds it:');
  console.log(shown(readObjectArgs(target, record)));
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
  const deletes = 'changes' in read ? read.changes.deletes.length : undefined;
  if (deletes === 0) console.log('# then nothing to remove');
  else {
    const them = deletes === undefined ? 'objects' : plural(deletes, 'object');
    console.log(
      `# then, once every upload succeeded, the ${them} that earlier deploys recorded and this build drops, ${DELETE_BATCH.toLocaleString('en')} a command:`,
    );
    console.log(shown(deleteArgs(target, '<stale-keys.json>')));
  }
  console.log('# last, the record of this deploy:');
  console.log(shown(writeRecordArgs(target, '<record.json>', record)));
  // The deploy itself would stop: say so, and fail as it would.
  const refused = 'changes' in read ? tooManyDeletes(read.changes) : undefined;
  if (refused) fail(refused);
  process.exit(0);
}

const started = performance.now();
console.log(`Deploying ${plural(uploads.length, 'file')} from ${distArg} to ${where}${endpointUrl ? ` at ${endpointUrl}` : ''}`);
for (const note of s3RedirectNotes(site)) console.log(`  Note: ${note}`);

// Listing first proves the CLI, the credentials, the endpoint and the bucket before anything changes.
const read = await readChanges();
if ('problem' in read) {
  fail(read.problem === MISSING_CLI ? MISSING_CLI : `Deploy stopped: ${read.problem}\nNothing was uploaded or removed.`);
}
const { changes } = read;
const refused = tooManyDeletes(changes);
if (refused) fail(refused);
const others = othersLine(changes);
if (others) console.log(`  ${others}`);

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
        'Nothing was removed or recorded: the bucket holds the previous site with part of the new one. Deploy again once the cause is fixed.',
      ),
    );
  }
}

const folder = await mkdtemp(path.join(tmpdir(), 'deploy-s3-'));
const problem = await removeAndRecord(folder).finally(() => rm(folder, { recursive: true, force: true }));
if (problem) fail(problem);
console.log(
  `Deployed ${plural(uploads.length, 'file')} to ${where} in ${seconds(performance.now() - started)} (${plural(passes.length, 'upload command')}); ` +
    `removed ${changes.deletes.length} stale, kept ${plural(changes.kept.length, 'old asset')}.`,
);

/**
 * Deletes the stale objects, 1,000 a request, then records the deploy, the objects that could not
 * be deleted still in it (the next deploy removes them); returns what went wrong, if anything.
 */
async function removeAndRecord(folder: string): Promise<string | undefined> {
  const removal = await removeStale(folder);
  if (removal.removed.length > 0) {
    console.log(`  ✓ removed ${plural(removal.removed.length, 'stale object')}: ${someOf(removal.removed)}`);
  }
  if (changes.kept.length > 0) {
    console.log(
      `  kept ${plural(changes.kept.length, 'old hashed asset')} for the grace period: ${someOf(changes.kept.map((asset) => asset.key))}`,
    );
  }
  const notRemoved = changes.deletes.filter((key) => !removal.removed.includes(key));
  const file = path.join(folder, 'record.json');
  await writeFile(file, recordText(notRemoved.length > 0 ? recordKeeping(changes, notRemoved) : changes.record));
  const run = await aws(writeRecordArgs(target, file, record));
  if (failed(run)) {
    const state = 'The new site is whole, but unrecorded: a later deploy will not remove what this one added. Deploy again to record it.';
    return [removal.problem, stopMessage(run, target, state)].filter(Boolean).join('\n');
  }
  console.log(`  ✓ recorded deploy ${changes.deploy} in s3://${bucket}/${record}  ${seconds(run.ms)}`);
  return removal.problem;
}

/** Deletes the stale objects, 1,000 a request: those it removed, and what went wrong, if anything. */
async function removeStale(folder: string): Promise<{ removed: string[]; problem?: string }> {
  const removed: string[] = [];
  const state = 'The new site is whole; some stale objects remain, recorded: the next deploy removes them.';
  for (const [index, batch] of deleteBatches(changes.deletes).entries()) {
    const file = path.join(folder, `stale-keys-${index}.json`);
    await writeFile(file, JSON.stringify(batch));
    const run = await aws(deleteArgs(target, file));
    if (failed(run)) return { removed, problem: stopMessage(run, target, state) };
    // delete-objects succeeds as a command when single keys fail: those come back as Errors.
    const errors = (JSON.parse(run.stdout.trim() || '{}') as { Errors?: { Key: string; Message?: string }[] }).Errors ?? [];
    const failedKeys = new Set(errors.map((error) => error.Key));
    removed.push(...batch.Objects.map((object) => object.Key).filter((key) => !failedKeys.has(key)));
    if (errors.length > 0) {
      const list = errors.map((error) => `${error.Key} (${error.Message ?? 'no reason given'})`).join(', ');
      return { removed, problem: `Deploy stopped: ${plural(errors.length, 'stale object')} could not be removed: ${list}.\n${state}` };
    }
  }
  return { removed };
}

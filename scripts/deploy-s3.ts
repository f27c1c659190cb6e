/**
 * `npm run deploy:s3 -- <bucket> [options]`: uploads the built site to an S3 bucket with the AWS
 * CLI (credentials and region as the CLI finds them), a few `aws s3` commands rather than one a
 * file: hashed assets first with a year's immutable cache, then the other files, then the pages,
 * with no-cache; one command a Content-Type, the commands of a phase at once. Then, only once every
 * upload succeeded, it removes the objects that earlier deploys of this site at this base path
 * recorded and this build no longer has: the bucket holds the build, old hashed assets only while
 * the build keeps them. Its record (scripts/lib/s3-record.ts) goes up before the first upload,
 * naming all the deploy may leave, and again last: a deploy cut short is finished by the next. It
 * never writes or removes what another deploy in the bucket keeps (a preview beside the site), nor
 * removes anything no deploy of this site recorded.
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
  type DeployChanges,
  type DeployRecord,
  LEGACY_RECORD_FILE,
  mergeRecords,
  newRecordKey,
  outerPrefixes,
  parseRecord,
  planChanges,
  recordKeeping,
  recordPrefix,
  recordsUnder,
  recordText,
} from './lib/s3-record';

/**
 * hugo deploy's default. An ordinary deploy removes a page or two and the old assets the build no
 * longer keeps (this site has 9 assets; a busy week of deploys, a few dozen at once); a wrong
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

/** A count option: a whole number of 0 or more, or the default. */
function countOption(value: string | undefined, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 0) {
    fail(`--${option} takes a whole number of 0 or more, not "${value}".\n${USAGE}`);
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
const passes = planPasses(uploads);
// As typed for a folder inside this one, absolute otherwise: the commands printed stay readable.
const relativeDist = path.relative(process.cwd(), dist);
const distArg = relativeDist === '' ? '.' : relativeDist.startsWith('..') || path.isAbsolute(relativeDist) ? dist : relativeDist;
const inPhase = (phase: Phase) => passes.filter((pass) => pass.phase === phase);
/** The listing of a base path's records: its deploy/s3- keys, under both names a record has had. */
const recordsTarget = (outer: string): S3Target => ({ bucket, endpointUrl, prefix: recordsUnder(outer) });

/** What the deploy would change, and where its record goes. */
interface Plan {
  changes: DeployChanges;
  /** The key of this deploy's record: the one the bucket holds, or a new one. */
  recordKey: string;
  /** The other records of this base path (the one deploy:s3 kept before at a fixed key, served to anyone): removed once this deploy is recorded. */
  staleRecords: string[];
}

/** The records of a base path, read and parsed; or why one cannot be used. */
async function readRecords(keys: readonly string[], base: string, { own }: { own: boolean }): Promise<DeployRecord[] | string> {
  const reads = await Promise.all(keys.map(async (key) => ({ key, read: await aws(readObjectArgs(target, key)) })));
  const records: DeployRecord[] = [];
  for (const { key, read } of reads) {
    if (failed(read)) return failureOf(read, target);
    try {
      records.push(parseRecord(read.stdout, { base, prefix: base.slice(1) }));
    } catch (error) {
      // The old name can be a file of a site further out (public/<base>/deploy/s3-manifest.json): then it is none of its base path's.
      if (!own && key.endsWith(LEGACY_RECORD_FILE)) continue;
      const whose = own ? 'The record of earlier deploys' : `The record of the deploy at ${base}`;
      const remedy = own
        ? 'Remove it to deploy anyway: that deploy then removes nothing, and records itself afresh.'
        : 'Deploy that site again, or remove the record if that site is gone.';
      return `${whose}, s3://${bucket}/${key}, cannot be used: ${(error as Error).message}.\n${remedy}`;
    }
  }
  return records;
}

/** The keys a listing printed. */
const keysOf = (run: AwsRun | undefined) => (JSON.parse(run?.stdout.trim() || 'null') as string[] | null) ?? [];

/**
 * What the deploy would change, from the bucket's keys and the records of the deploys before it
 * and of those at the base paths around it, read without changing anything; or why they could not be read.
 */
async function readPlan(): Promise<Plan | { problem: string }> {
  const outer = outerPrefixes(prefix);
  const listings = await Promise.all([aws(listArgs(target)), ...outer.map((name) => aws(listArgs(recordsTarget(name))))]);
  const failure = listings.find(failed);
  if (failure) return { problem: failureOf(failure, target) };
  const [listed, ...outerListed] = listings.map(keysOf);
  const own = (listed ?? []).filter((key) => recordPrefix(key) === prefix);
  const reads = await Promise.all([
    readRecords(own, site.base, { own: true }),
    ...outer.map((name, index) =>
      readRecords(
        (outerListed[index] ?? []).filter((key) => recordPrefix(key) === name),
        `/${name}`,
        { own: false },
      ),
    ),
  ]);
  const problem = reads.find((read) => typeof read === 'string');
  if (problem !== undefined) return { problem };
  const [records = [], ...outerRecords] = reads as DeployRecord[][];
  const recordKey =
    own.find((key) => !key.endsWith(LEGACY_RECORD_FILE)) ??
    (values['dry-run'] ? newRecordKey(prefix, '<a new random name>') : newRecordKey(prefix));
  return {
    changes: planChanges({
      listed: listed ?? [],
      keys: uploads.map((upload) => upload.key),
      previous: mergeRecords(records),
      outer: outerRecords.flat(),
      site: { base: site.base, prefix },
      now: new Date().toISOString(),
    }),
    recordKey,
    staleRecords: own.filter((key) => key !== recordKey),
  };
}

/** Why the deploy must not write these keys, or undefined: another deploy in the bucket keeps them. */
function claimedKeys(changes: DeployChanges): string | undefined {
  const { claimed } = changes;
  if (claimed.length === 0) return undefined;
  const lines = claimed
    .slice(0, 5)
    .map(({ key, base, why }) =>
      why === 'inside'
        ? `  ${key}: under ${base}, where another deploy keeps its site`
        : `  ${key}: the deploy at ${base} keeps it (its record names it)`,
    );
  if (claimed.length > 5) lines.push(`  and ${claimed.length - 5} more`);
  return (
    `${values['dry-run'] ? 'The deploy would stop' : 'Deploy stopped'} before uploading anything: the build has ${plural(claimed.length, 'file')} that another deploy in this bucket keeps:\n` +
    `${lines.join('\n')}\n` +
    'A deploy writes and removes only its own objects: leave these files out of the build (pages/routes.ts, public/), or deploy it to another bucket.'
  );
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

/** What is left alone, a line each: other deploys' objects, and those nobody recorded. */
function leftAlone(changes: DeployChanges): string[] {
  const lines = changes.inner.map(
    ({ base, objects }) => `Left alone: the deploy at ${base} (${plural(objects, 'object')}), which keeps its own.`,
  );
  if (changes.released.length > 0) {
    lines.push(
      `Left to the deploys inside this base path, and no longer recorded: ${plural(changes.released.length, 'object')} (${someOf(changes.released)}).`,
    );
  }
  if (changes.others.length === 0) return lines;
  const them = `${plural(changes.others.length, 'object')} no recorded deploy of this site wrote (${someOf(changes.others)})`;
  lines.push(
    changes.previous
      ? `Left alone: ${them}.`
      : `No record of an earlier deploy at this base path (an older deploy:s3 wrote none): nothing is removed, and the ${them} stay.`,
  );
  return lines;
}

if (values['dry-run']) {
  console.log(`Dry run: deploying ${distArg} to ${where}${endpointUrl ? ` at ${endpointUrl}` : ''} changes nothing.`);
  const plan = await readPlan();
  if ('problem' in plan) {
    const problem = plan.problem === MISSING_CLI ? 'the AWS CLI (`aws`) was not found.' : plan.problem;
    console.log(`Could not read the bucket, so what would change is unknown: ${problem}`);
  } else {
    const { changes } = plan;
    const since = changes.previous
      ? `the record of deploy ${changes.previous.deploy} (${changes.previous.deployedAt})`
      : 'no record of an earlier deploy';
    console.log(`What would change (deploy ${changes.deploy} at this base path), from the bucket's listing and ${since}:`);
    for (const key of changes.added) console.log(`  new        ${key}`);
    for (const key of changes.replaced) console.log(`  replace    ${key}`);
    for (const key of changes.deletes) console.log(`  delete     ${key}`);
    if (changes.unchanged.length > 0) {
      console.log(`  unchanged  ${plural(changes.unchanged.length, 'hashed asset')} the bucket holds already (skipped)`);
    }
    for (const line of leftAlone(changes)) console.log(`  ${line}`);
  }
  const recordKey = 'problem' in plan ? newRecordKey(prefix, '<its name>') : plan.recordKey;
  console.log('The commands, in order:');
  for (const note of s3RedirectNotes(site)) console.log(`# ${note}`);
  console.log("# the bucket's keys (it must exist and answer before anything is uploaded):");
  console.log(shown(listArgs(target)));
  const outer = outerPrefixes(prefix);
  if (outer.length > 0) {
    console.log(`# the records of the deploys at the base paths around this one (${outer.map((name) => `/${name}`).join(', ')}), at once:`);
    for (const name of outer) console.log(shown(listArgs(recordsTarget(name))));
  }
  console.log('# the record of the deploys before this one, when the listing holds it:');
  console.log(shown(readObjectArgs(target, recordKey)));
  console.log('# the record of this deploy, before anything else changes, as uploading (a deploy cut short is finished by the next):');
  console.log(shown(writeRecordArgs(target, '<record.json>', recordKey, site.base)));
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
  const deletes = 'changes' in plan ? plan.changes.deletes.length : undefined;
  if (deletes === 0) console.log('# then nothing to remove');
  else {
    const them = deletes === undefined ? 'objects' : plural(deletes, 'object');
    console.log(
      `# then, once every upload succeeded, the ${them} that earlier deploys recorded and this build drops, ${DELETE_BATCH.toLocaleString('en')} a command:`,
    );
    console.log(shown(deleteArgs(target, '<stale-keys.json>')));
  }
  console.log('# last, the record of this deploy, done:');
  console.log(shown(writeRecordArgs(target, '<record.json>', recordKey, site.base)));
  const staleRecords = 'problem' in plan ? [] : plan.staleRecords;
  if (staleRecords.length > 0) {
    console.log(`# and then the record it replaces (${staleRecords.join(', ')}):`);
    console.log(shown(deleteArgs(target, '<old-records.json>')));
  }
  // The deploy itself would stop: say so, and fail as it would.
  const refused = 'changes' in plan ? (claimedKeys(plan.changes) ?? tooManyDeletes(plan.changes)) : undefined;
  if (refused) fail(refused);
  process.exit(0);
}

const started = performance.now();
console.log(`Deploying ${plural(uploads.length, 'file')} from ${distArg} to ${where}${endpointUrl ? ` at ${endpointUrl}` : ''}`);
for (const note of s3RedirectNotes(site)) console.log(`  Note: ${note}`);

// Listing first proves the CLI, the credentials, the endpoint and the bucket before anything changes.
const plan = await readPlan();
if ('problem' in plan) {
  fail(plan.problem === MISSING_CLI ? MISSING_CLI : `Deploy stopped: ${plan.problem}\nNothing was uploaded or removed.`);
}
const { changes, recordKey, staleRecords } = plan;
const refused = claimedKeys(changes) ?? tooManyDeletes(changes);
if (refused) fail(refused);
for (const line of leftAlone(changes)) console.log(`  ${line}`);

const folder = await mkdtemp(path.join(tmpdir(), 'deploy-s3-'));

/** Stops the deploy with a message, its temporary folder removed. */
async function stop(message: string): Promise<never> {
  await rm(folder, { recursive: true, force: true });
  return fail(message);
}

/** Uploads a record of this deploy. */
async function writeRecord(record: DeployRecord): Promise<AwsRun> {
  const file = path.join(folder, `record-${record.state}.json`);
  await writeFile(file, recordText(record));
  return aws(writeRecordArgs(target, file, recordKey, site.base));
}

if (changes.interrupted) {
  console.log(
    `  Deploy ${changes.previous?.deploy} at this base path did not finish (its record says it was still uploading): this one finishes it, and removes what it left that this build does not have.`,
  );
}
// Before the first upload, the record names all the site may hold here should this deploy stop anywhere: the next one removes what its build lacks.
const journal = await writeRecord(changes.pending);
if (failed(journal)) await stop(stopMessage(journal, target, 'Nothing was uploaded or removed.'));
console.log(`  ✓ recorded deploy ${changes.deploy} as uploading in s3://${bucket}/${recordKey}  ${seconds(journal.ms)}`);

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
    await stop(
      stopMessage(
        failure.run,
        target,
        'Nothing was removed: the bucket holds the previous site with part of the new one, all of it recorded, so the next deploy removes what its build does not have. Deploy again once the cause is fixed.',
      ),
    );
  }
}

const problem = await removeAndRecord();
await rm(folder, { recursive: true, force: true });
if (problem) fail(problem);
console.log(
  `Deployed ${plural(uploads.length, 'file')} to ${where} in ${seconds(performance.now() - started)} (${plural(passes.length, 'upload command')}); ` +
    `removed ${plural(changes.deletes.length, 'stale object')}.`,
);

/**
 * Deletes the stale objects, 1,000 a request, then records the deploy as done, the objects that
 * could not be deleted still in it (the next deploy removes them), then removes the records it
 * replaces; returns what went wrong, if anything.
 */
async function removeAndRecord(): Promise<string | undefined> {
  const state = 'The new site is whole; some stale objects remain, recorded: the next deploy removes them.';
  const removal = await removeKeys('stale-keys', changes.deletes, state);
  if (removal.removed.length > 0) {
    console.log(`  ✓ removed ${plural(removal.removed.length, 'stale object')}: ${someOf(removal.removed)}`);
  }
  const notRemoved = changes.deletes.filter((key) => !removal.removed.includes(key));
  const run = await writeRecord(notRemoved.length > 0 ? recordKeeping(changes, notRemoved) : changes.record);
  if (failed(run)) {
    const state = 'The new site is whole; its record still says it was uploading, so the next deploy finishes it.';
    return [removal.problem, stopMessage(run, target, state)].filter(Boolean).join('\n');
  }
  console.log(`  ✓ recorded deploy ${changes.deploy} as done  ${seconds(run.ms)}`);
  if (staleRecords.length === 0) return removal.problem;
  const replaced = await removeKeys(
    'old-records',
    staleRecords,
    'The new site is whole and recorded; the next deploy removes the record this one replaced.',
  );
  if (replaced.removed.length > 0) console.log(`  ✓ removed the record it replaces: ${replaced.removed.join(', ')}`);
  return [removal.problem, replaced.problem].filter(Boolean).join('\n') || undefined;
}

/** Deletes keys, 1,000 a request: those it removed, and what went wrong, if anything. */
async function removeKeys(name: string, keys: readonly string[], state: string): Promise<{ removed: string[]; problem?: string }> {
  const removed: string[] = [];
  for (const [index, batch] of deleteBatches(keys).entries()) {
    const file = path.join(folder, `${name}-${index}.json`);
    await writeFile(file, JSON.stringify(batch));
    const run = await aws(deleteArgs(target, file));
    if (failed(run)) return { removed, problem: stopMessage(run, target, state) };
    // delete-objects succeeds as a command when single keys fail: those come back as Errors.
    const errors = (JSON.parse(run.stdout.trim() || '{}') as { Errors?: { Key: string; Message?: string }[] }).Errors ?? [];
    const failedKeys = new Set(errors.map((error) => error.Key));
    removed.push(...batch.Objects.map((object) => object.Key).filter((key) => !failedKeys.has(key)));
    if (errors.length > 0) {
      const list = errors.map((error) => `${error.Key} (${error.Message ?? 'no reason given'})`).join(', ');
      return { removed, problem: `Deploy stopped: ${plural(errors.length, 'object')} could not be removed: ${list}.\n${state}` };
    }
  }
  return { removed };
}

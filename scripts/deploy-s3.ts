/**
 * `npm run deploy:s3 -- <bucket> [--dry-run] [--dist <folder>]`: uploads the built site to an S3
 * bucket with the AWS CLI (credentials and region as the CLI finds them). Hashed assets go first
 * with a year's immutable cache, then every other file with no-cache, each with its Content-Type;
 * objects the build no longer contains are removed last. --dry-run prints every command instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isBucketName, listArgs, planUploads, removeArgs, staleKeys, uploadArgs } from '../build/hosting/s3';

const USAGE = 'Usage: npm run deploy:s3 -- <bucket> [--dry-run] [--dist <folder>]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A command as one could paste it into a shell. */
function shown(args: readonly string[]): string {
  return ['aws', ...args].map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
}

function run(args: readonly string[], capture = false): string {
  const result = spawnSync('aws', args, { encoding: 'utf8', stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
  if (result.error || result.status !== 0) {
    fail(`Deploy stopped: \`${shown(args)}\` ${result.error ? `could not run (${result.error.message})` : `exited with status ${result.status}`}.`);
  }
  return result.stdout ?? '';
}

function parseCli() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean', default: false }, dist: { type: 'string', default: 'dist' } },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

const { positionals, values } = parseCli();
const bucket = (positionals[0] ?? '').replace(/^s3:\/\//, '').replace(/\/+$/, '');
if (positionals.length !== 1 || !bucket) fail(USAGE);
if (!isBucketName(bucket)) fail(`"${bucket}" is not a valid S3 bucket name.\n${USAGE}`);
const dryRun = values['dry-run'];
const dist = path.resolve(values.dist);
if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(dist, '404.html'))) {
  fail(`${dist} holds no built site (index.html and 404.html). Run \`npm run build\` first.`);
}

const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
const uploads = planUploads(files);
const distArg = path.relative(process.cwd(), dist) || '.';

if (dryRun) {
  console.log(`Dry run: deploying ${distArg} to s3://${bucket} would run, in order:`);
  for (const upload of uploads) console.log(shown(uploadArgs(upload, distArg, bucket)));
  console.log(shown(listArgs(bucket)));
  console.log(`# then, for each key listed that this build does not contain:\n${shown(removeArgs(bucket, '<key>'))}`);
  process.exit(0);
}

const version = spawnSync('aws', ['--version'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  fail('The AWS CLI (`aws`) was not found. Install it and configure credentials, or add --dry-run to print the commands.');
}

console.log(`Deploying ${uploads.length} files from ${distArg} to s3://${bucket}`);
for (const upload of uploads) {
  console.log(`  ${upload.key}  (${upload.contentType}; ${upload.cacheControl})`);
  run(uploadArgs(upload, distArg, bucket));
}
const listed = JSON.parse(run(listArgs(bucket), true) || 'null') as string[] | null;
const stale = staleKeys(listed ?? [], uploads);
for (const key of stale) {
  console.log(`  removing stale ${key}`);
  run(removeArgs(bucket, key));
}
console.log(`Deployed ${uploads.length} files to s3://${bucket}; removed ${stale.length} stale.`);

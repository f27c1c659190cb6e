import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, contentTypeFor } from '../../generator/hosting/policy';
import type { HostedSite } from '../../generator/hosting/redirects';
import { filesUnder, readHostedSite } from '../../scripts/lib/files';
import { filesOfPass, PHASES, planPasses, planUploads } from '../../scripts/lib/s3';
import { type DeployRecord, LEGACY_RECORD_FILE, recordPrefix } from '../../scripts/lib/s3-record';
import { type DeployRun, runDeployScript } from '../support/deploy';

const siteDir = inject('siteDir');
let workDir: string;
let siteFiles: string[];
/** Where the built site lives and what it redirects, as the build wrote it for deploy:s3. */
let site: HostedSite;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'deploy-test-'));
  siteFiles = await filesUnder(siteDir);
  site = await readHostedSite(siteDir);
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the S3 upload plan', () => {
  it("uploads every site file once, a redirect's page twice (with and without index.html), and no host configuration", () => {
    const keys = planUploads(siteFiles, site).map((upload) => upload.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('404.html');
    expect(keys).toContain('sitemap.xml');
    expect(keys).toEqual(expect.arrayContaining(['about/index.html', 'about']));
    expect(keys.filter((key) => /^(serve\.json|_headers|_redirects|deploy\/)/.test(key))).toEqual([]);
    expect(keys.length).toBe(
      siteFiles.filter((file) => !/^(serve\.json|_headers|_redirects|deploy\/)/.test(file)).length + site.redirects.length,
    );
  });

  it('uploads hashed assets first with the long cache, then the other files, then the pages, then the redirects, with no-cache', () => {
    const plan = planUploads(siteFiles, site);
    expect(plan.map((upload) => upload.phase)).toEqual(
      [...plan.map((upload) => upload.phase)].sort((a, b) => PHASES.indexOf(a) - PHASES.indexOf(b)),
    );
    const sources = new Set(site.redirects.flatMap((rule) => [rule.from.slice(1), `${rule.from.slice(1)}/index.html`]));
    for (const upload of plan) {
      const phase = upload.key.startsWith('assets/')
        ? 'assets'
        : sources.has(upload.key)
          ? 'redirects'
          : upload.key.endsWith('.html')
            ? 'pages'
            : 'files';
      expect(upload.phase, upload.key).toBe(phase);
      expect(upload.cacheControl, upload.key).toBe(phase === 'assets' ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
      expect(upload.contentType, upload.key).toBe(contentTypeFor(upload.file));
    }
    expect(new Set(plan.map((upload) => upload.phase))).toEqual(new Set(PHASES));
  });

  it("groups the plan into one command a phase and Content-Type (a redirect's object one of its own), whose filters pick out each planned file once", () => {
    const plan = planUploads(siteFiles, site);
    const passes = planPasses(plan);
    expect(passes.length).toBe(
      new Set(plan.map((upload) => `${upload.phase} ${upload.contentType} ${upload.websiteRedirect ? upload.key : ''}`)).size,
    );
    const picked = passes.flatMap((pass) => filesOfPass(pass, siteFiles, site));
    expect(picked.sort()).toEqual(plan.map((upload) => upload.file).sort());
    for (const pass of passes) {
      expect(filesOfPass(pass, siteFiles, site).sort(), pass.contentType).toEqual(pass.uploads.map((upload) => upload.file).sort());
      expect(pass.uploads.every((upload) => upload.contentType === pass.contentType && upload.cacheControl === pass.cacheControl)).toBe(
        true,
      );
    }
  });
});

/** Runs `npm run deploy:s3 -- <args>` with the given PATH, and no AWS endpoint of the user's. */
async function deploy(args: string[], pathVariable: string, env: NodeJS.ProcessEnv = {}): Promise<DeployRun> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  return runDeployScript(args, { ...inherited, PATH: pathVariable, ...env });
}

interface FakeCall {
  args: string[];
  /** For delete-objects: the keys of the batch file it was given. */
  deleted?: string[];
  /** For an upload of a record: the record. */
  recorded?: DeployRecord;
}

/** The key of the record of the root site in the stand-in bucket. */
const RECORD_KEY = `deploy/s3-record-${'0123456789abcdef'.repeat(2)}`;

interface FakeBucket {
  /** The keys the listing answers with. */
  keys?: string[];
  /** The records of earlier deploys, by key, that reading them answers with (their keys are then listed too). */
  records?: Record<string, unknown>;
  /** Any command whose arguments contain this fails, as AWS refusing it would. */
  failOn?: string;
}

/** The key an `aws s3 cp` writes to or reads from, without the bucket. */
const keyOf = (url: string | undefined) => url?.replace(/^s3:\/\/[^/]+\//, '') ?? '';

/**
 * A stand-in `aws` on the PATH: records each call (the keys a batch delete names, the record an
 * upload of one carries), answers the listing and the reading of a record as earlier deploys left
 * them, and fails any command containing `failOn`.
 */
async function fakeAws({ keys = [], records = {}, failOn }: FakeBucket = {}): Promise<{ bin: string; calls: () => Promise<FakeCall[]> }> {
  const bin = await mkdtemp(path.join(workDir, 'bin-'));
  const log = path.join(bin, 'calls.jsonl');
  const listed = [...keys, ...Object.keys(records)];
  await writeFile(
    path.join(bin, 'aws'),
    `#!${process.execPath}
const fs = require('node:fs');
const args = process.argv.slice(2);
const call = { args };
const records = ${JSON.stringify(records)};
const key = (url) => url.replace(/^s3:\\/\\/[^/]+\\//, '');
const batch = args[args.indexOf('--delete') + 1];
if (args[1] === 'delete-objects') call.deleted = JSON.parse(fs.readFileSync(batch.slice('file://'.length), 'utf8')).Objects.map((o) => o.Key);
if (args[1] === 'cp' && /(^|\\/)deploy\\/s3-record-[0-9a-f]{32}$/.test(args[3])) call.recorded = JSON.parse(fs.readFileSync(args[2], 'utf8'));
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(call) + '\\n');
if (${JSON.stringify(failOn ?? null)} && args.join(' ').includes(${JSON.stringify(failOn ?? '')})) {
  console.error('upload failed: dist/index.html to s3://my-site-bucket/index.html An error occurred (AccessDenied) when calling the PutObject operation: Access Denied');
  process.exit(1);
}
const prefix = args.includes('--prefix') ? args[args.indexOf('--prefix') + 1] : '';
if (args[1] === 'list-objects') console.log(JSON.stringify(${JSON.stringify(listed)}.filter((key) => key.startsWith(prefix))));
if (args[1] === 'cp' && args[3] === '-') console.log(JSON.stringify(records[key(args[2])] ?? null));
if (args[1] === 'delete-objects') console.log('{}');
`,
  );
  await chmod(path.join(bin, 'aws'), 0o755);
  return {
    bin,
    calls: async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FakeCall),
  };
}

/** Which phase an `aws` call belongs to, by what it does. */
function stepOf(args: readonly string[]): string {
  if (args[1] === 'list-objects') return 'list';
  if (args[1] === 'delete-objects') return 'delete';
  if (args[1] === 'sync') return 'assets';
  if (args[1] === 'cp' && args[3] === '-') return 'read record';
  if (args[1] === 'cp' && recordPrefix(keyOf(args[3])) !== undefined) return 'record';
  if (args.includes('--website-redirect')) return 'redirects';
  return args.includes('*.html') ? 'pages' : 'files';
}

/** The record of deploy 3: the home page, an old page and two stylesheets of builds before this one. */
const EARLIER: DeployRecord = {
  format: 2,
  base: '/',
  deploy: 3,
  deployedAt: '2026-02-28T00:00:00.000Z',
  state: 'done',
  objects: ['assets/main.0000000000.css', 'assets/main.1111111111.css', 'index.html', 'old-page/index.html'],
};

/**
 * Each test runs the script (Node and tsx) up to seven times, and each run starts a dozen stand-in
 * `aws` processes: seconds a process on a loaded machine, where vitest's 30 s a test ran out.
 */
describe('npm run deploy:s3', { timeout: 180_000 }, () => {
  it('lists what would change and prints every command in a dry run, running only the listing and the reading of the record', async () => {
    const aws = await fakeAws({ keys: [...EARLIER.objects, 'serve.json', 'owner/notes.txt'], records: { [RECORD_KEY]: EARLIER } });
    const result = await deploy(['my-site-bucket', '--dry-run', '--dist', siteDir, '--endpoint-url', 'http://127.0.0.1:9000'], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const plan = planUploads(siteFiles, site);
    const changes = result.stdout.split('\n').filter((line) => /^ {2}\w/.test(line));
    expect(result.stdout).toContain(
      `What would change (deploy 4 at this base path), from the bucket's listing and the record of deploy 3 (2026-02-28T00:00:00.000Z):\n`,
    );
    expect(changes).toEqual([
      ...plan
        .filter((upload) => upload.key !== 'index.html')
        .map((upload) => `  new        ${upload.key}`)
        .sort(),
      '  replace    index.html',
      '  delete     assets/main.0000000000.css',
      '  delete     assets/main.1111111111.css',
      '  delete     old-page/index.html',
      '  Left alone: 2 objects no recorded deploy of this site wrote (owner/notes.txt, serve.json).',
    ]);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('aws '));
    const passes = planPasses(plan);
    expect(lines).toHaveLength(passes.length + 5);
    expect(lines[0]).toBe(
      "aws s3api list-objects --bucket my-site-bucket --query 'Contents[].Key' --output json --endpoint-url http://127.0.0.1:9000",
    );
    expect(lines[1]).toBe(`aws s3 cp s3://my-site-bucket/${RECORD_KEY} - --only-show-errors --endpoint-url http://127.0.0.1:9000`);
    // The record, as uploading, before any upload; as done, last.
    const record = new RegExp(
      `^aws s3 cp '<record\\.json>' s3://my-site-bucket/${RECORD_KEY} --website-redirect / --content-type application/json`,
    );
    expect(lines[2]).toMatch(record);
    for (const [index, pass] of passes.entries()) {
      expect(lines[index + 3]).toContain(
        `--content-type ${/^[\w/+.-]+$/.test(pass.contentType) ? pass.contentType : `'${pass.contentType}'`}`,
      );
      expect(lines[index + 3]).toContain(pass.phase === 'assets' ? `--cache-control '${CACHE_IMMUTABLE}'` : '--cache-control no-cache');
      expect(lines[index + 3]).toMatch(/--endpoint-url http:\/\/127\.0\.0\.1:9000$/);
    }
    expect(result.stdout).toContain(
      '# then, once every upload succeeded, the 3 objects that earlier deploys recorded and this build drops',
    );
    expect(lines.at(-2)).toMatch(/^aws s3api delete-objects --bucket my-site-bucket --delete 'file:\/\/<stale-keys\.json>'/);
    expect(lines.at(-1)).toMatch(record);
    expect(result.stdout).toMatch(/# 1\. hashed assets, \d+ files; these \d+ commands at once:/);
    expect((await aws.calls()).map((call) => stepOf(call.args))).toEqual(['list', 'read record']);
  });

  it('in a dry run that cannot list the bucket, says so and still prints every command', async () => {
    const aws = await fakeAws({ failOn: 'list-objects' });
    const result = await deploy(['my-site-bucket', '--dry-run', '--dist', siteDir], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /^Could not read the bucket, so what would change is unknown: AWS denied access to the bucket "my-site-bucket" with these credentials\.\n`aws s3api list-objects .*` failed\./m,
    );
    expect(result.stdout).toContain('# then, once every upload succeeded, the objects that earlier deploys recorded and this build drops');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('aws '))).toHaveLength(
      planPasses(planUploads(siteFiles, site)).length + 5,
    );
    expect((await aws.calls()).map((call) => stepOf(call.args))).toEqual(['list']);
  });

  it('lists the bucket, uploads phase after phase, removes exactly the stale objects it recorded, then records the deploy', async () => {
    const aws = await fakeAws({ keys: [...EARLIER.objects, 'serve.json'], records: { [RECORD_KEY]: EARLIER } });
    const result = await deploy(['my-site-bucket', '--dist', siteDir], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const calls = await aws.calls();
    const steps = calls.map((call) => stepOf(call.args));
    const plan = planUploads(siteFiles, site);
    const passes = planPasses(plan);
    const count = (phase: string) => passes.filter((pass) => pass.phase === phase).length;
    expect(count('redirects')).toBe(2 * site.redirects.length);
    expect(steps).toEqual([
      'list',
      'read record',
      'record',
      ...Array(count('assets')).fill('assets'),
      ...Array(count('files')).fill('files'),
      'pages',
      ...Array(count('redirects')).fill('redirects'),
      'delete',
      'record',
    ]);
    // serve.json, which no recorded deploy wrote, stays; the old stylesheets, which the build no longer has, go.
    const stale = ['assets/main.0000000000.css', 'assets/main.1111111111.css', 'old-page/index.html'];
    expect(calls.find((call) => stepOf(call.args) === 'delete')?.deleted).toEqual(stale);
    expect(calls.every((call) => !call.args.includes('--endpoint-url'))).toBe(true);
    expect(result.stdout).toContain(`removed 3 stale objects: ${stale.join(', ')}`);
    expect(result.stdout).toContain('Left alone: 1 object no recorded deploy of this site wrote (serve.json).');
    expect(result.stdout).toMatch(/; removed 3 stale objects\.\n$/);
    const record = calls.at(-1);
    expect(keyOf(record?.args[3])).toBe(RECORD_KEY);
    const expected = {
      about: expect.stringContaining('npm run deploy:s3'),
      format: 2,
      base: '/',
      deploy: 4,
      deployedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    };
    expect(record?.recorded).toEqual({ ...expected, state: 'done', objects: plan.map((upload) => upload.key).sort() });
    // Before the first upload: every object of the site here, should the deploy stop anywhere.
    expect(keyOf(calls[2]?.args[3])).toBe(RECORD_KEY);
    expect(calls[2]?.recorded).toEqual({
      ...expected,
      state: 'uploading',
      objects: [...plan.map((upload) => upload.key), ...stale].sort(),
    });
  });

  it('reads the record an older deploy:s3 kept at deploy/s3-manifest.json, records itself at a new key, then removes that one', async () => {
    const legacy = {
      format: 1,
      base: '/',
      deploy: 7,
      deployedAt: '2026-02-28T00:00:00.000Z',
      objects: {
        'assets/main.0000000000.css': { deploy: 6, replacedAt: '2026-02-27T00:00:00.000Z' },
        'old-page/index.html': { deploy: 7 },
      },
    };
    const aws = await fakeAws({ keys: Object.keys(legacy.objects), records: { [LEGACY_RECORD_FILE]: legacy } });
    const result = await deploy(['my-site-bucket', '--dist', siteDir], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const calls = await aws.calls();
    expect(calls.map((call) => stepOf(call.args)).slice(-3)).toEqual(['delete', 'record', 'delete']);
    expect(calls.at(-3)?.deleted).toEqual(['assets/main.0000000000.css', 'old-page/index.html']);
    const record = calls.at(-2);
    expect(keyOf(record?.args[3])).toMatch(/^deploy\/s3-record-[0-9a-f]{32}$/);
    expect(record?.recorded).toMatchObject({ format: 2, deploy: 8, state: 'done' });
    expect(calls.at(-1)?.deleted).toEqual([LEGACY_RECORD_FILE]);
    expect(result.stdout).toContain(`  ✓ removed the record it replaces: ${LEGACY_RECORD_FILE}\n`);
  });

  it("under a base path, reads the records of the base paths around it, and refuses to write over an object the root's record names", async () => {
    // A preview of the site: its build, under /preview/pr-42/.
    const dist = path.join(workDir, 'preview');
    await cp(siteDir, dist, { recursive: true, dereference: true });
    await writeFile(path.join(dist, 'deploy/site.json'), JSON.stringify({ base: '/preview/pr-42/', redirects: [] }));
    const root = { ...EARLIER, objects: ['index.html', 'preview/pr-42/index.html'] };
    const aws = await fakeAws({ keys: ['index.html', 'preview/pr-42/index.html'], records: { [RECORD_KEY]: root } });
    const result = await deploy(['my-site-bucket', '--dist', dist], aws.bin);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Deploy stopped before uploading anything: the build has 1 file that another deploy in this bucket keeps:\n' +
        '  preview/pr-42/index.html: the deploy at / keeps it (its record names it)\n' +
        'A deploy writes and removes only its own objects: leave these files out of the build (pages/routes.ts, public/), or deploy it to another bucket.\n',
    );
    // Its own keys, the records of / and of /preview/ (under either name), and the root's record; nothing uploaded.
    const calls = await aws.calls();
    expect(calls.map((call) => stepOf(call.args)).sort()).toEqual(['list', 'list', 'list', 'read record']);
    const listed = calls.filter((call) => call.args[1] === 'list-objects').map((call) => call.args[call.args.indexOf('--prefix') + 1]);
    expect(listed.sort()).toEqual(['deploy/s3-', 'preview/deploy/s3-', 'preview/pr-42/']);
  });

  it('removes nothing from a bucket without a record, and says so in one line', async () => {
    const aws = await fakeAws({ keys: ['index.html', 'old-page/index.html', 'serve.json'] });
    const result = await deploy(['my-site-bucket', '--dist', siteDir], aws.bin);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      '  No record of an earlier deploy at this base path (an older deploy:s3 wrote none): nothing is removed, and the 2 objects no recorded deploy of this site wrote (old-page/index.html, serve.json) stay.\n',
    );
    const steps = (await aws.calls()).map((call) => stepOf(call.args));
    expect(steps).not.toContain('delete');
    expect(steps.at(-1)).toBe('record');
  });

  it('stops at a failed upload, with the cause, removing nothing; the record it wrote first names all it may have left', async () => {
    const aws = await fakeAws({
      keys: ['old-page/index.html'],
      records: { [RECORD_KEY]: { ...EARLIER, objects: ['old-page/index.html'] } },
      failOn: '--include *.html',
    });
    const result = await deploy(['my-site-bucket', '--dist', siteDir], aws.bin);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^Deploy stopped: AWS denied access to the bucket "my-site-bucket" with these credentials\.\n`aws s3 cp .*'\*\.html'.*` failed\./,
    );
    expect(result.stderr).toContain('  upload failed: dist/index.html');
    expect(result.stderr).toContain('Nothing was removed: the bucket holds the previous site with part of the new one, all of it recorded');
    const calls = await aws.calls();
    expect(calls.map((call) => stepOf(call.args))).not.toContain('delete');
    const records = calls.filter((call) => stepOf(call.args) === 'record');
    expect(records).toHaveLength(1);
    expect(records[0]?.recorded).toMatchObject({
      state: 'uploading',
      objects: [...planUploads(siteFiles, site).map((upload) => upload.key), 'old-page/index.html'].sort(),
    });
  });

  it('prints its options with --help and exits 0, running nothing', async () => {
    const aws = await fakeAws();
    const help = await deploy(['--help'], aws.bin);
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run deploy:s3 -- <bucket> \[options\]$/m);
    const options = ['--dry-run', '--dist <folder>', '--endpoint-url <url>', '--max-deletes <n>'];
    for (const option of [...options, '-h, --help', '<bucket>', 'AWS_ENDPOINT_URL'])
      expect(help.stdout).toMatch(new RegExp(`^ +${option} +\\S`, 'm'));
    await expect(aws.calls()).resolves.toEqual([]);
  });

  it('refuses an unknown option, naming the known ones', async () => {
    const aws = await fakeAws();
    const result = await deploy(['my-site-bucket', '--dryrun', '--dist', siteDir], aws.bin);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      "Unknown option '--dryrun'. Options: --dry-run, --dist <folder>, --endpoint-url <url>, --max-deletes <n>, --help.\n",
    );
    await expect(aws.calls()).resolves.toEqual([]);
  });

  it('says what to do when the AWS CLI is missing, or the bucket name or the endpoint is wrong', async () => {
    const empty = await mkdtemp(path.join(workDir, 'empty-'));
    const missing = await deploy(['my-site-bucket', '--dist', siteDir], empty);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/AWS CLI .* was not found.*apt-get install -y awscli.*--dry-run/s);
    const typo = await deploy(['My_Bucket', '--dry-run', '--dist', siteDir], empty);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toMatch(/not a valid S3 bucket name/);
    const endpoint = await deploy(['my-site-bucket', '--dry-run', '--dist', siteDir], empty, { AWS_ENDPOINT_URL: 'localhost:9000' });
    expect(endpoint.status).toBe(1);
    expect(endpoint.stderr).toMatch(/^The endpoint "localhost:9000" is not an http:\/\/ or https:\/\/ URL\./);
  });

  it('refuses a count that is no whole number of 0 or more', async () => {
    const empty = await mkdtemp(path.join(workDir, 'empty-'));
    for (const [option, words] of [
      [['--max-deletes', '-1'], "Option '--max-deletes' argument is ambiguous"],
      [['--max-deletes=-1'], '--max-deletes takes a whole number of 0 or more, not "-1".'],
      [['--max-deletes', 'all'], '--max-deletes takes a whole number of 0 or more, not "all".'],
      [['--max-deletes', '1.5'], '--max-deletes takes a whole number of 0 or more, not "1.5".'],
      [['--max-deletes', ''], '--max-deletes takes a whole number of 0 or more, not "".'],
    ] as const) {
      const refused = await deploy(['my-site-bucket', '--dry-run', '--dist', siteDir, ...option], empty);
      expect(refused.status, option.join(' ')).toBe(1);
      expect(refused.stderr, option.join(' ')).toContain(words);
    }
  });
});

import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, contentTypeFor } from '../../generator/hosting/policy';
import type { HostedSite } from '../../generator/hosting/redirects';
import { filesUnder, readHostedSite } from '../../scripts/lib/files';
import {
  deleteBatches,
  endpointFrom,
  explainAwsError,
  filesOfPass,
  isBucketName,
  listArgs,
  PHASES,
  passArgs,
  planPasses,
  planUploads,
  type S3Pass,
  s3RedirectNotes,
  staleKeys,
} from '../../scripts/lib/s3';
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

  it('writes filters for suffixes as they are spelt (the CLI matches case), assets synced, the rest copied', () => {
    const passes = planPasses(planUploads(['index.html', 'assets/logo.1.png', 'assets/photo.2.PNG', 'images/team.png']));
    expect(passes.map((pass) => [pass.phase, pass.contentType, pass.suffixes])).toEqual([
      ['assets', 'image/png', ['.png', '.PNG']],
      ['files', 'image/png', ['.png']],
      ['pages', 'text/html; charset=utf-8', ['.html']],
    ]);
    const assets = passArgs(passes[0] as S3Pass, 'dist', { bucket: 'b' });
    expect(assets.slice(0, 5)).toEqual(['s3', 'sync', 'dist/assets', 's3://b/assets', '--size-only']);
    expect(assets.join(' ')).toContain('--exclude * --include *.png --include *.PNG --content-type image/png');
    const files = passArgs(passes[1] as S3Pass, 'dist', { bucket: 'b', endpointUrl: 'http://127.0.0.1:9000' });
    expect(files.join(' ')).toBe(
      's3 cp dist s3://b --recursive --exclude * --include *.png --exclude assets/* --exclude deploy/* --exclude serve.json --exclude _headers --exclude _redirects ' +
        '--content-type image/png --cache-control no-cache --only-show-errors --endpoint-url http://127.0.0.1:9000',
    );
  });

  it('under a base path, keeps every key in its folder, lists only there, and gives each 301 redirect an object that redirects', () => {
    const hosted: HostedSite = {
      base: '/preview/pr-42/',
      redirects: [
        { from: '/preview/pr-42/about', to: '/preview/pr-42/about-us/', status: 301 },
        { from: '/preview/pr-42/later', to: '/preview/pr-42/', status: 302 },
      ],
    };
    const files = [
      'index.html',
      '404.html',
      'about-us/index.html',
      'about/index.html',
      'later/index.html',
      'assets/main.1.js',
      'robots.txt',
    ];
    const plan = planUploads(files, hosted);
    expect(plan.map((upload) => [upload.phase, upload.key, upload.websiteRedirect ?? ''])).toEqual([
      ['assets', 'preview/pr-42/assets/main.1.js', ''],
      ['files', 'preview/pr-42/robots.txt', ''],
      ['pages', 'preview/pr-42/404.html', ''],
      ['pages', 'preview/pr-42/about-us/index.html', ''],
      ['pages', 'preview/pr-42/index.html', ''],
      // A 302: S3 redirects objects with 301 only, so it goes up as its page, which sends the browser on.
      ['pages', 'preview/pr-42/later/index.html', ''],
      ['redirects', 'preview/pr-42/about', '/preview/pr-42/about-us/'],
      ['redirects', 'preview/pr-42/about/index.html', '/preview/pr-42/about-us/'],
    ]);
    expect(s3RedirectNotes(hosted)).toEqual([
      '/preview/pr-42/later → /preview/pr-42/ is a 302: S3 website hosting redirects objects with 301 only, so it gets its page, which sends the browser on.',
    ]);
    const target = { bucket: 'b', prefix: 'preview/pr-42/' };
    const passes = planPasses(plan);
    const args = passes.map((pass) => passArgs(pass, 'dist', target, hosted).join(' '));
    expect(args[0]).toMatch(/^s3 sync dist\/assets s3:\/\/b\/preview\/pr-42\/assets --size-only /);
    const pages = passes.findIndex((pass) => pass.phase === 'pages');
    expect(args[pages]).toMatch(
      /^s3 cp dist s3:\/\/b\/preview\/pr-42 --recursive --exclude \* --include \*\.html .* --exclude about\/index\.html --content-type/,
    );
    expect(filesOfPass(passes[pages] as S3Pass, files, hosted)).toEqual([
      'index.html',
      '404.html',
      'about-us/index.html',
      'later/index.html',
    ]);
    expect(args.slice(-2)).toEqual(
      ['about', 'about/index.html'].map(
        (key) =>
          `s3 cp dist/about/index.html s3://b/preview/pr-42/${key} --website-redirect /preview/pr-42/about-us/ --content-type text/html; charset=utf-8 --cache-control no-cache --only-show-errors`,
      ),
    );
    expect(listArgs(target).join(' ')).toBe('s3api list-objects --bucket b --prefix preview/pr-42/ --query Contents[].Key --output json');
    expect(listArgs({ bucket: 'b' })).not.toContain('--prefix');
  });

  it('refuses a file whose Content-Type it does not know', () => {
    expect(() => planUploads(['index.html', 'notes.unknownext'])).toThrow(/notes\.unknownext/);
  });

  it('finds the stale objects, host configuration left behind by hand included, and deletes them 1,000 a request', () => {
    const plan = planUploads(['index.html', 'assets/main.1.css']);
    expect(staleKeys(['index.html', 'assets/main.0.css', 'old/index.html', 'assets/main.1.css', 'serve.json'], plan)).toEqual([
      'assets/main.0.css',
      'old/index.html',
      'serve.json',
    ]);
    const keys = Array.from({ length: 2001 }, (_, index) => `old/${index}.html`);
    const batches = deleteBatches(keys);
    expect(batches.map((batch) => batch.Objects.length)).toEqual([1000, 1000, 1]);
    expect(batches.flatMap((batch) => batch.Objects.map((object) => object.Key))).toEqual(keys);
    expect(deleteBatches([])).toEqual([]);
  });

  it('knows a bucket name from a typo', () => {
    expect(isBucketName('www.example.com')).toBe(true);
    expect(isBucketName('my-site')).toBe(true);
    expect(isBucketName('My_Site')).toBe(false);
    expect(isBucketName('s3://my-site')).toBe(false);
  });

  it('takes the endpoint from --endpoint-url, else from the variables the AWS CLI reads', () => {
    const env = { AWS_ENDPOINT_URL: 'http://a:1', AWS_ENDPOINT_URL_S3: 'http://s3:2' };
    expect(endpointFrom('http://option:3', env)).toBe('http://option:3');
    expect(endpointFrom(undefined, env)).toBe('http://s3:2');
    expect(endpointFrom(undefined, { AWS_ENDPOINT_URL: 'http://a:1' })).toBe('http://a:1');
    expect(endpointFrom(undefined, { ...env, AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'true' })).toBeUndefined();
    expect(endpointFrom(undefined, {})).toBeUndefined();
  });

  it("explains the AWS CLI's common failures in a sentence", () => {
    const target = { bucket: 'my-site', endpointUrl: 'http://127.0.0.1:9000' };
    expect(
      explainAwsError(
        'An error occurred (NoSuchBucket) when calling the ListObjectsV2 operation: The specified bucket does not exist',
        target,
      ),
    ).toBe('The bucket "my-site" does not exist at http://127.0.0.1:9000: check its name, or create it first.');
    expect(
      explainAwsError('Could not connect to the endpoint URL: "https://my-site.s3.amazonaws.com/?list-type=2"', { bucket: 'my-site' }),
    ).toBe('Could not reach https://my-site.s3.amazonaws.com/?list-type=2: is the endpoint right, and the server up?');
    expect(
      explainAwsError('Unable to locate credentials. You can configure credentials by running "aws configure".', { bucket: 'b' }),
    ).toMatch(/^AWS did not accept the AWS credentials/);
    expect(explainAwsError('An error occurred (AccessDenied) when calling the PutObject operation: Access Denied', { bucket: 'b' })).toBe(
      'AWS denied access to the bucket "b" with these credentials.',
    );
    expect(explainAwsError('something else entirely', { bucket: 'b' })).toBeUndefined();
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
}

/**
 * A stand-in `aws` on the PATH: records each call (and the keys a batch delete names), answers
 * the bucket listing with the keys of an older deploy, and fails any command containing `failOn`.
 */
async function fakeAws(remoteKeys: string[], failOn?: string): Promise<{ bin: string; calls: () => Promise<FakeCall[]> }> {
  const bin = await mkdtemp(path.join(workDir, 'bin-'));
  const log = path.join(bin, 'calls.jsonl');
  await writeFile(
    path.join(bin, 'aws'),
    `#!${process.execPath}
const fs = require('node:fs');
const args = process.argv.slice(2);
const call = { args };
const batch = args[args.indexOf('--delete') + 1];
if (args[1] === 'delete-objects') call.deleted = JSON.parse(fs.readFileSync(batch.slice('file://'.length), 'utf8')).Objects.map((o) => o.Key);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(call) + '\\n');
if (${JSON.stringify(failOn ?? null)} && args.join(' ').includes(${JSON.stringify(failOn ?? '')})) {
  console.error('upload failed: dist/index.html to s3://my-site-bucket/index.html An error occurred (AccessDenied) when calling the PutObject operation: Access Denied');
  process.exit(1);
}
if (args[1] === 'list-objects') console.log(${JSON.stringify(JSON.stringify(remoteKeys))});
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
  if (args.includes('--website-redirect')) return 'redirects';
  return args.includes('*.html') ? 'pages' : 'files';
}

describe('npm run deploy:s3', () => {
  it('prints every command in a dry run, and runs none', async () => {
    const aws = await fakeAws([]);
    const result = await deploy(['my-site-bucket', '--dry-run', '--dist', siteDir, '--endpoint-url', 'http://127.0.0.1:9000'], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('aws '));
    const passes = planPasses(planUploads(siteFiles, site));
    expect(lines).toHaveLength(passes.length + 2);
    expect(lines[0]).toBe(
      "aws s3api list-objects --bucket my-site-bucket --query 'Contents[].Key' --output json --endpoint-url http://127.0.0.1:9000",
    );
    for (const [index, pass] of passes.entries()) {
      expect(lines[index + 1]).toContain(
        `--content-type ${/^[\w/+.-]+$/.test(pass.contentType) ? pass.contentType : `'${pass.contentType}'`}`,
      );
      expect(lines[index + 1]).toContain(pass.phase === 'assets' ? `--cache-control '${CACHE_IMMUTABLE}'` : '--cache-control no-cache');
      expect(lines[index + 1]).toMatch(/--endpoint-url http:\/\/127\.0\.0\.1:9000$/);
    }
    expect(lines.at(-1)).toMatch(/^aws s3api delete-objects --bucket my-site-bucket --delete 'file:\/\/<stale-keys\.json>'/);
    expect(result.stdout).toMatch(/# 1\. hashed assets, \d+ files; these \d+ commands at once:/);
    await expect(aws.calls()).resolves.toEqual([]);
  });

  it('lists the bucket, uploads phase after phase, then removes exactly the stale objects', async () => {
    const aws = await fakeAws(['index.html', 'assets/main.0000000000.css', 'old-page/index.html', 'serve.json']);
    const result = await deploy(['my-site-bucket', '--dist', siteDir], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const calls = await aws.calls();
    const steps = calls.map((call) => stepOf(call.args));
    const passes = planPasses(planUploads(siteFiles, site));
    const count = (phase: string) => passes.filter((pass) => pass.phase === phase).length;
    expect(count('redirects')).toBe(2 * site.redirects.length);
    expect(steps).toEqual([
      'list',
      ...Array(count('assets')).fill('assets'),
      ...Array(count('files')).fill('files'),
      'pages',
      ...Array(count('redirects')).fill('redirects'),
      'delete',
    ]);
    expect(calls.at(-1)?.deleted).toEqual(['assets/main.0000000000.css', 'old-page/index.html', 'serve.json']);
    expect(calls.every((call) => !call.args.includes('--endpoint-url'))).toBe(true);
    expect(result.stdout).toContain('removed 3 stale objects: assets/main.0000000000.css, old-page/index.html, serve.json');
  });

  it('stops at a failed upload, with the cause, and removes nothing', async () => {
    const aws = await fakeAws(['old-page/index.html'], '--include *.html');
    const result = await deploy(['my-site-bucket', '--dist', siteDir], aws.bin);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^Deploy stopped: AWS denied access to the bucket "my-site-bucket" with these credentials\.\n`aws s3 cp .*'\*\.html'.*` failed\./,
    );
    expect(result.stderr).toContain('  upload failed: dist/index.html');
    expect(result.stderr).toContain('Nothing was removed');
    expect((await aws.calls()).map((call) => stepOf(call.args))).not.toContain('delete');
  });

  it('prints its options with --help and exits 0, running nothing', async () => {
    const aws = await fakeAws([]);
    const help = await deploy(['--help'], aws.bin);
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run deploy:s3 -- <bucket> \[options\]$/m);
    for (const option of ['--dry-run', '--dist <folder>', '--endpoint-url <url>', '-h, --help', '<bucket>', 'AWS_ENDPOINT_URL'])
      expect(help.stdout).toMatch(new RegExp(`^ +${option} +\\S`, 'm'));
    await expect(aws.calls()).resolves.toEqual([]);
  });

  it('refuses an unknown option, naming the known ones', async () => {
    const aws = await fakeAws([]);
    const result = await deploy(['my-site-bucket', '--dryrun', '--dist', siteDir], aws.bin);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("Unknown option '--dryrun'. Options: --dry-run, --dist <folder>, --endpoint-url <url>, --help.\n");
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
});

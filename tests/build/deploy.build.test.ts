import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, contentTypeFor } from '../../generator/hosting/policy';
import type { HostedSite } from '../../generator/hosting/redirects';
import { filesUnder, readHostedSite } from '../../scripts/lib/files';
import { filesOfPass, PHASES, planPasses, planUploads } from '../../scripts/lib/s3';
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

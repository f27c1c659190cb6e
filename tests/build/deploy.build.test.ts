import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, contentTypeFor } from '../../build/hosting/policy';
import { isBucketName, planUploads, staleKeys } from '../../build/hosting/s3';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const siteDir = inject('siteDir');
let workDir: string;
let siteFiles: string[];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'deploy-test-'));
  siteFiles = (await readdir(siteDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the S3 upload plan', () => {
  it('uploads every site file once, and no host configuration', () => {
    const keys = planUploads(siteFiles).map((upload) => upload.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('404.html');
    expect(keys).toContain('sitemap.xml');
    expect(keys.filter((key) => key === 'serve.json' || key === '_headers' || key.startsWith('deploy/'))).toEqual([]);
    expect(keys.length).toBe(siteFiles.filter((file) => !/^(serve\.json|_headers|deploy\/)/.test(file)).length);
  });

  it('uploads hashed assets first with the long cache, then the rest with no-cache, the landing page last', () => {
    const plan = planUploads(siteFiles);
    const firstOther = plan.findIndex((upload) => !upload.key.startsWith('assets/'));
    expect(firstOther).toBeGreaterThan(0);
    expect(plan.slice(firstOther).every((upload) => !upload.key.startsWith('assets/'))).toBe(true);
    for (const upload of plan) {
      expect(upload.cacheControl, upload.key).toBe(upload.key.startsWith('assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
      expect(upload.contentType, upload.key).toBe(contentTypeFor(upload.key));
    }
    const firstPage = plan.findIndex((upload) => upload.key.endsWith('.html'));
    expect(plan.slice(firstPage).every((upload) => upload.key.endsWith('.html'))).toBe(true);
    expect(plan.at(-1)?.key).toBe('index.html');
  });

  it('refuses a file whose Content-Type it does not know', () => {
    expect(() => planUploads(['index.html', 'notes.unknownext'])).toThrow(/notes\.unknownext/);
  });

  it('finds the stale objects', () => {
    const plan = planUploads(['index.html', 'assets/main.1.css']);
    expect(staleKeys(['index.html', 'assets/main.0.css', 'old/index.html', 'assets/main.1.css'], plan)).toEqual([
      'assets/main.0.css',
      'old/index.html',
    ]);
  });

  it('knows a bucket name from a typo', () => {
    expect(isBucketName('www.example.com')).toBe(true);
    expect(isBucketName('my-site')).toBe(true);
    expect(isBucketName('My_Site')).toBe(false);
    expect(isBucketName('s3://my-site')).toBe(false);
  });
});

/** Runs `npm run deploy:s3 -- <args>` (the script through tsx) with the given PATH. */
async function deploy(args: string[], pathVariable: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(process.execPath, [tsx, 'scripts/deploy-s3.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, PATH: pathVariable },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { status, stdout, stderr };
}

/**
 * A stand-in `aws` on the PATH: records each call's arguments as a JSON line, and answers the
 * bucket listing with objects of an older deploy.
 */
async function fakeAws(remoteKeys: string[]): Promise<{ bin: string; calls: () => Promise<string[][]> }> {
  const bin = await mkdtemp(path.join(workDir, 'bin-'));
  const log = path.join(bin, 'calls.jsonl');
  await writeFile(
    path.join(bin, 'aws'),
    `#!${process.execPath}
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
if (args[0] === '--version') console.log('aws-cli/2.0.0 (fake)');
if (args[0] === 's3api') console.log(${JSON.stringify(JSON.stringify(remoteKeys))});
`,
  );
  await chmod(path.join(bin, 'aws'), 0o755);
  return {
    bin,
    calls: async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as string[]),
  };
}

describe('npm run deploy:s3', () => {
  it('prints every command in a dry run, and runs none', async () => {
    const aws = await fakeAws([]);
    const result = await deploy(['my-site-bucket', '--dry-run', '--dist', siteDir], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('aws '));
    const plan = planUploads(siteFiles);
    expect(lines.slice(0, plan.length).map((line) => line.split(' ')[4])).toEqual(plan.map((upload) => `s3://my-site-bucket/${upload.key}`));
    expect(lines[0]).toContain(`--cache-control '${CACHE_IMMUTABLE}'`);
    expect(lines[plan.length - 1]).toContain('--cache-control no-cache');
    expect(lines[plan.length - 1]).toContain(`--content-type 'text/html; charset=utf-8'`);
    expect(lines[plan.length]).toMatch(/^aws s3api list-objects-v2 --bucket my-site-bucket/);
    expect(lines[plan.length + 1]).toMatch(/^aws s3 rm /);
    await expect(aws.calls()).resolves.toEqual([]);
  });

  it('uploads in order with the right metadata, then removes only stale objects', async () => {
    const aws = await fakeAws(['index.html', 'assets/main.0000000000.css', 'old-page/index.html']);
    const result = await deploy(['my-site-bucket', '--dist', siteDir], aws.bin);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const calls = await aws.calls();
    const plan = planUploads(siteFiles);
    expect(calls[0]).toEqual(['--version']);
    const uploads = calls.slice(1, 1 + plan.length);
    expect(uploads.map((args) => args.slice(0, 2))).toEqual(plan.map(() => ['s3', 'cp']));
    expect(uploads.map((args) => args[3])).toEqual(plan.map((upload) => `s3://my-site-bucket/${upload.key}`));
    for (const [index, args] of uploads.entries()) {
      expect(args[args.indexOf('--content-type') + 1]).toBe(plan[index]?.contentType);
      expect(args[args.indexOf('--cache-control') + 1]).toBe(plan[index]?.cacheControl);
    }
    expect(calls.slice(1 + plan.length)).toEqual([
      ['s3api', 'list-objects-v2', '--bucket', 'my-site-bucket', '--query', 'Contents[].Key', '--output', 'json'],
      ['s3', 'rm', 's3://my-site-bucket/assets/main.0000000000.css', '--only-show-errors'],
      ['s3', 'rm', 's3://my-site-bucket/old-page/index.html', '--only-show-errors'],
    ]);
  });

  it('says what to do when the AWS CLI is missing, or the bucket name is wrong', async () => {
    const empty = await mkdtemp(path.join(workDir, 'empty-'));
    const missing = await deploy(['my-site-bucket', '--dist', siteDir], empty);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/AWS CLI .* was not found.*--dry-run/s);
    const typo = await deploy(['My_Bucket', '--dry-run', '--dist', siteDir], empty);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toMatch(/not a valid S3 bucket name/);
  });
});

/**
 * The deploy as a person runs it: the README's `npm run deploy:s3`, a whole process, timed from
 * spawn to exit, to an S3-compatible server on this machine (s3rver, website hosting on), each run
 * to an empty bucket so that every file goes up. Today's site, then the site's routes repeated to
 * N pages (1,000 by default) as the scale section builds them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isSiteFile } from '../../generator/hosting/policy';
import { filesUnder, findOnPath } from '../lib/files';
import { buildCommand, projectRoot, writePagesModule } from '../lib/project';
import { startS3Server } from '../lib/s3-server';
import { repeatedRoutes } from './scale';
import type { BenchSection, Measurement } from './types';

const run = promisify(execFile);

export interface DeployBenchOptions {
  pages?: number;
  /** Timed deploys of each site. */
  runs?: number;
}

async function siteFileCount(folder: string): Promise<number> {
  return (await filesUnder(folder)).filter(isSiteFile).length;
}

export async function measureDeploy({ pages = 1000, runs = 3 }: DeployBenchOptions = {}): Promise<BenchSection> {
  const aws = findOnPath('aws');
  if (!aws)
    throw new Error('The deploy section runs the AWS CLI, and `aws` is not on the PATH: apt-get install -y awscli (Debian or Ubuntu).');
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-deploy-'));
  const build = (outDir: string, ...args: string[]) =>
    run(...buildCommand(['--quiet', '--out-dir', outDir, ...args]), { cwd: projectRoot });
  const site = path.join(folder, 'site');
  const repeated = path.join(folder, 'repeated');
  await build(site);
  await build(repeated, '--pages', await writePagesModule(folder, 'routes.ts', repeatedRoutes(pages)));

  const buckets = Array.from({ length: 2 * runs }, (_, index) => `bench-${index}`);
  const server = await startS3Server({ buckets });
  const deploy = async (dist: string): Promise<number> => {
    const bucket = buckets.shift() as string;
    const started = performance.now();
    await run('npm', ['run', 'deploy:s3', '--', bucket, '--dist', dist, '--endpoint-url', server.endpoint], {
      cwd: projectRoot,
      env: server.awsEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    return performance.now() - started;
  };
  try {
    const version = (await run(aws, ['--version'], { env: server.awsEnv() })).stdout.trim().split(' ')[0];
    const siteSamples: number[] = [];
    for (let i = 0; i < runs; i += 1) siteSamples.push(await deploy(site));
    const repeatedSamples: number[] = [];
    for (let i = 0; i < runs; i += 1) repeatedSamples.push(await deploy(repeated));
    const siteFiles = await siteFileCount(site);
    const repeatedFiles = await siteFileCount(repeated);
    const measurements: Measurement[] = [
      { name: `today's site (${siteFiles} files): npm run deploy:s3, spawn to exit`, unit: 'ms', samples: siteSamples },
      {
        name: `${pages} pages (${repeatedFiles} files): npm run deploy:s3, spawn to exit`,
        unit: 'ms',
        samples: repeatedSamples,
        ...(pages === 1000 ? { targetMedian: 60_000 } : {}),
      },
      {
        name: `${pages} pages: files uploaded per second`,
        unit: 'files/s',
        samples: repeatedSamples.map((ms) => repeatedFiles / (ms / 1000)),
        higherIsBetter: true,
      },
    ];
    return {
      name: 'Deploy',
      measurements,
      notes: [
        `Deploy: ${runs} runs of npm run deploy:s3 for each site, each a new process uploading every file to an empty bucket of s3rver on 127.0.0.1 with ${version} (${aws}); ${os.availableParallelism()} cores.`,
      ],
    };
  } finally {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * `npm run bench` as a person runs it, each section in its cheapest form (--pages 12 --runs 1 --photos 1):
 * it runs, and prints each figure in the shape the bench promises (a name, a figure with its unit
 * for the median, the least and the most, the runs, and where there is a target, the target and
 * met or MISSED), whatever the figures are called. The benchmark is not run by CI; these keep its
 * sections working as the pipeline changes, and never assert how fast anything was.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchSection } from '../../scripts/bench/types';
import { projectRoot } from '../../scripts/lib/project';

const tsx = createRequire(import.meta.url).resolve('tsx/cli');

/** `npm run bench -- <args>`: the script through tsx, as npm runs it. */
function bench(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [tsx, 'scripts/bench.ts', ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, stdout, stderr })));
}

/** The lists of a help text: under each "<title>:" line, its rows, name then description. */
function helpLists(help: string): [name: string, description: string][][] {
  const lists: [string, string][][] = [];
  for (const line of help.split('\n')) {
    if (/^\S.*:$/.test(line)) lists.push([]);
    const row = /^ {2,}(\S+(?: \S+)*?) {2,}(\S.*)$/.exec(line);
    if (row && lists.length > 0) lists.at(-1)?.push([row[1] ?? '', row[2] ?? '']);
  }
  return lists.filter((list) => list.length > 0);
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
/** A figure with its unit, if it has one: "1234 ms", "3.5 kB", "0.012". */
const FIGURE = `${NUMBER}(?: [^\\s\\d]\\S*)?`;
const ROW = new RegExp(
  `^ {2}\\S.*? +(?<median>${FIGURE}) +${FIGURE} +${FIGURE} +(?<runs>\\d+)(?: +(?<target>[≤≥] ${NUMBER}(?: \\S+)? (?:met|MISSED)))?$`,
);

/** Read before the tests are collected, so that each section the bench lists is tested. */
const help = spawnSync(process.execPath, [tsx, 'scripts/bench.ts', '--help'], { cwd: projectRoot, encoding: 'utf8' });
const rows = helpLists(help.stdout).flat();
const options = rows.flatMap(([name]) => (name.startsWith('-') ? [/--\S+/.exec(name)?.[0] ?? ''] : []));
const sections = rows.flatMap(([name]) => (name.startsWith('-') ? [] : [name]));
/** Lighthouse has no cheap form: it installs itself on first use and audits every page. */
const NOT_RUN = ['lighthouse'];

let resultsRoot: string;

beforeAll(async () => {
  resultsRoot = await mkdtemp(path.join(tmpdir(), 'site-bench-test-'));
});

afterAll(async () => {
  await rm(resultsRoot, { recursive: true, force: true });
});

describe('npm run bench', () => {
  it('prints its options and sections with --help, each with a description, and exits 0, measuring nothing', () => {
    expect(help.status, help.stderr).toBe(0);
    for (const [name, description] of rows) expect(description, name).toMatch(/\w/);
    expect(options).toEqual(expect.arrayContaining(['--help', '--pages', '--runs', '--photos', '--results']));
    expect(sections.length).toBeGreaterThan(1);
  });

  it('refuses an unknown option or section with status 1, naming the known ones', async () => {
    const option = await bench('--no-such-option');
    expect(option.status).toBe(1);
    for (const name of options) expect(option.stderr).toContain(name);
    const section = await bench('no-such-section');
    expect(section.status).toBe(1);
    for (const name of sections) expect(section.stderr).toContain(name);
  });

  // At once: each section is a process of its own, with its own copy, cache, results and ports, which mostly waits on the
  // builds, servers and deploys it times (the figures, which these never assert, are a busier machine's).
  it.concurrent.each(sections.filter((name) => !NOT_RUN.includes(name)))(
    'runs the %s section once and prints each of its figures in the shape of the table, as the JSON it writes holds them',
    async (name) => {
      const results = path.join(resultsRoot, name);
      const run = await bench(name, '--pages', '12', '--runs', '1', '--photos', '1', '--results', results);
      expect(run.status, run.stderr).toBe(0);
      const written = JSON.parse(await readFile(path.join(results, 'latest.json'), 'utf8')) as { sections: BenchSection[] };
      const measurements = written.sections.flatMap((section) => section.measurements);
      expect(measurements.length).toBeGreaterThan(0);
      for (const measurement of measurements) {
        expect(measurement.samples, measurement.name).toHaveLength(1);
        expect(Number.isFinite(measurement.samples[0]), measurement.name).toBe(true);
      }
      const rows = run.stdout.split('\n').flatMap((line) => {
        const groups = ROW.exec(line)?.groups;
        return groups ? [groups] : [];
      });
      expect(rows).toHaveLength(measurements.length);
      for (const [index, row] of rows.entries()) {
        expect(row.runs).toBe('1');
        const measurement = measurements[index];
        expect(row.target !== undefined, row.median).toBe(measurement?.targetMedian !== undefined);
        // The target is in the figures' unit.
        if (row.target) expect(row.target.split(' ').slice(2, -1).join(' ')).toBe(row.median?.split(' ').slice(1).join(' '));
      }
    },
    // Deploying is two builds and two whole deploys to s3rver: 15 s on a quiet machine, 45 s beside the other build tests. The
    // articles are three builds of ours, two of Eleventy and of Hugo, and a photo encoded cold: 25 s quiet, 100 s on a busy machine.
    240_000,
  );
});

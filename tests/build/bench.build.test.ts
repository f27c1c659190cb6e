import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { measureDeploy } from '../../scripts/bench/deploy';
import { measureScale } from '../../scripts/bench/scale';
import { measureSizes } from '../../scripts/bench/sizes';
import { meetsTarget, summarizeSamples } from '../../scripts/bench/types';
import { projectRoot } from '../../scripts/lib/project';
import { BUILT_PAGES } from '../support/site';

/** `npm run bench -- <args>`: the script through tsx, as npm runs it. */
function bench(...args: string[]) {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const result = spawnSync(process.execPath, [tsx, 'scripts/bench.ts', ...args], { cwd: projectRoot, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// The benchmark is not run by CI; these keep its sections working as the pipeline changes.
// They assert what the sections report, never how fast anything was.
describe('npm run bench', () => {
  it('the scale section builds the repeated site as a whole process and reports time, throughput, memory and steps', async () => {
    const section = await measureScale({ pages: 30, runs: 1 });
    const names = section.measurements.map((measurement) => measurement.name);
    expect(names).toEqual(
      expect.arrayContaining([
        '30 pages: wall time, spawn to exit',
        '30 pages: pages per second',
        '30 pages: peak memory (RSS)',
        '30 pages: step pages',
      ]),
    );
    for (const measurement of section.measurements) {
      expect(measurement.samples, measurement.name).toHaveLength(1);
      // A small step (copying public/) can round to 0 ms; totals and throughput cannot.
      const least = measurement.name.includes(': step ') ? 0 : Number.MIN_VALUE;
      expect(measurement.samples[0], measurement.name).toBeGreaterThanOrEqual(least);
      expect(Number.isFinite(measurement.samples[0]), measurement.name).toBe(true);
    }
    // Hugo beside it, writing the very same pages, where it is installed; else the way to install it.
    const hugo = spawnSync('hugo', ['version']).status === 0;
    expect(names.includes("30 pages: our time ÷ Hugo's, run by run")).toBe(hugo);
    expect(section.notes?.join('\n')).toMatch(
      hugo ? /Hugo v[\d.]+ writing the same \d+ pages, .*byte for byte the same as ours/ : /apt-get install hugo/,
    );
  });

  it("the deploy section deploys today's site and the repeated one to s3rver and reports time and throughput", async () => {
    const section = await measureDeploy({ pages: 12, runs: 1 });
    expect(section.measurements.map((measurement) => measurement.name)).toEqual([
      expect.stringMatching(/^today's site \(\d+ files\): npm run deploy:s3, spawn to exit$/),
      expect.stringMatching(/^12 pages \(\d+ files\): npm run deploy:s3, spawn to exit$/),
      '12 pages: files uploaded per second',
    ]);
    for (const measurement of section.measurements) {
      expect(measurement.samples, measurement.name).toHaveLength(1);
      expect(measurement.samples[0], measurement.name).toBeGreaterThan(0);
      expect(Number.isFinite(measurement.samples[0]), measurement.name).toBe(true);
    }
    // Two builds and two deploys, each a whole process: 15 s on a quiet machine, 45 s beside the other build tests.
  }, 120_000);

  it('the sizes section reports every page and total against its budget, all met', async () => {
    const section = await measureSizes();
    const names = section.measurements.map((measurement) => measurement.name);
    const pageOf = (pattern: RegExp) => names.flatMap((name) => pattern.exec(name)?.[1] ?? []).sort();
    const every = BUILT_PAGES.map((page) => page.file).sort();
    expect(pageOf(/^(\S+\.html) gzip/)).toEqual(every);
    // A page added since issue 13 has no figure from before it.
    expect(pageOf(/^first visit to (\S+\.html) \(\d+ files; before issue 13: (?:\d+\.\d kB|–)\)$/)).toEqual(every);
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^stylesheet, inside every page, gzip/), 'all JavaScript, gzip', 'fonts']),
    );
    for (const measurement of section.measurements) {
      expect(measurement.targetMedian, measurement.name).toBeDefined();
      expect(meetsTarget(measurement, summarizeSamples(measurement.samples).median), measurement.name).toBe(true);
    }
  });

  it('prints its sections and options with --help and exits 0, measuring nothing', () => {
    const help = bench('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run bench -- \[section\.\.\.\]$/m);
    for (const name of ['build', 'scale', 'deploy', 'sizes', 'dev', 'lighthouse', '-h, --help', '--pages <n>'])
      expect(help.stdout).toMatch(new RegExp(`^ +${name} +\\S`, 'm'));
  });

  it('refuses an unknown option or section, naming the known ones', () => {
    const option = bench('--fast');
    expect(option.status).toBe(1);
    expect(option.stderr).toContain("Unknown option '--fast'. Options: --pages <n>, --help.");
    const section = bench('size');
    expect(section.status).toBe(1);
    expect(section.stderr).toContain('Unknown bench section(s): size. Known: build, scale, deploy, sizes, dev, lighthouse.');
  });

  it('summarises samples and judges targets in the right direction', () => {
    expect(summarizeSamples([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10, runs: 4 });
    expect(meetsTarget({ name: 'score', unit: 'points', samples: [], targetMedian: 100, higherIsBetter: true }, 96)).toBe(false);
    expect(meetsTarget({ name: 'time', unit: 'ms', samples: [], targetMedian: 1000 }, 827)).toBe(true);
  });
});

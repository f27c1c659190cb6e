import { describe, expect, it } from 'vitest';
import { canMeasureMemory, measureProcess, peakKb } from '../../scripts/bench/process';
import { meetsTarget, summarizeSamples } from '../../scripts/bench/types';

describe('npm run bench', () => {
  it('summarises samples and judges targets in the right direction', () => {
    expect(summarizeSamples([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10, runs: 4 });
    expect(meetsTarget({ name: 'score', unit: 'points', samples: [], targetMedian: 100, higherIsBetter: true }, 96)).toBe(false);
    expect(meetsTarget({ name: 'time', unit: 'ms', samples: [], targetMedian: 1000 }, 827)).toBe(true);
  });

  it('never counts a failed run as meeting its target, or as having none', () => {
    expect(meetsTarget({ name: 'time', unit: 'ms', samples: [827], targetMedian: 1000, failed: 'stopped at 300 s' }, 827)).toBe(false);
    expect(meetsTarget({ name: 'memory', unit: 'MB', samples: [120], failed: 'exit 1' }, 120)).toBe(false);
  });
});

describe('a measured process', () => {
  it("reads GNU time's peak after the line it adds for a failure or a signal", () => {
    expect(peakKb('Command exited with non-zero status 1\n123456\n')).toBe(123456);
    expect(peakKb('Command terminated by signal 9\n5000\n')).toBe(5000);
    expect(peakKb('')).toBeUndefined();
  });

  it('is stopped at its limit and still reports its peak memory, as a failing one does', async () => {
    const hang = await measureProcess(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd: process.cwd(), limitMs: 300 });
    expect(hang.stopped).toBe(true);
    expect(hang.status).toBeNull();
    const fail = await measureProcess(process.execPath, ['-e', 'process.exit(3)'], { cwd: process.cwd() });
    expect([fail.stopped, fail.status]).toEqual([false, 3]);
    for (const run of [hang, fail]) {
      // Without GNU time there is no figure at all, never a wrong one.
      if (canMeasureMemory()) expect(run.rssMb).toBeGreaterThan(0);
      else expect(run.rssMb).toBeUndefined();
    }
  });
});

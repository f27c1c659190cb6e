import { describe, expect, it } from 'vitest';
import { measureRender } from '../../scripts/bench/render';
import { measureSizes } from '../../scripts/bench/sizes';
import { meetsTarget, summarizeSamples } from '../../scripts/bench/types';

// The benchmark is not run by CI; these keep its sections working as the pipeline changes.
// They assert what the sections report, never how fast anything was.
describe('npm run bench', () => {
  it('the render section renders every route and reports a throughput', async () => {
    const section = await measureRender({ renders: 14, samples: 1 });
    const [throughput] = section.measurements;
    expect(throughput?.unit).toBe('pages/s');
    expect(throughput?.samples).toHaveLength(1);
    expect(throughput?.samples[0]).toBeGreaterThan(0);
  });

  it('the sizes section reports every page and total against its budget, all met', async () => {
    const section = await measureSizes();
    const names = section.measurements.map((measurement) => measurement.name);
    expect(names.filter((name) => name.includes('.html'))).toHaveLength(8);
    expect(names).toEqual(expect.arrayContaining(['all CSS, gzip', 'all JavaScript, gzip', 'fonts']));
    for (const measurement of section.measurements) {
      expect(measurement.targetMedian, measurement.name).toBeDefined();
      expect(meetsTarget(measurement, summarizeSamples(measurement.samples).median), measurement.name).toBe(true);
    }
  });

  it('summarises samples and judges targets in the right direction', () => {
    expect(summarizeSamples([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10, runs: 4 });
    expect(meetsTarget({ name: 'score', unit: 'points', samples: [], targetMedian: 100, higherIsBetter: true }, 96)).toBe(false);
    expect(meetsTarget({ name: 'time', unit: 'ms', samples: [], targetMedian: 1000 }, 827)).toBe(true);
  });
});

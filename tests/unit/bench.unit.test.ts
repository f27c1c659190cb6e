import { describe, expect, it } from 'vitest';
import { meetsTarget, summarizeSamples } from '../../scripts/bench/types';

describe('npm run bench', () => {
  it('summarises samples and judges targets in the right direction', () => {
    expect(summarizeSamples([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10, runs: 4 });
    expect(meetsTarget({ name: 'score', unit: 'points', samples: [], targetMedian: 100, higherIsBetter: true }, 96)).toBe(false);
    expect(meetsTarget({ name: 'time', unit: 'ms', samples: [], targetMedian: 1000 }, 827)).toBe(true);
  });
});

/** One measured quantity: every sample, so a report can show the median, the spread and the runs. */
export interface Measurement {
  /** What was measured, as a person would say it: "save a stylesheet → new CSS served". */
  name: string;
  unit: 'ms' | 'kB' | 'MB' | 'pages/s' | 'files/s' | 'points' | '';
  samples: number[];
  /** The figure the issue sets for the median, when there is one. */
  targetMedian?: number;
  /** For scores and throughput: the target is a floor, not a ceiling. */
  higherIsBetter?: boolean;
  /** Decimal places to print (0 unless set), e.g. 3 for a layout-shift score. */
  decimals?: number;
  /** Why the run did not finish as it should (a build that failed or was stopped): its samples are then what it used until it stopped. */
  failed?: string;
}

/** Whether a measurement meets its target (true when it has none); never when its run failed. */
export function meetsTarget(measurement: Measurement, median: number): boolean {
  if (measurement.failed !== undefined) return false;
  const target = measurement.targetMedian;
  if (target === undefined) return true;
  return measurement.higherIsBetter ? median >= target : median <= target;
}

/** A part of `npm run bench` (dev loop, full build, sizes, Lighthouse...), measured on its own. */
export interface BenchSection {
  name: string;
  measurements: Measurement[];
  /** Anything a reader needs to interpret the figures: machine, run count, method. */
  notes?: string[];
}

export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function summarizeSamples(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, runs: sorted.length };
}

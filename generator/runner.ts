/**
 * The step runner. A build is a list of named steps, each declaring the earlier steps whose results
 * it takes: it starts once they have finished, alongside any other step that can, and gets exactly
 * those results, typed. Every step is timed, held to a time limit, and reported in the order the
 * steps are declared; after a failure nothing new starts, and the failure reported is the one of
 * the earliest step that failed. The dev server keeps each step's result for the next run while
 * the results it took are the same and no file it read (`reads`) changed.
 */
import { BuildError, diskFull, isBuildError, messageOf } from './failure';

/** What a step result may tell the runner: the files (relative to the root) and folders it read. */
export interface Reads {
  reads?: readonly string[];
}

type Run<In, Out> = (input: In) => Promise<Out> | Out;

interface StepDefinition {
  name: string;
  needs: readonly string[];
  run: Run<Record<string, unknown>, unknown>;
  /** Time the step's input may add to the limit: work that grows with the site (each image made). */
  extraMs?: (input: Record<string, unknown>) => number;
}

/** A pipeline under construction: `R` maps each step declared so far to its result. */
export class Steps<R extends Record<string, unknown> = Record<never, never>> {
  constructor(readonly list: readonly StepDefinition[] = []) {}

  /** A step that starts once `needs` have finished, and is given their results. */
  add<N extends string, K extends keyof R & string, O>(
    name: N,
    needs: readonly K[],
    run: Run<{ [P in K]: R[P] }, O>,
    extraMs?: (input: { [P in K]: R[P] }) => number,
  ): Steps<R & Record<N, O>> {
    if (this.list.some((step) => step.name === name)) throw new Error(`Step "${name}" is declared twice.`);
    return new Steps([...this.list, { name, needs, run: run as StepDefinition['run'], extraMs: extraMs as StepDefinition['extraMs'] }]);
  }

  get names(): string[] {
    return this.list.map((step) => step.name);
  }
}

export type ResultsOf<S> = S extends Steps<infer R> ? R : never;

export interface Timing {
  step: string;
  ms: number;
}

export interface RunOptions {
  /** One line a step, as it finishes, in declaration order. */
  log: (line: string) => void;
  stepTimeoutMs: number;
  /** The dev server's memory of earlier runs. */
  memo?: StepMemo;
  /** A step that never finishes, for the tests (faults.ts). */
  stalls?: (step: string) => boolean;
}

export interface RunResult<R> {
  results: R;
  timings: Timing[];
  /** The steps that ran rather than being kept from an earlier run. */
  ran: string[];
  /** Those of them whose result differs from their last. */
  changed: string[];
}

/** Thrown by a step whose needs failed: it never started, and is never the failure reported. */
class NotStarted extends Error {}

export async function runSteps<R extends Record<string, unknown>>(steps: Steps<R>, options: RunOptions): Promise<RunResult<R>> {
  const width = Math.max(...steps.names.map((name) => name.length));
  const results = new Map<string, Promise<unknown>>();
  const timings: Timing[] = [];
  const ran: string[] = [];
  const changed = new Set<string>();
  let failed = false;
  let reported: Promise<void> = Promise.resolve();
  const settled: Promise<unknown>[] = [];
  for (const step of steps.list) {
    const inputs = step.needs.map(
      (need) => results.get(need) ?? Promise.reject(new Error(`Step "${step.name}" needs "${need}", declared after it.`)),
    );
    const earlier = reported;
    let done = () => {};
    reported = new Promise((resolve) => {
      done = resolve;
    });
    const result = Promise.all(inputs)
      .catch(() => {
        throw new NotStarted();
      })
      .then(async (values) => {
        if (failed) throw new NotStarted();
        const input = Object.fromEntries(step.needs.map((need, index) => [need, values[index]]));
        const kept = options.memo?.kept(step.name, values);
        if (kept !== undefined) return { value: kept.value, ms: undefined };
        const started = performance.now();
        const run = options.stalls?.(step.name) ? () => new Promise<never>(() => {}) : () => step.run(input);
        const made = await timeLimited(step.name, run, options.stepTimeoutMs + (step.extraMs?.(input) ?? 0));
        const last = options.memo?.last(step.name);
        const value = options.memo ? options.memo.keep(step.name, values, made) : made;
        if (value !== last) changed.add(step.name);
        return { value, ms: performance.now() - started };
      })
      .then(
        async ({ value, ms }) => {
          await earlier;
          if (ms !== undefined && !failed) {
            timings.push({ step: step.name, ms });
            ran.push(step.name);
            options.log(`  ✓ ${step.name.padEnd(width)}  ${String(Math.round(ms)).padStart(5)} ms`);
          }
          done();
          return value;
        },
        (error: unknown) => {
          if (!(error instanceof NotStarted)) failed = true;
          done();
          throw error;
        },
      );
    results.set(step.name, result);
    settled.push(result.catch(() => {}));
  }
  // Every step settles (each is time-limited): then the earliest declared failure is the one reported.
  await Promise.all(settled);
  for (const name of steps.names) {
    const error = await (results.get(name) as Promise<unknown>).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (error !== undefined && !(error instanceof NotStarted)) throw error;
  }
  const values = await Promise.all(steps.names.map((name) => results.get(name)));
  return {
    results: Object.fromEntries(steps.names.map((name, index) => [name, values[index]])) as R,
    timings,
    ran,
    changed: ran.filter((name) => changed.has(name)),
  };
}

/**
 * What the dev server keeps of each step's last successful run: the results it took and what it
 * made. A step runs again when a result it takes is another object, or a file it read changed.
 */
export class StepMemo {
  private readonly memory = new Map<string, { inputs: readonly unknown[]; value: unknown; reads: ReadonlySet<string> }>();

  kept(name: string, inputs: readonly unknown[]): { value: unknown } | undefined {
    const kept = this.memory.get(name);
    if (!kept || kept.inputs.length !== inputs.length || kept.inputs.some((input, index) => input !== inputs[index])) return undefined;
    return { value: kept.value };
  }

  /**
   * Keeps what a step made. A result equal to the last one (plain data, as JSON) is the last one,
   * so that the steps that take it need not run again: a policy recomputed the same stops there.
   */
  keep(name: string, inputs: readonly unknown[], value: unknown): unknown {
    const reads = (value as Reads | undefined)?.reads ?? [];
    const last = this.memory.get(name)?.value;
    const same = last !== undefined && sameData(last, value);
    this.memory.set(name, { inputs, value: same ? last : value, reads: new Set(reads) });
    return same ? last : value;
  }

  /** Forgets each step that read one of `files` (relative to the root), or listed the folder a file was added to or removed from. */
  changed(files: Iterable<string>): void {
    for (const file of files) {
      const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
      for (const [name, kept] of this.memory) if (kept.reads.has(file) || kept.reads.has(`${folder}/`)) this.memory.delete(name);
    }
  }

  forget(name: string): void {
    this.memory.delete(name);
  }

  /** The last result of a step, whatever happened since. */
  last<T>(name: string): T | undefined {
    return this.memory.get(name)?.value as T | undefined;
  }
}

/** Whether two results are the same plain data; anything JSON cannot say (a worker pool), or a large result, is not compared. */
function sameData(a: unknown, b: unknown): boolean {
  try {
    const text = JSON.stringify(a);
    return text !== undefined && text.length < 1_000_000 && text === JSON.stringify(b);
  } catch {
    return false;
  }
}

/** An error, a step that outlasts `limitMs` or one awaiting a promise nothing will settle: a BuildError naming the step. */
export async function timeLimited<T>(name: string, run: () => Promise<T> | T, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onBeforeExit: (() => void) | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BuildError(`Step "${name}" did not finish within ${limitMs / 1000} s.`)), limitMs);
    // Unref'd: once nothing else is pending, the step waits for what will never come, and Node is about to exit.
    timer.unref();
    onBeforeExit = () =>
      reject(
        new BuildError(`Step "${name}" never finished: it waits for something that nothing will ever complete (a promise never settled).`),
      );
    process.once('beforeExit', onBeforeExit);
  });
  try {
    return await Promise.race([run(), stalled]);
  } catch (error) {
    throw isBuildError(error) ? error : (diskFull(error) ?? new BuildError(`Step "${name}" failed: ${messageOf(error)}`, { cause: error }));
  } finally {
    clearTimeout(timer);
    if (onBeforeExit) process.off('beforeExit', onBeforeExit);
  }
}

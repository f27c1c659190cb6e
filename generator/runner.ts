/**
 * Each step starts once the steps it needs have finished, beside any other that can, timed and time-limited; after a failure
 * nothing new starts, and the earliest declared failure is reported, so that a run's report does not depend on timing.
 */
import { BuildError, diskFull, isBuildError, messageOf } from './failure';
import type { ProgressReporter } from './progress';

/** Files (relative to the root) and folders a step read: the dev server runs it again when one changes. */
export interface Reads {
  reads?: readonly string[];
}

/** What a running step is given besides its inputs. */
export interface StepContext {
  /** Aborted when the step passes its time limit or another step fails: its queued work stops (queue.ts). */
  signal: AbortSignal;
  /** How much of its work is done: shown once the step has run a second (progress.ts). */
  progress: (done: number, total: number) => void;
}

type Run<In, Out> = (input: In, context: StepContext) => Promise<Out> | Out;

interface StepDefinition {
  name: string;
  needs: readonly string[];
  run: Run<Record<string, unknown>, unknown>;
  /** Work that grows with the site (each image made) gets time for it. */
  extraMs?: (input: Record<string, unknown>) => number;
  /** What its progress counts ("share images"), when not its name. */
  label?: string;
}

/** `R` maps each step declared so far to its result. */
export class Steps<R extends Record<string, unknown> = Record<never, never>> {
  constructor(readonly list: readonly StepDefinition[] = []) {}

  add<N extends string, K extends keyof R & string, O>(
    name: N,
    needs: readonly K[],
    run: Run<{ [P in K]: R[P] }, O>,
    { extraMs, label }: { extraMs?: (input: { [P in K]: R[P] }) => number; label?: string } = {},
  ): Steps<R & Record<N, O>> {
    if (this.list.some((step) => step.name === name)) throw new Error(`Step "${name}" is declared twice.`);
    const step: StepDefinition = { name, needs, run: run as StepDefinition['run'], extraMs: extraMs as StepDefinition['extraMs'] };
    return new Steps([...this.list, label === undefined ? step : { ...step, label }]);
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
  /** One line a step, in declaration order. */
  log: (line: string) => void;
  /** Told when each step starts, how far it is, and when it ends. */
  progress?: ProgressReporter;
  stepTimeoutMs: number;
  memo?: StepMemo;
  /** For the tests (faults.ts). */
  stalls?: (step: string) => boolean;
  limit?: (step: string) => number | undefined;
}

export interface RunResult<R> {
  results: R;
  timings: Timing[];
  /** Not kept from an earlier run. */
  ran: string[];
  /** Those that ran and made something else than last time. */
  changed: string[];
}

/** Never the failure reported. */
class NotStarted extends Error {}

export async function runSteps<R extends Record<string, unknown>>(steps: Steps<R>, options: RunOptions): Promise<RunResult<R>> {
  const width = Math.max(...steps.names.map((name) => name.length));
  const results = new Map<string, Promise<unknown>>();
  const timings: Timing[] = [];
  const ran: string[] = [];
  const changed = new Set<string>();
  let failed = false;
  /** Those running: the first failure stops them all, so that nothing waits behind work of no use. */
  const running = new Set<AbortController>();
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
    const controller = new AbortController();
    const made = Promise.all(inputs)
      .catch(() => {
        throw new NotStarted();
      })
      .then(async (values) => {
        if (failed) throw new NotStarted();
        const input = Object.fromEntries(step.needs.map((need, index) => [need, values[index]]));
        const kept = options.memo?.kept(step.name, values);
        if (kept !== undefined) return { value: kept.value, ms: undefined };
        const started = performance.now();
        const label = step.label ?? step.name;
        const context: StepContext = {
          signal: controller.signal,
          progress: (count, total) => options.progress?.progress(label, count, total),
        };
        const run = options.stalls?.(step.name) ? () => new Promise<never>(() => {}) : () => step.run(input, context);
        running.add(controller);
        options.progress?.started(label);
        try {
          const limit = options.limit?.(step.name) ?? options.stepTimeoutMs + (step.extraMs?.(input) ?? 0);
          const output = await timeLimited(step.name, run, limit, controller);
          const last = options.memo?.last(step.name);
          const value = options.memo ? options.memo.keep(step.name, values, output) : output;
          if (value !== last) changed.add(step.name);
          return { value, ms: performance.now() - started };
        } finally {
          running.delete(controller);
          options.progress?.finished(label);
        }
      })
      .catch((error: unknown) => {
        if (!(error instanceof NotStarted)) {
          failed = true;
          for (const other of running) other.abort(new NotStarted());
        }
        throw error;
      });
    // The steps that need it start as soon as it is made; only its line waits for those declared before it.
    const report = made
      .then(
        async ({ ms }) => {
          await earlier;
          if (ms === undefined || failed) return;
          timings.push({ step: step.name, ms });
          ran.push(step.name);
          options.log(`  ✓ ${step.name.padEnd(width)}  ${String(Math.round(ms)).padStart(5)} ms`);
        },
        () => {},
      )
      .finally(done);
    const result = made.then(({ value }) => value);
    results.set(step.name, result);
    // A step's failure is reported below, once: not again as unhandled where no step needs it.
    result.catch(() => {});
    settled.push(report);
  }
  // Every step settles (each is time-limited, and a failure stops the others at once): then the earliest declared failure is
  // the one reported.
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

/** A step runs again when a result it takes is another object, or a file it read changed. */
export class StepMemo {
  private readonly memory = new Map<string, { inputs: readonly unknown[]; value: unknown; reads: ReadonlySet<string> }>();

  kept(name: string, inputs: readonly unknown[]): { value: unknown } | undefined {
    const kept = this.memory.get(name);
    if (!kept || kept.inputs.length !== inputs.length || kept.inputs.some((input, index) => input !== inputs[index])) return undefined;
    return { value: kept.value };
  }

  /** A result equal to the last one is the last one, so that the steps that take it need not run again. */
  keep(name: string, inputs: readonly unknown[], value: unknown): unknown {
    const reads = (value as Reads | undefined)?.reads ?? [];
    const last = this.memory.get(name)?.value;
    const same = last !== undefined && sameData(last, value);
    this.memory.set(name, { inputs, value: same ? last : value, reads: new Set(reads) });
    return same ? last : value;
  }

  /** A file added or removed changes the folder that lists it. */
  changed(files: Iterable<string>): void {
    for (const file of files) {
      const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
      for (const [name, kept] of this.memory) if (kept.reads.has(file) || kept.reads.has(`${folder}/`)) this.memory.delete(name);
    }
  }

  forget(name: string): void {
    this.memory.delete(name);
  }

  /** Whatever happened since. */
  last<T>(name: string): T | undefined {
    return this.memory.get(name)?.value as T | undefined;
  }
}

/** Anything JSON cannot say (a worker pool), or a large result, is not compared. */
function sameData(a: unknown, b: unknown): boolean {
  try {
    const text = JSON.stringify(a);
    return text !== undefined && text.length < 1_000_000 && text === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * A step that outlasts `limitMs`, or awaits a promise nothing will settle, fails naming the step; `controller` is aborted then,
 * so that its queued work stops, and an abort from outside (another step failed) ends the wait at once.
 */
export async function timeLimited<T>(
  name: string,
  run: () => Promise<T> | T,
  limitMs: number,
  controller = new AbortController(),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onBeforeExit: (() => void) | undefined;
  let onAbort: (() => void) | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new BuildError(`Step "${name}" did not finish within ${limitMs / 1000} s.`);
      controller.abort(error);
      reject(error);
    }, limitMs);
    // Unref'd: once nothing else is pending, the step waits for what will never come.
    timer.unref();
    onBeforeExit = () =>
      reject(
        new BuildError(`Step "${name}" never finished: it waits for something that nothing will ever complete (a promise never settled).`),
      );
    process.once('beforeExit', onBeforeExit);
    onAbort = () => reject(controller.signal.reason);
    controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([run(), stalled]);
  } catch (error) {
    if (error instanceof NotStarted) throw error;
    throw isBuildError(error) ? error : (diskFull(error) ?? new BuildError(`Step "${name}" failed: ${messageOf(error)}`, { cause: error }));
  } finally {
    clearTimeout(timer);
    if (onBeforeExit) process.off('beforeExit', onBeforeExit);
    if (onAbort) controller.signal.removeEventListener('abort', onAbort);
  }
}

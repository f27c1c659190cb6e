/**
 * Each step starts once the steps it needs have finished, beside any other that can, timed and time-limited; after a failure
 * nothing new starts, and the earliest declared failure is reported, so that a run's report does not depend on timing.
 */
import { BuildError, diskFull, isBuildError, messageOf } from './failure';
import type { ProgressReporter } from './progress';
import type { OutputFile } from './writer';

/** What a running step is given besides its inputs; `Build` is what every step of a build shares (pipeline.ts). */
export interface StepContext<Build = unknown> {
  build: Build;
  /** Aborted when the step passes its time limit or another step fails: its queued work stops (queue.ts). */
  signal: AbortSignal;
  /** How much of its work is done: shown once the step has run a second (progress.ts). */
  progress: (done: number, total: number) => void;
  /** Its own result of the last run (the dev server's), for a step that can redo only part of its work: read with previousOf. */
  previous: { step: AnyStep; value: unknown } | undefined;
  /** With `needsFiles`: every file the steps declared before it wrote, in their order. */
  files: readonly OutputFile[];
}

/** A step as the runner holds it: its input and context types are its own business. */
export interface AnyStep<Out = unknown> {
  readonly name: string;
  readonly needs: Readonly<Record<string, AnyStep>>;
  /** It runs after every step declared before it, and is given their files (the host configuration, the link check). */
  readonly needsFiles?: boolean;
  /** What its progress counts ("share images"), when not its name. */
  readonly label?: string;
  /** Work that grows with the site (each image made) gets time for it. */
  extraMs?(input: never): number;
  run(input: never, context: never): Promise<Out> | Out;
}

export type OutputOf<S extends AnyStep> = Awaited<ReturnType<S['run']>>;

type InputOf<Needs extends Record<string, AnyStep>> = { [K in keyof Needs]: OutputOf<Needs[K]> };

export interface Step<Out, Needs extends Record<string, AnyStep>, Build> extends AnyStep<Out> {
  readonly needs: Needs;
  extraMs?(input: InputOf<Needs>): number;
  run(input: InputOf<Needs>, context: StepContext<Build>): Promise<Out> | Out;
}

/** A step module's form (`defineStep`): its input is typed by what it needs. */
export function stepsFor<Build>() {
  return <const Needs extends Record<string, AnyStep>, Made>(step: {
    name: string;
    needs: Needs;
    needsFiles?: boolean;
    label?: string;
    extraMs?: (input: InputOf<Needs>) => number;
    run: (input: InputOf<Needs>, context: StepContext<Build>) => Made;
  }): Step<Awaited<Made>, Needs, Build> => step as Step<Awaited<Made>, Needs, Build>;
}

/** Typed as the step makes it: the runner keeps each result with its step. */
export function previousOf<S extends AnyStep>(context: StepContext<unknown>, step: S): OutputOf<S> | undefined {
  return context.previous?.step === step ? (context.previous.value as OutputOf<S>) : undefined;
}

export class StepResults {
  constructor(private readonly values: ReadonlyMap<AnyStep, unknown>) {}

  of<Out>(step: AnyStep<Out>): Out {
    if (!this.values.has(step)) throw new Error(`Step "${step.name}" was not run.`);
    return this.values.get(step) as Out;
  }

  /** Every file the steps wrote, in their order. */
  get files(): OutputFile[] {
    return [...this.values.values()].flatMap(filesIn);
  }

  filesOf(name: string): readonly OutputFile[] {
    for (const [step, value] of this.values) if (step.name === name) return filesIn(value);
    return [];
  }
}

/** No step needs to be named for its files to be found. */
function filesIn(result: unknown): readonly OutputFile[] {
  const files = typeof result === 'object' && result !== null && 'files' in result ? result.files : undefined;
  return Array.isArray(files) ? (files as OutputFile[]) : [];
}

export type Timing = { step: string; ms: number };

export interface RunOptions<Build> {
  build: Build;
  /** One line a step, in declaration order. */
  log: (line: string) => void;
  progress?: ProgressReporter;
  stepTimeoutMs: number;
  /** Told when a step has made its result (a build frees a service no later step uses). */
  finished?: (step: AnyStep) => void;
  memo?: StepMemo;
  /** For the tests (faults.ts). */
  stalls?: (step: string) => boolean;
  limit?: (step: string) => number | undefined;
}

export interface RunResult {
  results: StepResults;
  timings: Timing[];
  /** Not kept from an earlier run. */
  ran: string[];
  /** Those that ran and made something else than last time. */
  changed: string[];
}

/** Never the failure reported. */
class NotStarted extends Error {}

/** The names of `steps`, in order, each after those it needs: a step list is checked before anything runs. */
export function stepNames(steps: readonly AnyStep[]): string[] {
  const seen = new Set<AnyStep>();
  for (const step of steps) {
    if ([...seen].some((other) => other.name === step.name)) throw new Error(`Step "${step.name}" is declared twice.`);
    for (const [key, need] of Object.entries(step.needs))
      if (!seen.has(need)) throw new Error(`Step "${step.name}" needs "${need.name}" (as ${key}), which is not declared before it.`);
    seen.add(step);
  }
  return steps.map((step) => step.name);
}

export async function runSteps<Build>(steps: readonly AnyStep[], options: RunOptions<Build>): Promise<RunResult> {
  const names = stepNames(steps);
  const width = Math.max(...names.map((name) => name.length));
  const results = new Map<AnyStep, Promise<unknown>>();
  const timings: Timing[] = [];
  const changed = new Set<string>();
  let failed = false;
  /** Those running: the first failure stops them all, so that nothing waits behind work of no use. */
  const running = new Set<AbortController>();
  let reported: Promise<void> = Promise.resolve();
  for (const [position, step] of steps.entries()) {
    const needs = Object.entries(step.needs);
    const earlierSteps = step.needsFiles ? steps.slice(0, position) : [];
    const inputs = [...needs.map(([, need]) => need), ...earlierSteps].map((need) => results.get(need) as Promise<unknown>);
    const controller = new AbortController();
    const made = Promise.all(inputs)
      .catch(() => {
        throw new NotStarted();
      })
      .then(async (values) => {
        if (failed) throw new NotStarted();
        const input = Object.fromEntries(needs.map(([key], index) => [key, values[index]]));
        const files = values.slice(needs.length).flatMap(filesIn);
        const kept = options.memo?.kept(step.name, values);
        if (kept !== undefined) return { value: kept.value, ms: undefined };
        const started = performance.now();
        const label = step.label ?? step.name;
        const context: StepContext<Build> = {
          build: options.build,
          signal: controller.signal,
          progress: (count, total) => options.progress?.progress(label, count, total),
          previous: options.memo?.has(step.name) ? { step, value: options.memo.last(step.name) } : undefined,
          files,
        };
        // Each step's input is checked where it is declared (stepsFor); here every step is run alike.
        const typed = step as unknown as { run: (input: unknown, context: unknown) => unknown; extraMs?: (input: unknown) => number };
        const run = options.stalls?.(step.name) ? () => new Promise<never>(() => {}) : () => typed.run(input, context);
        running.add(controller);
        options.progress?.started(label);
        try {
          const limit = options.limit?.(step.name) ?? options.stepTimeoutMs + (typed.extraMs?.(input) ?? 0);
          const output = await timeLimited(step.name, run, limit, controller);
          const last = options.memo?.last(step.name);
          const value = options.memo ? options.memo.keep(step.name, values, output) : output;
          if (value !== last) changed.add(step.name);
          options.finished?.(step);
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
    reported = reported
      .then(() => made)
      .then(
        ({ ms }) => {
          if (ms === undefined || failed) return;
          timings.push({ step: step.name, ms });
          options.log(`  ✓ ${step.name.padEnd(width)}  ${String(Math.round(ms)).padStart(5)} ms`);
        },
        () => {},
      );
    const result = made.then(({ value }) => value);
    results.set(step, result);
    // A step's failure is reported below, once: not again as unhandled where no step needs it.
    result.catch(() => {});
  }
  // Every step settles (each is time-limited, and a failure stops the others at once): then the earliest declared failure is
  // the one reported.
  await reported;
  const outcomes = await Promise.allSettled(steps.map((step) => results.get(step)));
  for (const outcome of outcomes) if (outcome.status === 'rejected' && !(outcome.reason instanceof NotStarted)) throw outcome.reason;
  const values = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined));
  const ran = timings.map((timing) => timing.step);
  return {
    results: new StepResults(new Map(steps.map((step, index) => [step, values[index]]))),
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
    // Files (relative to the root) and folders ("content/news/") the step read.
    const reads = (value as { reads?: readonly string[] } | undefined)?.reads ?? [];
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

  has(name: string): boolean {
    return this.memory.has(name);
  }

  last(name: string): unknown {
    return this.memory.get(name)?.value;
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

/** Fails naming the step past `limitMs`, or on a promise nothing settles, aborting `controller`; an outside abort ends the wait. */
export async function timeLimited<T>(
  name: string,
  run: () => Promise<T> | T,
  limitMs: number,
  controller = new AbortController(),
): Promise<T> {
  let onAbort = () => {};
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(controller.signal.reason);
  });
  controller.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new BuildError(`Step "${name}" did not finish within ${limitMs / 1000} s.`)), limitMs);
  // Unref'd: once nothing else is pending, the step waits for what will never come.
  timer.unref();
  const never = `Step "${name}" never finished: it waits for something that nothing will ever complete (a promise never settled).`;
  const onBeforeExit = () => controller.abort(new BuildError(never));
  process.once('beforeExit', onBeforeExit);
  try {
    return await Promise.race([run(), stopped]);
  } catch (error) {
    if (error instanceof NotStarted) throw error;
    throw isBuildError(error) ? error : (diskFull(error) ?? new BuildError(`Step "${name}" failed: ${messageOf(error)}`, { cause: error }));
  } finally {
    clearTimeout(timer);
    process.off('beforeExit', onBeforeExit);
    controller.signal.removeEventListener('abort', onAbort);
  }
}

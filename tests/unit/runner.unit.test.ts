import { describe, expect, it } from 'vitest';
import { previousOf, runSteps, StepMemo, stepNames, stepsFor } from '../../generator/runner';

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const defineStep = stepsFor<{ label: string }>();
const options = (lines: string[]) => ({
  build: { label: 'a build' },
  log: (line: string) => lines.push(line.trim().split(/\s+/)[1] ?? ''),
  stepTimeoutMs: 5_000,
});

describe('the step runner', () => {
  it("starts a step once what it needs is made, before an earlier step's line is printed, and prints the lines in declaration order", async () => {
    // "slow" ends only once "after" has started: were "after" held back until "slow" was reported, neither would end.
    const afterStarted = deferred();
    const started: string[] = [];
    const slow = defineStep({
      name: 'slow',
      needs: {},
      run: async () => {
        started.push('slow');
        await afterStarted.promise;
        return 'slow';
      },
    });
    const fast = defineStep({
      name: 'fast',
      needs: {},
      run: () => {
        started.push('fast');
        return 'fast';
      },
    });
    const after = defineStep({
      name: 'after',
      needs: { fast },
      run: ({ fast }, { build }) => {
        started.push('after');
        afterStarted.resolve();
        return `${fast} then after, in ${build.label}`;
      },
    });
    const lines: string[] = [];
    const { results, timings } = await runSteps([slow, fast, after], options(lines));
    expect(started).toEqual(['slow', 'fast', 'after']);
    expect([results.of(slow), results.of(fast), results.of(after)]).toEqual(['slow', 'fast', 'fast then after, in a build']);
    expect(lines).toEqual(['slow', 'fast', 'after']);
    expect(timings.map((timing) => timing.step)).toEqual(['slow', 'fast', 'after']);
  });

  it('reports the failure of the earliest declared step, though a later one failed first, and never starts what needs a failed step', async () => {
    const laterFailed = deferred();
    let ranDependent = false;
    const first = defineStep({
      name: 'first',
      needs: {},
      run: async () => {
        await laterFailed.promise;
        throw new Error('first failed');
      },
    });
    const second = defineStep({
      name: 'second',
      needs: {},
      run: async () => {
        laterFailed.resolve();
        throw new Error('second failed');
      },
    });
    const third = defineStep({
      name: 'third',
      needs: { second },
      run: () => {
        ranDependent = true;
        return 'third';
      },
    });
    await expect(runSteps([first, second, third], options([]))).rejects.toThrow('first failed');
    expect(ranDependent).toBe(false);
  });

  it('stops the steps still running at the first failure, through their signal, and reports that failure at once', async () => {
    let stoppedWith: unknown;
    const waiting = defineStep({
      name: 'waiting',
      needs: {},
      // Nothing settles this but its signal.
      run: (_, { signal }) =>
        new Promise<never>(() => {
          signal.addEventListener('abort', () => {
            stoppedWith = signal.reason;
          });
        }),
    });
    const failing = defineStep({
      name: 'failing',
      needs: {},
      run: async () => {
        throw new Error('failing failed');
      },
    });
    await expect(runSteps([waiting, failing], options([]))).rejects.toThrow('failing failed');
    expect(stoppedWith).toBeInstanceOf(Error);
  });

  it('collects the files of every step whose result has them, in declaration order, and hands them to a step that needs them all', async () => {
    const file = (path: string) => ({ path, bytes: 1 });
    const one = defineStep({ name: 'one', needs: {}, run: () => ({ files: [file('a.html')] }) });
    const none = defineStep({ name: 'none', needs: {}, run: () => ({ count: 3 }) });
    const two = defineStep({ name: 'two', needs: { one }, run: () => ({ files: [file('b.xml'), file('c.txt')] }) });
    const listing = defineStep({
      name: 'listing',
      needs: {},
      needsFiles: true,
      run: (_, { files }) => ({ files: [file(`list-of-${files.map((seen) => seen.path).join('+')}`)] }),
    });
    const { results } = await runSteps([one, none, two, listing], options([]));
    expect(results.files.map((seen) => seen.path)).toEqual(['a.html', 'b.xml', 'c.txt', 'list-of-a.html+b.xml+c.txt']);
  });

  it('tells of each step once it has made its result, before the steps that need it run, and never of one that failed', async () => {
    const told: string[] = [];
    const first = defineStep({ name: 'first', needs: {}, run: () => 1 });
    const second = defineStep({ name: 'second', needs: { first }, run: () => told.length });
    const failing = defineStep({
      name: 'failing',
      needs: { second },
      run: () => {
        throw new Error('failing failed');
      },
    });
    const finished = (step: { name: string }) => told.push(step.name);
    const run = runSteps([first, second, failing], { ...options([]), finished });
    await expect(run).rejects.toThrow('failing failed');
    expect(told).toEqual(['first', 'second']);
    const { results } = await runSteps([first, second], { ...options([]), finished });
    // The step that needs `first` ran after it was told of.
    expect(results.of(second)).toBe(3);
  });

  it('refuses a step list with a step before what it needs, or a name twice', () => {
    const one = defineStep({ name: 'one', needs: {}, run: () => 1 });
    const two = defineStep({ name: 'two', needs: { one }, run: ({ one }) => one + 1 });
    expect(() => stepNames([two, one])).toThrow('Step "two" needs "one" (as one), which is not declared before it.');
    expect(() => stepNames([one, defineStep({ name: 'one', needs: {}, run: () => 2 })])).toThrow('Step "one" is declared twice.');
    expect(stepNames([one, two])).toEqual(['one', 'two']);
  });

  it("gives a step its own last result, typed, when its inputs change under a memo (the dev server's)", async () => {
    const seen: (number | undefined)[] = [];
    const memo = new StepMemo();
    let saves = 0;
    const source = defineStep({ name: 'source', needs: {}, run: () => ({ save: ++saves }) });
    const counter = defineStep({
      name: 'counter',
      needs: { source },
      run: (_, context): { count: number } => {
        const last = previousOf(context, counter);
        seen.push(last?.count);
        return { count: (last?.count ?? 0) + 1 };
      },
    });
    for (let run = 0; run < 3; run += 1) {
      // A save: the source is read again, and makes something new.
      memo.forget('source');
      await runSteps([source, counter], { ...options([]), memo });
    }
    expect(seen).toEqual([undefined, 1, 2]);
  });
});

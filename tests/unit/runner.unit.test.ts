import { describe, expect, it } from 'vitest';
import { runSteps, Steps } from '../../generator/runner';

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const options = (lines: string[]) => ({ log: (line: string) => lines.push(line.trim().split(/\s+/)[1] ?? ''), stepTimeoutMs: 5_000 });

describe('the step runner', () => {
  it("starts a step once what it needs is made, before an earlier step's line is printed, and prints the lines in declaration order", async () => {
    // "slow" ends only once "after" has started: were "after" held back until "slow" was reported, neither would end.
    const afterStarted = deferred();
    const started: string[] = [];
    const steps = new Steps()
      .add('slow', [], async () => {
        started.push('slow');
        await afterStarted.promise;
        return 'slow';
      })
      .add('fast', [], () => {
        started.push('fast');
        return 'fast';
      })
      .add('after', ['fast'], ({ fast }) => {
        started.push('after');
        afterStarted.resolve();
        return `${fast} then after`;
      });
    const lines: string[] = [];
    const { results, timings } = await runSteps(steps, options(lines));
    expect(started).toEqual(['slow', 'fast', 'after']);
    expect(results).toEqual({ slow: 'slow', fast: 'fast', after: 'fast then after' });
    expect(lines).toEqual(['slow', 'fast', 'after']);
    expect(timings.map((timing) => timing.step)).toEqual(['slow', 'fast', 'after']);
  });

  it('reports the failure of the earliest declared step, though a later one failed first, and never starts what needs a failed step', async () => {
    const laterFailed = deferred();
    let ranDependent = false;
    const steps = new Steps()
      .add('first', [], async () => {
        await laterFailed.promise;
        throw new Error('first failed');
      })
      .add('second', [], async () => {
        laterFailed.resolve();
        throw new Error('second failed');
      })
      .add('third', ['second'], () => {
        ranDependent = true;
        return 'third';
      });
    await expect(runSteps(steps, options([]))).rejects.toThrow('first failed');
    expect(ranDependent).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { runQueue } from '../../generator/queue';

/** A task per item that waits until the test lets it finish, and counts how many run at once. */
function gatedTasks() {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const gates = new Map<number, () => void>();
  const task = (item: number) =>
    new Promise<number>((resolve) => {
      running += 1;
      most = Math.max(most, running);
      started.push(item);
      gates.set(item, () => {
        running -= 1;
        resolve(item * 10);
      });
    });
  /** Lets every started task finish, one microtask turn at a time, until none is waiting. */
  const drain = async () => {
    while (gates.size > 0) {
      for (const [item, open] of [...gates]) {
        gates.delete(item);
        open();
      }
      await new Promise((settle) => setImmediate(settle));
    }
  };
  return { task, drain, started, gates, most: () => most };
}

describe('the bounded queue', () => {
  it.each([1, 2, 4])('never runs more than %i tasks at once, and returns the results in the items’ order', async (width) => {
    const items = Array.from({ length: 25 }, (_, index) => index);
    const gated = gatedTasks();
    const counts: number[] = [];
    const queued = runQueue(items, { width, done: (count) => counts.push(count) }, gated.task);
    await new Promise((settle) => setImmediate(settle));
    // Before any finishes, exactly the first `width` have started.
    expect(gated.started).toEqual(items.slice(0, width));
    await gated.drain();
    expect(await queued).toEqual(items.map((item) => item * 10));
    expect(gated.most()).toBe(width);
    expect(counts).toEqual(items.map((_, index) => index + 1));
  });

  it('takes no more items once its signal is aborted, and rejects with its reason at once', async () => {
    const controller = new AbortController();
    const gated = gatedTasks();
    const queued = runQueue(
      Array.from({ length: 10 }, (_, index) => index),
      { width: 2, signal: controller.signal },
      gated.task,
    );
    await new Promise((settle) => setImmediate(settle));
    controller.abort(new Error('the step ran out of time'));
    // Rejected while both started tasks are still at work.
    await expect(queued).rejects.toThrow('the step ran out of time');
    expect(gated.gates.size).toBe(2);
    await gated.drain();
    expect(gated.started).toEqual([0, 1]);
  });

  it('stops at the first failing task, and starts none after it', async () => {
    const started: number[] = [];
    const queued = runQueue([0, 1, 2, 3, 4, 5], { width: 1 }, async (item) => {
      started.push(item);
      if (item === 2) throw new Error(`item ${item} failed`);
      return item;
    });
    await expect(queued).rejects.toThrow('item 2 failed');
    expect(started).toEqual([0, 1, 2]);
  });

  it('answers an empty list, and refuses a width that is not a whole number of at least 1', async () => {
    expect(await runQueue([], { width: 3 }, () => 1)).toEqual([]);
    expect(() => runQueue([1], { width: 0 }, () => 1)).toThrow('whole number of at least 1');
  });
});

/**
 * The one way per-entry and per-image work runs: a queue of fixed width, so that memory holds `width` items' work whatever the
 * site's size. Stopped (an abort, a failure), it rejects at once: work started is its task's to stop (the image service's process).
 */

export interface QueueOptions {
  /** Items at work at once. */
  width: number;
  /** Aborted (a time limit, another step's failure): nothing more starts. */
  signal?: AbortSignal | undefined;
  /** After each item: how many are done. */
  done?: ((count: number) => void) | undefined;
}

/** Each item's result, in the items' order, whatever order they finish in. */
export function runQueue<T, R>(
  items: readonly T[],
  { width, signal, done }: QueueOptions,
  task: (item: T, index: number) => Promise<R> | R,
): Promise<R[]> {
  if (!Number.isInteger(width) || width < 1) throw new Error(`A queue's width is a whole number of at least 1, not ${width}.`);
  return new Promise<R[]>((resolve, reject) => {
    const results: R[] = new Array(items.length);
    let next = 0;
    let running = 0;
    let finished = 0;
    let stopped = false;
    const end = (settle: () => void) => {
      if (stopped) return;
      stopped = true;
      signal?.removeEventListener('abort', aborted);
      settle();
    };
    const stop = (error: unknown) => end(() => reject(error));
    const aborted = () => stop(signal?.reason);
    const fill = () => {
      while (!stopped && running < width && next < items.length) {
        const index = next++;
        running += 1;
        // A task that throws at once fails the queue as one that rejects does.
        Promise.resolve()
          .then(() => task(items[index] as T, index))
          .then(
            (result) => {
              running -= 1;
              if (stopped) return;
              results[index] = result;
              finished += 1;
              done?.(finished);
              if (finished === items.length) end(() => resolve(results));
              else fill();
            },
            (error: unknown) => {
              running -= 1;
              stop(error);
            },
          );
      }
    };
    if (signal?.aborted) return stop(signal.reason);
    signal?.addEventListener('abort', aborted, { once: true });
    if (items.length === 0) return end(() => resolve(results));
    fill();
  });
}

/** A long step is never silent: after a second its count shows ("images 12/40"), in place on a terminal, else every few seconds. */

export interface ProgressReporter {
  started: (label: string) => void;
  progress: (label: string, done: number, total: number) => void;
  finished: (label: string) => void;
  /** Prints a line of its own (a step's ✓), clear of the line that updates in place. */
  log: (line: string) => void;
  /** Stops its timer and clears its line. */
  close: () => void;
}

export interface ProgressOptions {
  write: (text: string) => void;
  /** A terminal: one line, redrawn in place. */
  tty: boolean;
  /** Without a terminal, at most a line this often. */
  everyMs?: number;
  now?: () => number;
}

const count = (value: number) => value.toLocaleString('en-US');

/** A step shows its progress once it has run this long. */
const AFTER_MS = 1_000;

export function progressReporter({ write, tty, everyMs = 5_000, now = () => performance.now() }: ProgressOptions): ProgressReporter {
  const steps = new Map<string, { since: number; done?: number; total?: number }>();
  let shown = '';
  let lastPrinted = Number.NEGATIVE_INFINITY;
  const line = () =>
    [...steps]
      .filter(([, step]) => step.total !== undefined && now() - step.since >= AFTER_MS)
      .map(([label, step]) => `${label} ${count(step.done ?? 0)}/${count(step.total ?? 0)}`)
      .join(' · ');
  const clear = () => {
    if (tty && shown) write('\r\u001b[K');
    shown = '';
  };
  const update = () => {
    const text = line();
    if (tty) {
      if (text === shown) return;
      clear();
      if (text) write(text);
      shown = text;
    } else if (text && now() - lastPrinted >= everyMs) {
      write(`  … ${text}\n`);
      lastPrinted = now();
    }
  };
  // A step whose count has not moved still shows once its second has passed.
  const timer = setInterval(update, AFTER_MS);
  timer.unref();
  return {
    started: (label) => steps.set(label, { since: now() }),
    progress(label, done, total) {
      const step = steps.get(label);
      if (!step) return;
      step.done = done;
      step.total = total;
      update();
    },
    finished(label) {
      steps.delete(label);
      if (tty) update();
    },
    log(text) {
      clear();
      write(`${text}\n`);
      if (tty) update();
    },
    close() {
      clearInterval(timer);
      clear();
    },
  };
}

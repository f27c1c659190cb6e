/**
 * The test run's own progress line (tests/support/progress-reporter.ts), driven through vitest's reporter hooks with files
 * that are no files, a stream that is a list and a clock the test moves: what it prints, and how often.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import FilesDone from '../support/progress-reporter';

const EVERY_MS = 10_000;
const stdoutTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');

/** A run of `files` test files, its output as vitest's logger would write it, on a standard output that is a terminal or not. */
function run(files: number, { tty, ci }: { tty: boolean; ci: boolean }) {
  Object.defineProperty(process.stdout, 'isTTY', { value: tty, configurable: true, writable: true });
  vi.stubEnv('CI', ci ? 'true' : '');
  const written: string[] = [];
  const reporter = new FilesDone();
  reporter.onInit({ logger: { outputStream: { write: (text: string) => written.push(text) } } } as unknown as Vitest);
  reporter.onTestRunStart(Array.from({ length: files }, () => ({}) as TestSpecification));
  const filesDone = (count: number) => {
    for (let file = 0; file < count; file += 1) reporter.onTestModuleEnd();
  };
  return { reporter, written, filesDone };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  if (stdoutTTY) Object.defineProperty(process.stdout, 'isTTY', stdoutTTY);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});

describe('the count of test files done', () => {
  it.each([
    ['in a pipe or a log file', { tty: false, ci: false }],
    ['in CI, even on a terminal', { tty: true, ci: true }],
  ])('%s: files done of all, a line at most every 10 s, and none once the run ends', (_where, output) => {
    const { reporter, written, filesDone } = run(5, output);
    // A step shows once it has run a second (generator/progress.ts): a file done at once prints nothing yet.
    filesDone(1);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(written).toEqual(['  … test files 1/5\n']);
    // Files done within the interval change no line; the count shows, moved or not, once the interval has passed.
    filesDone(2);
    vi.advanceTimersByTime(EVERY_MS - 1);
    expect(written).toEqual(['  … test files 1/5\n']);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['  … test files 1/5\n', '  … test files 3/5\n']);
    vi.advanceTimersByTime(EVERY_MS);
    expect(written.at(-1)).toBe('  … test files 3/5\n');
    // The last files, then the end: vitest's summary follows, and nothing of this reporter's comes after it.
    filesDone(2);
    reporter.onTestRunEnd();
    vi.advanceTimersByTime(6 * EVERY_MS);
    expect(written).toEqual(['  … test files 1/5\n', '  … test files 3/5\n', '  … test files 3/5\n']);
    expect(written.join('')).not.toContain('\r');
  });

  it('on a terminal, outside CI, is left to vitest’s summary, which shows it there', () => {
    const { reporter, written, filesDone } = run(3, { tty: true, ci: false });
    filesDone(1);
    vi.advanceTimersByTime(2 * EVERY_MS);
    filesDone(2);
    reporter.onTestRunEnd();
    expect(written).toEqual([]);
  });
});

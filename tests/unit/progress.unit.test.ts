import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../generator/progress';

/** A reporter on a clock the test moves, writing into a list. */
function reporter(tty: boolean) {
  let clock = 0;
  const written: string[] = [];
  const progress = progressReporter({ write: (text) => written.push(text), tty, now: () => clock });
  return {
    progress,
    written,
    at: (ms: number) => {
      clock = ms;
    },
  };
}

describe('the progress line', () => {
  it('says nothing of a step in its first second, then its count, in place on a terminal', () => {
    const { progress, written, at } = reporter(true);
    progress.started('images');
    progress.progress('images', 3, 40);
    at(999);
    progress.progress('images', 4, 40);
    expect(written).toEqual([]);
    at(1_000);
    progress.progress('images', 12, 40);
    progress.started('share images');
    at(2_100);
    progress.progress('share images', 300, 1000);
    expect(written).toEqual(['images 12/40', '\r\u001b[K', 'images 12/40 · share images 300/1,000']);
    progress.close();
  });

  it('keeps a logged line clear of the line it redraws, and clears it when a step ends', () => {
    const { progress, written, at } = reporter(true);
    progress.started('images');
    at(1_500);
    progress.progress('images', 1, 2);
    progress.log('  ✓ brand   12 ms');
    progress.finished('images');
    expect(written).toEqual(['images 1/2', '\r\u001b[K', '  ✓ brand   12 ms\n', 'images 1/2', '\r\u001b[K']);
    progress.close();
  });

  it('prints plain lines, at most one every five seconds, without a terminal', () => {
    const { progress, written, at } = reporter(false);
    progress.started('share images');
    at(1_000);
    progress.progress('share images', 10, 1000);
    at(3_000);
    progress.progress('share images', 400, 1000);
    at(6_000);
    progress.progress('share images', 900, 1000);
    expect(written).toEqual(['  … share images 10/1,000\n', '  … share images 900/1,000\n']);
    expect(written.join('')).not.toContain('\r');
    progress.close();
  });
});

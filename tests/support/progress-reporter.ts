/**
 * How far `npm test` is, beside vitest's own report: "… test files 37/98". On a terminal vitest's summary shows the count
 * already; anywhere else (CI, a pipe, a log file) it says nothing until the end, so a line comes at most every 10 s, as a
 * build's long steps show theirs (generator/progress.ts).
 */
import type { Reporter, TestSpecification, Vitest } from 'vitest/node';
import { type ProgressReporter, progressReporter } from '../../generator/progress';

const LABEL = 'test files';

export default class FilesDone implements Reporter {
  #progress: ProgressReporter | undefined;
  #done = 0;
  #total = 0;

  onInit(vitest: Vitest): void {
    // Vitest's test for a terminal (its summary is drawn only there): CI counts as none.
    if (process.stdout.isTTY && !process.env.CI) return;
    const output = vitest.logger.outputStream;
    this.#progress = progressReporter({ write: (text) => output.write(text), tty: false, everyMs: 10_000 });
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    // A file runs once in each project that includes it (the engine tests in three): each run counts.
    this.#done = 0;
    this.#total = specifications.length;
    this.#progress?.started(LABEL);
    this.#progress?.progress(LABEL, 0, this.#total);
  }

  onTestModuleEnd(): void {
    this.#done += 1;
    this.#progress?.progress(LABEL, this.#done, this.#total);
  }

  onTestRunEnd(): void {
    this.#progress?.finished(LABEL);
    this.#progress?.close();
  }
}

/** Sass in a worker thread of its own (steps/sass.mjs): a dev session keeps it warm, a fifth of a cold compiler's time. */
import { Worker } from 'node:worker_threads';

export type Answer = { css: string; files: string[] } | { error: { message: string; file: string; line?: number; column?: number } };

/** One Sass worker, started on the first compile and kept until closed. */
export class StylesCompiler {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly root: string) {}

  /** One at a time: the worker answers in order. */
  compile(entry: string): Promise<Answer> {
    const answer = this.queue.then(() => this.ask(entry));
    this.queue = answer.catch(() => {});
    return answer;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private ask(entry: string): Promise<Answer> {
    this.worker ??= new Worker(new URL('./steps/sass.mjs', import.meta.url), { workerData: { root: this.root } });
    const worker = this.worker;
    // Busy, it keeps the process alive; idle, it must not.
    worker.ref();
    return new Promise<Answer>((resolve, reject) => {
      const stopped = (error: Error) => {
        worker.off('message', answered);
        if (this.worker === worker) this.worker = undefined;
        reject(error);
      };
      const exited = (code: number) => stopped(new Error(`The Sass compiler stopped (exit code ${code}) before it answered.`));
      const answered = (answer: Answer) => {
        worker.off('error', stopped).off('exit', exited).unref();
        resolve(answer);
      };
      worker.once('message', answered).once('error', stopped).once('exit', exited);
      worker.postMessage(entry);
    });
  }
}

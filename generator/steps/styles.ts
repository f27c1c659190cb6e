import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { hashParts, lookup, packageVersion, store } from '../cache.mjs';
import { BuildError } from '../failure';

export interface Styles {
  css: string;
  reads: string[];
}

type Answer = { css: string; files: string[] } | { error: { message: string; file: string; line?: number; column?: number } };

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
    this.worker ??= new Worker(new URL('./sass.mjs', import.meta.url), { workerData: { root: this.root } });
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

export async function compileStyles(root: string, entry: string, compiler: StylesCompiler): Promise<Styles> {
  const key = hashParts(['css v3', packageVersion(root, 'sass'), entry]);
  const hit = lookup(root, 'styles', key);
  if (hit) return { css: hit.output.toString('utf8'), reads: hit.inputs };
  const answer = await compiler.compile(entry);
  if ('error' in answer) {
    const { message, file, line, column } = answer.error;
    const relative = path.relative(root, file);
    throw new BuildError(`SCSS error in ${relative}${line ? `:${line}:${column}` : ''}: ${message}`, { file: relative });
  }
  const reads = answer.files.map((file) => path.relative(root, file));
  // The compiler's options shape the CSS too.
  const code = [fileURLToPath(import.meta.url), fileURLToPath(new URL('./sass.mjs', import.meta.url))];
  store(root, 'styles', key, { output: answer.css, inputs: [...reads, ...code], extension: 'css' });
  return { css: answer.css, reads };
}

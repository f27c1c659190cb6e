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

export async function compileStyles(root: string, entry: string): Promise<Styles> {
  const key = hashParts(['css v3', packageVersion(root, 'sass'), entry]);
  const hit = lookup(root, 'styles', key);
  if (hit) return { css: hit.output.toString('utf8'), reads: hit.inputs };
  const answer = await new Promise<Answer>((resolve, reject) => {
    const worker = new Worker(new URL('./sass.mjs', import.meta.url), { workerData: { root, entry } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The Sass compiler stopped (exit code ${code}) before it answered.`)));
  });
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

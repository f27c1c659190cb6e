/** The site's stylesheet, compiled by Sass (styles-compiler.ts): a mistake names its file, line and column. */
import path from 'node:path';
import { entryKey, lookupBytes, store } from '../cache.mjs';
import { BuildError } from '../failure';
import type { StylesCompiler } from '../styles-compiler';
import { config } from './config';
import { defineStep } from './step';

export interface Styles {
  css: string;
  reads: string[];
}

export async function compileStyles(root: string, entry: string, compiler: StylesCompiler): Promise<Styles> {
  const key = entryKey(root, 'styles', [entry]);
  const hit = lookupBytes(root, 'styles', key);
  if (hit) return { css: hit.output.toString('utf8'), reads: hit.inputs };
  const answer = await compiler.compile(entry);
  if ('error' in answer) {
    const { message, file, line, column } = answer.error;
    const relative = path.relative(root, file);
    throw new BuildError(`SCSS error in ${relative}${line ? `:${line}:${column}` : ''}: ${message}`, { file: relative });
  }
  const reads = answer.files.map((file) => path.relative(root, file));
  store(root, 'styles', key, { output: answer.css, inputs: reads, extension: 'css' });
  return { css: answer.css, reads };
}

export const styles = defineStep({
  name: 'styles',
  needs: { config },
  run: ({ config }, { build }) => compileStyles(build.options.root, config.site.styles, build.styles),
});

/** The site's stylesheet, compiled by Sass (styles-compiler.ts): a mistake names its file, line and column. */
import path from 'node:path';
import { entryKey, fileClock, lookupBytes, store } from '../cache.mjs';
import { type CssReading, readCss } from '../css';
import { BuildError } from '../failure';
import type { StylesCompiler } from '../styles-compiler';
import { config } from './config';
import { defineStep } from './step';

export interface Styles {
  css: string;
  /** Read once, here, and kept with it: the pruner, the font and the link check take it from this. */
  reading: CssReading;
  reads: string[];
}

export async function compileStyles(root: string, entry: string, compiler: StylesCompiler): Promise<Styles> {
  const key = entryKey(root, 'styles', [entry]);
  const hit = lookupBytes(root, 'styles', key);
  if (hit) return { css: hit.output.toString('utf8'), reading: hit.meta as CssReading, reads: hit.inputs };
  const readFrom = fileClock(root);
  const answer = await compiler.compile(entry);
  if ('error' in answer) {
    const { message, file, line, column } = answer.error;
    const relative = path.relative(root, file);
    throw new BuildError(`SCSS error in ${relative}${line ? `:${line}:${column}` : ''}: ${message}`, { file: relative });
  }
  const reads = answer.files.map((file) => path.relative(root, file));
  const reading = readCss(answer.css);
  store(root, 'styles', key, { output: answer.css, inputs: reads, readFrom, meta: reading, extension: 'css' });
  return { css: answer.css, reading, reads };
}

export const styles = defineStep({
  name: 'styles',
  needs: { config },
  run: ({ config }, { build }) => compileStyles(build.options.root, config.site.styles, build.styles),
});

/**
 * Turning failures into messages people can act on: the file and line, the route when there is
 * one, and the cause in one sentence. Shared by `npm run build` and the dev server.
 */
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { BuildError } from './context';

/**
 * True for a BuildError from any copy of the class: the render workers load their own bundle,
 * which carries its own BuildError.
 */
export function isBuildError(error: unknown): error is BuildError {
  return error instanceof Error && error.name === 'BuildError';
}

/**
 * Where in the project an error comes from, relative to root: the "file:line" header Node puts on a
 * module linking error (an import of a name the module does not export), else the first stack
 * frame outside node_modules as "file:line:column".
 */
export function projectFrame(error: unknown, root: string): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  const header = /^(?:file:\/\/)?(\/[^\n]+?):(\d+)\n/.exec(error.stack);
  if (header?.[1]?.startsWith(root + path.sep)) return `${path.relative(root, decodeURI(header[1]))}:${header[2]}`;
  for (const match of error.stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]+):(\d+):(\d+)\)?/g)) {
    const file = decodeURI((match[1] ?? '').replace(/^file:\/\//, ''));
    if (file.includes('/node_modules/') || !file.startsWith(root + path.sep)) continue;
    return `${path.relative(root, file)}:${match[2]}:${match[3]}`;
  }
  return undefined;
}

/** An esbuild failure (syntax error, unresolved import, missing export) as a BuildError naming file:line:column. */
export function compileError(error: unknown, root: string): BuildError | undefined {
  const errors = (error as Partial<esbuild.BuildFailure> | undefined)?.errors;
  const first = errors?.[0];
  if (!first) return undefined;
  const file = first.location ? path.relative(root, path.resolve(root, first.location.file)) : undefined;
  const where = first.location && file ? `${file}:${first.location.line}:${first.location.column + 1}` : 'the site code';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
  return new BuildError(`Cannot compile ${where}: ${first.text}${more}`, { ...(file ? { file } : {}), cause: error });
}

/** An error thrown while the site's modules were evaluated (a content file that throws at import time). */
export function evaluationError(error: unknown, root: string): BuildError {
  const where = projectFrame(error, root);
  const cause = error instanceof Error ? error.message : String(error);
  return new BuildError(`Loading the site's code failed${where ? ` at ${where}` : ''}: ${cause}`, {
    ...(where ? { file: where.replace(/(:\d+){1,2}$/, '') } : {}),
    cause: error,
  });
}

/** A failure as the build and the dev server report it. */
export interface DescribedError {
  message: string;
  file?: string;
  route?: string;
  /** Only for unexpected errors (bugs in the generator), never on its own. */
  stack?: string;
}

/**
 * One failure as people read it: the sentence, with the file and the route when they are known;
 * for an unexpected error (a bug rather than a mistake in the site) the stack follows, so whoever
 * fixes the generator can find it.
 */
export function describeError(error: unknown, root: string): DescribedError {
  if (isBuildError(error)) {
    return { message: error.message, ...(error.file ? { file: error.file } : {}), ...(error.route ? { route: error.route } : {}) };
  }
  const where = projectFrame(error, root);
  const cause = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack?.split('\n').slice(1).join('\n') : undefined;
  return {
    message: `Unexpected error${where ? ` at ${where}` : ''}: ${cause}`,
    ...(stack ? { stack } : {}),
  };
}

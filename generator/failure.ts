/** The one failure, thrown and carried as data; it imports nothing of the generator, so that all of it may import this. */
import path from 'node:path';

export interface Failure {
  message: string;
  /** Relative to the project root. */
  file?: string;
  /** Canonical ("/about-us/"). */
  route?: string;
  /** Only for unexpected errors (bugs in the generator). */
  stack?: string;
}

export class BuildError extends Error {
  readonly file: string | undefined;
  readonly route: string | undefined;

  constructor(message: string, details: { file?: string | undefined; route?: string | undefined; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.name = 'BuildError';
    this.file = details.file;
    this.route = details.route;
  }
}

/** By name, not instanceof: each render worker's bundle carries its own copy of the class. */
export function isBuildError(error: unknown): error is BuildError {
  return error instanceof Error && error.name === 'BuildError';
}

/** An unexpected error (a bug, not a mistake in the site) keeps its place and stack, for whoever fixes the generator. */
export function failureOf(error: unknown, root: string): Failure {
  const known = isBuildError(error) ? error : diskFull(error);
  if (known) return compact({ message: known.message, file: known.file, route: known.route });
  const where = projectFrame(error, root);
  const stack = error instanceof Error ? error.stack?.split('\n').slice(1).join('\n') : undefined;
  return compact({ message: `Unexpected error${where ? ` at ${where}` : ''}: ${messageOf(error)}`, stack });
}

/** `what` failed: at the first frame of the project's own code, whose file it names. */
export function failedAt(what: string, error: unknown, root: string): BuildError {
  const where = projectFrame(error, root);
  return new BuildError(`${what}${where ? ` at ${where}` : ''}: ${messageOf(error)}`, { file: fileOf(where), cause: error });
}

export function errorOf(failure: Failure): BuildError {
  const cause = failure.stack ? Object.assign(new Error(failure.message), { stack: failure.stack }) : undefined;
  return new BuildError(failure.message, { file: failure.file, route: failure.route, cause });
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A module linking error names its place in a header of its own; else the first stack frame of the project's own code. */
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

/** Nothing where there is nothing (ENOENT); any other failure is thrown. */
export function unlessMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}

export function fileOf(place: string | undefined): string | undefined {
  return place?.replace(/(:\d+){1,2}$/, '');
}

function compact({ message, file, route, stack }: Failure): Failure {
  return { message, ...(file ? { file } : {}), ...(route ? { route } : {}), ...(stack ? { stack } : {}) };
}

/** Whatever was being written when the disk filled: said so, never as a page's fault. */
export function diskFull(error: unknown, target?: string): BuildError | undefined {
  const { code, path: at, dest } = (error ?? {}) as NodeJS.ErrnoException & { dest?: string };
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return undefined;
  const place = target ?? dest ?? at;
  const relative = place && path.relative(process.cwd(), place);
  const shown = !place ? 'the output' : relative && !relative.startsWith('..') ? relative : place;
  return new BuildError(`The disk is full at ${shown}: free some space and build again.`, { cause: error });
}

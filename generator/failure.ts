/**
 * The one failure of the generator, in two forms: BuildError, thrown, and Failure, the plain data
 * that the terminal prints, the dev overlay shows, `--json` writes and a render worker sends. It
 * imports nothing from the generator, so that every part of it may import this.
 */
import path from 'node:path';

/** A failure as data: the sentence, with the file and the route when they are known. */
export interface Failure {
  message: string;
  /** The file to open, relative to the project root. */
  file?: string;
  /** The page's canonical path ("/about-us/"), for a failure of one page. */
  route?: string;
  /** Only for unexpected errors (bugs in the generator), never on its own. */
  stack?: string;
}

/** A failure the person running the build can act on: it names the file, the route and the cause. */
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

/**
 * True for a BuildError from any copy of the class: the render workers load their own bundle,
 * which carries its own BuildError.
 */
export function isBuildError(error: unknown): error is BuildError {
  return error instanceof Error && error.name === 'BuildError';
}

/**
 * Any error as a Failure: a BuildError as it is; an unexpected error (a bug rather than a mistake
 * in the site) as "Unexpected error at <file:line>" with its stack, so that whoever fixes the
 * generator can find it.
 */
export function failureOf(error: unknown, root: string): Failure {
  if (isBuildError(error)) return compact({ message: error.message, file: error.file, route: error.route });
  const where = projectFrame(error, root);
  const stack = error instanceof Error ? error.stack?.split('\n').slice(1).join('\n') : undefined;
  return compact({ message: `Unexpected error${where ? ` at ${where}` : ''}: ${messageOf(error)}`, stack });
}

/** A Failure thrown again as a BuildError (a render worker's, on the main thread); its stack, if any, as the cause. */
export function errorOf(failure: Failure): BuildError {
  const cause = failure.stack ? Object.assign(new Error(failure.message), { stack: failure.stack }) : undefined;
  return new BuildError(failure.message, { file: failure.file, route: failure.route, cause });
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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

/** The file of a "file:line" or "file:line:column" place. */
export function fileOf(place: string | undefined): string | undefined {
  return place?.replace(/(:\d+){1,2}$/, '');
}

/** A Failure without the fields that are unset or empty, as JSON and the worker messages carry it. */
function compact({ message, file, route, stack }: Failure): Failure {
  return { message, ...(file ? { file } : {}), ...(route ? { route } : {}), ...(stack ? { stack } : {}) };
}

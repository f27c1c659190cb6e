import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Sass from 'sass';
import { hashParts, lookup, packageVersion, store } from '../cache.mjs';
import { BuildError } from '../failure';

export const STYLES_ENTRY = 'styles/main.scss';

/**
 * Compiles styles/ (compressed, no source map) for the font step, which reads the weights,
 * features and generated text it uses, and the stylesheet step, which puts it in the pages. Sass,
 * the largest fixed cost of a build, loads only when the cache has no stylesheet compiled from
 * these very partials (every file the last compile read, byte for byte).
 */
export async function compileStyles(root: string): Promise<string> {
  const require = createRequire(path.join(root, 'package.json'));
  const sassVersion = packageVersion(root, 'sass');
  const key = hashParts(['css v2', sassVersion, STYLES_ENTRY]);
  let css = lookup(root, 'styles', key)?.output.toString('utf8');
  if (css === undefined) {
    const { css: compiled, loadedUrls } = compile(root, require('sass') as typeof Sass);
    css = compiled;
    store(root, 'styles', key, {
      output: css,
      inputs: loadedUrls.filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url)),
      extension: 'css',
    });
  }
  return css;
}

function compile(root: string, sass: typeof Sass): Sass.CompileResult {
  const entry = path.join(root, STYLES_ENTRY);
  try {
    // No byte-order mark or @charset: the stylesheet goes inside pages that are UTF-8 already.
    return sass.compile(entry, { style: 'compressed', sourceMap: false, charset: false });
  } catch (error) {
    throw sassError(error, sass, root, entry);
  }
}

function sassError(error: unknown, sass: typeof Sass, root: string, entry: string): BuildError {
  if (error instanceof sass.Exception) {
    const url = error.span.url ?? pathToFileURL(entry);
    const file = path.relative(root, url.protocol === 'file:' ? fileURLToPath(url) : entry);
    const where = `${file}:${error.span.start.line + 1}:${error.span.start.column + 1}`;
    // Only the message: a sass exception holds the compiler's whole state, too much to carry along.
    return new BuildError(`SCSS error in ${where}: ${error.sassMessage}`, { file });
  }
  const file = path.relative(root, entry);
  return new BuildError(`SCSS could not be compiled from ${file}: ${String(error)}`, { file });
}

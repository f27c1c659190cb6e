import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as Sass from 'sass';
import { hashParts, lookup, packageVersion, store } from '../cache.mjs';
import { BuildError } from '../failure';
import { rootsOf } from '../sources';

export const STYLES_ENTRY = 'styles/main.scss';

const run = promisify(execFile);

/**
 * Dart Sass compiled to native code for this platform (`optionalDependencies`; npm installs it only
 * where its os, cpu and libc fields match). It must be the very version of the `sass` package, so
 * that every machine writes the same CSS.
 */
export const NATIVE_SASS = 'sass-embedded-linux-x64';

/**
 * Compiles styles/ (compressed, no source map) for the font step, which reads the weights,
 * features and generated text it uses, and the stylesheet step, which puts it in the pages. Only
 * when the cache has no stylesheet compiled from these very partials: with Dart Sass's native
 * executable where it is installed (a process that starts and compiles in about 50 ms), else with
 * the `sass` package, Dart Sass compiled to JavaScript, which takes about 0.45 s to load and
 * compile the first time.
 */
export async function compileStyles(root: string): Promise<string> {
  const sassVersion = packageVersion(root, 'sass');
  const key = hashParts(['css v2', sassVersion, STYLES_ENTRY]);
  const cached = lookup(root, 'styles', key);
  if (cached) return cached.output.toString('utf8');
  const css = (await compileNative(root)) ?? compile(root);
  store(root, 'styles', key, { output: css, inputs: await styleInputs(root), extension: 'css' });
  return css;
}

/**
 * Every file a compile may read: each stylesheet (.scss, .sass, .css) under the folders of the
 * `styles` sources (generator/sources.ts), whether the entry uses it or not. The native compiler
 * does not say which files it loaded, and this set, a superset of those the styles sources name, is
 * also what the dev server watches; a file the stylesheet imports from elsewhere belongs in them.
 */
export async function styleInputs(root: string): Promise<string[]> {
  const folders = new Set(rootsOf('styles'));
  const files: string[] = [];
  for (const folder of folders) {
    const names = await readdir(path.join(root, folder), { recursive: true }).catch(() => []);
    for (const name of names) if (/\.(?:scss|sass|css)$/.test(name)) files.push(path.join(folder, name));
  }
  return files.sort();
}

/**
 * The CSS from Dart Sass's native executable, or undefined when it is not installed, is another
 * version than the `sass` package, or fails: the `sass` package then compiles, and on an error in
 * the styles throws the structured exception that names the file and line (errors are rare; the
 * message is then the same on every platform).
 */
export async function compileNative(root: string): Promise<string | undefined> {
  try {
    const manifest = createRequire(path.join(root, 'package.json')).resolve(`${NATIVE_SASS}/package.json`);
    if (JSON.parse(await readFile(manifest, 'utf8')).version !== packageVersion(root, 'sass')) return undefined;
    const folder = path.join(path.dirname(manifest), 'dart-sass', 'src');
    // The Dart runtime and the compiler's snapshot, as the package's `sass` shell script runs them.
    const args = [path.join(folder, 'sass.snapshot'), '--style=compressed', '--no-source-map', '--no-charset', '--no-error-css'];
    const compiled = await run(path.join(folder, 'dart'), [...args, path.join(root, STYLES_ENTRY)], { maxBuffer: 64 * 1024 * 1024 });
    // Warnings (@warn, deprecations), as the JavaScript compiler prints them.
    if (compiled.stderr) process.stderr.write(compiled.stderr);
    // The executable ends the CSS with a line break; the JavaScript API does not.
    return compiled.stdout.replace(/\n$/, '');
  } catch {
    return undefined;
  }
}

/** The CSS from the `sass` package; an error in the styles throws a BuildError naming the file and line. */
export function compile(root: string): string {
  const sass = createRequire(path.join(root, 'package.json'))('sass') as typeof Sass;
  const entry = path.join(root, STYLES_ENTRY);
  try {
    // No byte-order mark or @charset: the stylesheet goes inside pages that are UTF-8 already.
    return sass.compile(entry, { style: 'compressed', sourceMap: false, charset: false }).css;
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

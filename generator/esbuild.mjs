// @ts-check
/** What the launcher and the generator share about esbuild, in plain JavaScript so that the launcher can use it before anything is compiled. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The entity decoder of the scan's HTML reader (htmlReader): bundled with it, from its ES module. */
export const HTML_DECODER = 'entities';

/**
 * The scan's HTML reader, bundled: htmlparser2's tokenizer, the one part of the package the scan
 * uses. The package's entry brings its DOM packages too, which esbuild keeps in part, and with
 * them an import of `entities` as CommonJS: some 10 ms of every render worker's start.
 * Listed before externalPackages, which would leave the package out.
 * @param {string} root
 * @returns {import('esbuild').Plugin}
 */
export function htmlReader(root) {
  // The tokenizer's ES module, beside the entry's: htmlparser2's exports name no subpath for it.
  const esmEntry = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('htmlparser2')), '..', 'esm');
  return {
    name: 'html-reader',
    setup(build) {
      build.onResolve({ filter: /^htmlparser2$/ }, () => ({ path: 'tokenizer', namespace: 'html-reader' }));
      build.onLoad({ filter: /^tokenizer$/, namespace: 'html-reader' }, () => ({
        contents: `export { default as Tokenizer } from ${JSON.stringify(path.join(esmEntry, 'Tokenizer.js'))};`,
        resolveDir: root,
      }));
    },
  };
}

/**
 * The project's own files among a bundle's inputs, which its cache entry depends on: not its
 * packages, nor what no file holds (a generated entry, a plugin's module).
 * @param {import('esbuild').Metafile} metafile
 * @param {string[]} [generated] inputs made up by the bundler's caller
 * @returns {string[]}
 */
export function projectInputs(metafile, generated = []) {
  return Object.keys(metafile.inputs).filter(
    (input) => !generated.includes(input) && !/^(?:<|[a-z-]+:)/.test(input) && !input.includes('node_modules/'),
  );
}

/**
 * Leaves the project's packages (those its package.json names) out of a bundle, as
 * `packages: 'external'` does, but imports each by the absolute URL it resolves to from the file
 * that imports it, as Node would: the bundle then runs from anywhere (the cache, or a temporary
 * folder) and loads the project's own copies of React and the rest. Only imports of those
 * packages call into JavaScript: esbuild resolves Node's own modules and the packages it bundles
 * itself, some hundred imports of a site, which cost a call each.
 * @param {string} root
 * @param {string[]} [inside] packages to bundle after all: many small modules (an icon set) load
 *   faster as part of the bundle than as files of their own
 * @returns {import('esbuild').Plugin}
 */
export function externalPackages(root, inside = []) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies }).filter(
    (name) => !inside.includes(name),
  );
  /** By folder: a package bundled after all imports its own dependencies, which may be other versions than the project's. */
  const requires = new Map();
  const requireFrom = (/** @type {string} */ folder) => {
    const known = requires.get(folder);
    if (known) return known;
    const require = createRequire(path.join(folder, 'importer.js'));
    requires.set(folder, require);
    return require;
  };
  return {
    name: 'external-packages',
    setup(build) {
      if (names.length === 0) return;
      // A Go regular expression: a package's name, alone or followed by a path inside it.
      const filter = new RegExp(`^(?:${names.map((name) => name.replace(/[.+*?^$()[\]{}|\\]/g, '\\$&')).join('|')})(?:/|$)`);
      build.onResolve({ filter }, (args) => ({
        path: pathToFileURL(requireFrom(args.resolveDir || root).resolve(args.path)).href,
        external: true,
      }));
    },
  };
}

/**
 * Why esbuild could not bundle `entry` (relative to root), in one sentence: its first error with
 * file:line:column, and that file.
 * @param {unknown} error
 * @param {string} root
 * @param {string} entry
 * @returns {{ message: string, file?: string }}
 */
export function describeCompileError(error, root, entry) {
  const errors = /** @type {{ errors?: import('esbuild').Message[] } | undefined} */ (error)?.errors;
  const first = errors?.[0];
  if (!errors || !first) return { message: `Cannot compile ${entry}: ${String(error)}`, file: entry };
  const file = first.location ? path.relative(root, path.resolve(root, first.location.file)) : undefined;
  const where = first.location && file ? `${file}:${first.location.line}:${first.location.column + 1}` : 'the site code';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
  return { message: `Cannot compile ${where}: ${first.text}${more}`, ...(file ? { file } : {}) };
}

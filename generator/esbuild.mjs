// @ts-check
/** What the launcher and the generator share about esbuild, in plain JavaScript so that the launcher can use it before anything is compiled. */
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const builtins = new Set(builtinModules);

/**
 * The scan's HTML reader: htmlparser2's tokenizer and the entity decoder. Bundled from their ES
 * modules, they load without the DOM packages htmlparser2's entry imports, which the scan never uses.
 */
export const HTML_READER = /^(?:htmlparser2|entities\/decode|dom(?:handler|utils|-serializer|elementtype))$/;

/**
 * Leaves packages out of a bundle, as `packages: 'external'` does, but imports each by the absolute
 * URL it resolves to from the project: the bundle then runs from anywhere (the cache, or a
 * temporary folder) and loads the project's own copies of React and the rest.
 * @param {string} root
 * @param {RegExp[]} [inside] packages to bundle after all: many small modules (an icon set) load
 *   faster as part of the bundle than as files of their own
 * @returns {import('esbuild').Plugin}
 */
export function externalPackages(root, inside = []) {
  const require = createRequire(path.join(root, 'package.json'));
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(args.path.split('/')[0] ?? '')) return { path: args.path, external: true };
        if (inside.some((pattern) => pattern.test(args.path))) return undefined;
        return { path: pathToFileURL(require.resolve(args.path)).href, external: true };
      });
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

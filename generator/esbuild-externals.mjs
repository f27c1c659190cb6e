// @ts-check
/**
 * An esbuild plugin that leaves packages out of a bundle, as `packages: 'external'` does, but
 * writes each import as the absolute URL of the file it resolves to from the project. The bundle
 * then runs from anywhere (the cache in node_modules/.cache/, or a temporary folder when that is
 * not writable), and loads the project's own copies of React and the rest.
 */
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const builtins = new Set(builtinModules);

/**
 * @param {string} root
 * @param {RegExp} [inside] packages to bundle after all: many small modules (an icon set) load
 *   faster as part of the bundle than as files of their own
 * @returns {import('esbuild').Plugin}
 */
export function externalPackages(root, inside) {
  const require = createRequire(path.join(root, 'package.json'));
  return {
    name: 'external-packages',
    setup(build) {
      // Anything that is not a relative or absolute path is a package (or a Node built-in).
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(args.path.split('/')[0] ?? '')) return { path: args.path, external: true };
        if (inside?.test(args.path)) return undefined;
        return { path: pathToFileURL(require.resolve(args.path)).href, external: true };
      });
    },
  };
}

// @ts-check
/** The one way code is bundled: esbuild, cached by every file it read and every package it left out. Plain JavaScript, for the launcher. */
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findManifest, hashParts, lookup, packageVersion, projectRequire, store } from './cache.mjs';

/**
 * `kind` is the cache's name for it; `key`, what the output depends on besides the files it reads; `entry`, relative to the
 * root, for messages. Returns the output, the file the cache keeps it in (if it does) and the inputs, relative to the root.
 * @param {{ root: string, kind: string, key: readonly (string | Uint8Array)[], options: import('esbuild').BuildOptions,
 *   extension: string, entry: string }} request
 */
export async function bundle({ root, kind, key, options, extension, entry }) {
  const { plugins: _plugins, ...settings } = options;
  const fullKey = hashParts([
    `${kind} v5`,
    root,
    packageVersion(root, 'esbuild'),
    process.versions.node.split('.')[0] ?? '',
    // The plugins below shape the output too.
    readFileSync(fileURLToPath(import.meta.url)),
    JSON.stringify(settings),
    ...key,
  ]);
  const hit = lookup(root, kind, fullKey);
  if (hit) return { output: hit.output, file: hit.file, inputs: hit.inputs };
  /** @type {typeof import('esbuild')} */
  const esbuild = projectRequire(root)('esbuild');
  const manifests = new Set();
  let result;
  try {
    result = await esbuild.build({
      ...options,
      plugins: [...(options.plugins ?? []), ...bundlePlugins(root, manifests)],
      absWorkingDir: root,
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
  } catch (error) {
    throw compileError(error, root, entry);
  }
  const output = Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array());
  // Not the generated entry (stdin), nor a plugin's own modules.
  const files = Object.keys(result.metafile.inputs).filter(
    (input) => input !== options.stdin?.sourcefile && !/^(?:<|[a-z-]+:)/.test(input),
  );
  const inputs = [...files.map(reachedFrom(root)), ...manifests].map((file) => path.relative(root, path.resolve(root, file)));
  return { output, file: store(root, kind, fullKey, { output, inputs, extension }), inputs };
}

/**
 * By the path the project reaches a bundled package at, not its real path: a package replaced behind a link is a changed input.
 * @param {string} root
 */
function reachedFrom(root) {
  const links = BUNDLED_PACKAGES.flatMap((name) => {
    const reached = path.join(root, 'node_modules', name);
    try {
      return [{ real: realpathSync(reached) + path.sep, reached: reached + path.sep }];
    } catch {
      return [];
    }
  });
  return (/** @type {string} */ file) => {
    const absolute = path.resolve(root, file);
    const link = links.find(({ real }) => absolute.startsWith(real));
    return link ? link.reached + absolute.slice(link.real.length) : absolute;
  };
}

/** `manifests` is filled with the package.json of each package left out. @param {string} root @param {Set<string>} manifests */
export function bundlePlugins(root, manifests) {
  return [importMeta(root), externalPackages(root, manifests)];
}

/** Many small modules load faster inside the bundle than as files of their own. */
const BUNDLED_PACKAGES = ['lucide-react', 'valibot', 'entities', 'htmlparser2', 'markdown-it', 'yaml'];

/**
 * As `packages: 'external'`, but by the absolute URL each resolves to, so the bundle runs from anywhere (the cache, a
 * build's folder) with the project's own copies. A package installed anew may resolve to another file: its manifest is an input.
 * @param {string} root @param {Set<string>} manifests @returns {import('esbuild').Plugin}
 */
function externalPackages(root, manifests) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies }).filter(
    (name) => !BUNDLED_PACKAGES.includes(name),
  );
  /** @type {Map<string, NodeJS.Require>} */
  const requires = new Map();
  /** @type {Map<string, string>} */
  const known = new Map();
  /** @param {string} folder */
  const requireFrom = (folder) => {
    let found = requires.get(folder);
    if (!found) {
      found = createRequire(path.join(folder, 'importer.js'));
      requires.set(folder, found);
    }
    return found;
  };
  return {
    name: 'external-packages',
    setup(build) {
      // htmlparser2's tokenizer alone: its entry brings `entities` as CommonJS, some 10 ms of every worker's start.
      build.onResolve({ filter: /^htmlparser2$/ }, () => ({ path: 'tokenizer', namespace: 'html-reader' }));
      build.onLoad({ filter: /^tokenizer$/, namespace: 'html-reader' }, () => {
        const file = path.join(path.dirname(requireFrom(root).resolve('htmlparser2')), '..', 'esm', 'Tokenizer.js');
        return { contents: `export { default as Tokenizer, QuoteType } from ${JSON.stringify(file)};`, resolveDir: root };
      });
      if (names.length === 0) return;
      // A Go regular expression.
      const filter = new RegExp(`^(?:${names.map((name) => name.replace(/[.+*?^$()[\]{}|\\]/g, '\\$&')).join('|')})(?:/|$)`);
      build.onResolve({ filter }, (args) => {
        const resolved = requireFrom(args.resolveDir || root).resolve(args.path);
        const name = args.path
          .split('/')
          .slice(0, args.path.startsWith('@') ? 2 : 1)
          .join('/');
        const key = `${name}\u0000${path.dirname(resolved)}`;
        let found = known.get(key);
        if (!found) {
          found = findManifest(resolved, name);
          known.set(key, found);
        }
        manifests.add(found);
        return { path: pathToFileURL(resolved).href, external: true };
      });
    },
  };
}

/**
 * A bundle lives elsewhere than its sources: each project file gets its own import.meta written in.
 * @param {string} root @returns {import('esbuild').Plugin}
 */
function importMeta(root) {
  return {
    name: 'import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (!args.path.startsWith(root + path.sep) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        const loader = /** @type {import('esbuild').Loader} */ (path.extname(args.path).slice(1).replace(/^[cm]/, ''));
        return { contents, loader };
      });
    },
  };
}

/** A BuildError by name (bundle.mjs cannot import TypeScript). @param {string} message @param {string | undefined} file */
function compileFailure(message, file) {
  return Object.assign(new Error(message), { name: 'BuildError', file, route: /** @type {string | undefined} */ (undefined) });
}

/**
 * The first error, with file:line:column an editor understands; a straight quote that ends a text early is said in those words.
 * @param {unknown} error @param {string} root @param {string} entry
 */
export function compileError(error, root, entry) {
  const errors = /** @type {{ errors?: import('esbuild').Message[] } | undefined} */ (error)?.errors;
  const first = errors?.[0];
  if (!errors || !first) return compileFailure(`Cannot compile ${entry}: ${String(error)}`, entry);
  const location = first.location;
  const file = location ? path.relative(root, path.resolve(root, location.file)) : undefined;
  const quote = location ? earlyQuote(location.lineText, location.column) : undefined;
  // At the quote itself, where the editor's mistake is; otherwise where esbuild stopped (1-based).
  const column = location && quote ? location.lineText.slice(0, location.column).trimEnd().length : (location?.column ?? 0) + 1;
  const where = location && file ? `${file}:${location.line}:${column}` : 'the site code';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
  const text = quote
    ? `a straight ${quote} ends the text early, before “${location?.lineText.slice(location.column).trim().slice(0, 24)}”: inside text write \\${quote} or a typographic ${quote === "'" ? '’' : '”'} (esbuild: ${first.text})`
    : first.text;
  return compileFailure(`Cannot compile ${where}: ${text}${more}`, file);
}

/** `'Europe's lenders'`: the text "Europe", then an "s" that is not code. @param {string} line @param {number} column */
function earlyQuote(line, column) {
  const before = line.slice(0, column).trimEnd();
  const quote = before.at(-1);
  if ((quote !== "'" && quote !== '"') || !/^[\p{L}\p{N}]/u.test(line.slice(column))) return undefined;
  const opened = before.slice(0, -1).lastIndexOf(quote);
  return opened >= 0 && /[:,([]\s*$|^\s*$/.test(before.slice(0, opened)) ? quote : undefined;
}

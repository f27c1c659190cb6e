// @ts-check
/** The one way code is bundled: esbuild, cached by every file it read and every package it left out. Plain JavaScript, for the launcher. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { entryKey, fileClock, lookupBytes, projectInputs, projectRequire, store } from './cache.mjs';

/**
 * `kind` is the cache's name for it; `key`, what the output depends on besides the files it reads; `entry`, relative to the
 * root, for messages; `extension`, the kept file's (an ES module's .mjs, a script's .js). Returns the output, the file the cache
 * keeps it in (if it does) and the inputs, relative to the root.
 * @param {{ root: string, kind: string, key?: readonly (string | Uint8Array)[], options: import('esbuild').BuildOptions,
 *   extension?: string, entry: string }} request
 */
export async function bundle({ root, kind, key = [], options, extension = options.format === 'esm' ? 'mjs' : 'js', entry }) {
  // The plugins are the generator's code, which the key covers.
  const { plugins: _plugins, ...settings } = options;
  const fullKey = entryKey(root, kind, [root, JSON.stringify(settings), ...key]);
  const hit = lookupBytes(root, kind, fullKey);
  if (hit) return { output: hit.output, file: hit.file, inputs: hit.inputs };
  const readFrom = fileClock(root);
  const { output, inputs } = await built(root, entry, options, (esbuild, settings) => esbuild.build(settings));
  return { output, file: store(root, kind, fullKey, { output, inputs, readFrom, extension }), inputs };
}

/**
 * esbuild's process ends, its memory freed for the rest of a build; the next bundle starts another. A build whose bundles all
 * came from the cache never loaded esbuild, and does not load it (7 ms) to stop nothing. @param {string} root
 */
export function stopBundler(root) {
  const require = projectRequire(root);
  /** @type {{ exports: typeof import('esbuild') } | undefined} */
  const esbuild = require.cache[require.resolve('esbuild')];
  return esbuild?.exports.stop();
}

/**
 * An incremental bundle (the dev server's): each rebuild compiles only what changed; uncached, since it lives as long as the
 * session. Returns the output and the project's files it read.
 * @param {{ root: string, options: import('esbuild').BuildOptions, entry: string }} request
 */
export async function bundleContext({ root, options, entry }) {
  /** @type {Promise<import('esbuild').BuildContext> | undefined} */
  let context;
  return {
    rebuild: () =>
      built(root, entry, options, async (esbuild, settings) => {
        context ??= esbuild.context(settings);
        return (await context).rebuild();
      }),
    dispose: async () => (await context)?.dispose(),
  };
}

/**
 * One esbuild run with our plugins, in memory; its output and the project's files it read: not the generated entry (stdin), nor
 * a plugin's own modules.
 * @param {string} root @param {string} entry @param {import('esbuild').BuildOptions} options
 * @param {(esbuild: typeof import('esbuild'), settings: import('esbuild').BuildOptions & { metafile: true, write: false }) => Promise<import('esbuild').BuildResult<{ metafile: true, write: false }>>} run
 */
async function built(root, entry, options, run) {
  /** @type {typeof import('esbuild')} */
  const esbuild = projectRequire(root)('esbuild');
  const plugins = [...(options.plugins ?? []), importMeta(root), externalPackages(root)];
  let result;
  try {
    result = await run(esbuild, { ...options, plugins, absWorkingDir: root, metafile: true, write: false, logLevel: 'silent' });
  } catch (error) {
    throw compileError(error, root, entry);
  }
  const files = Object.keys(result.metafile.inputs).filter(
    (input) => input !== options.stdin?.sourcefile && !/^(?:<|[a-z-]+:)/.test(input),
  );
  return { output: Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array()), inputs: projectInputs(root, files) };
}

/** The package the generator came with: the nearest package.json above it. */
const GENERATOR_MANIFEST = (() => {
  for (let folder = import.meta.dirname; folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const file = path.join(folder, 'package.json');
    if (existsSync(file)) return file;
  }
  throw new Error(`No package.json above ${import.meta.dirname}: the generator is installed as a package.`);
})();

/** Many small modules load faster inside the bundle than as files of their own. */
const BUNDLED_PACKAGES = [
  'lucide-react',
  'valibot',
  'entities',
  'htmlparser2',
  'markdown-it',
  'markdown-it-footnote',
  '@mdit/plugin-tasklist',
  'css-tree',
];

/**
 * As `packages: 'external'`, but by the absolute URL each resolves to, so the bundle runs from anywhere (the cache, a
 * build's folder) with the project's own copies.
 * @param {string} root @returns {import('esbuild').Plugin}
 */
function externalPackages(root) {
  /** @param {string} file */
  const namesIn = (file) => {
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies });
  };
  // The site's packages, and the generator's own (its render worker's): each is imported from where its importer finds it.
  const names = [...new Set([...namesIn(path.join(root, 'package.json')), ...namesIn(GENERATOR_MANIFEST)])].filter(
    (name) => !BUNDLED_PACKAGES.includes(name),
  );
  /** @type {Map<string, NodeJS.Require>} */
  const requires = new Map();
  /** @param {string} folder */
  const requireFrom = (folder) => {
    if (!requires.has(folder)) requires.set(folder, createRequire(path.join(folder, 'importer.js')));
    return /** @type {NodeJS.Require} */ (requires.get(folder));
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
      // css-tree's parser and walker alone: its entry builds the lexer from the specs' data (mdn-data) first, some
      // 50-100 ms of every worker's start, for checks the CSS reader never makes.
      build.onResolve({ filter: /^css-tree$/ }, () => ({ path: 'reader', namespace: 'css-reader' }));
      build.onLoad({ filter: /^reader$/, namespace: 'css-reader' }, () => {
        const lib = path.join(path.dirname(requireFrom(root).resolve('css-tree/package.json')), 'lib');
        const from = (/** @type {string} */ file) => JSON.stringify(path.join(lib, file));
        const contents = [
          `export { default as parse } from ${from('parser/index.js')};`,
          `export { default as walk } from ${from('walker/index.js')};`,
          `export { tokenTypes } from ${from('tokenizer/index.js')};`,
        ].join('\n');
        return { contents, resolveDir: root };
      });
      if (names.length === 0) return;
      // A Go regular expression.
      const filter = new RegExp(`^(?:${names.map((name) => name.replace(/[.+*?^$()[\]{}|\\]/g, '\\$&')).join('|')})(?:/|$)`);
      build.onResolve({ filter }, (args) => ({
        path: pathToFileURL(requireFrom(args.resolveDir || root).resolve(args.path)).href,
        external: true,
      }));
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
        // The generator's files, wherever it is installed, and the site's; never another package's.
        const site = args.path.startsWith(root + path.sep) && !args.path.includes(`${path.sep}node_modules${path.sep}`);
        if (!site && !args.path.startsWith(import.meta.dirname + path.sep)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        // Patterns, not strings: bundled into the build command (launch.mjs), this very file passes through here, and the
        // words in a string would be rewritten too, leaving every later bundle's import.meta as it was.
        const contents = source
          .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href))
          .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
          .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(args.path));
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

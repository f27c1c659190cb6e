// @ts-check
/**
 * `node generator/launch.mjs build.ts [options]`: runs a TypeScript entry of the project (build.ts,
 * dev.ts) in this process, from one JavaScript bundle of it kept in node_modules/.cache/. The
 * bundle is made again with esbuild only when one of the files it was made from changed
 * (cache.mjs), so a build does not pay for a second process or for compiling the generator on
 * every run. Packages stay outside the bundle and load from node_modules as usual.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import { hashParts, lookup, store } from './cache.mjs';
import { describeCompileError, externalPackages, HTML_DECODER, htmlReader, projectInputs } from './esbuild.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [entryArgument] = process.argv.splice(2, 1);
if (!entryArgument) {
  console.error('Usage: node generator/launch.mjs <entry.ts> [options]');
  process.exit(2);
}
const entry = path.resolve(root, entryArgument);
// The entry sees its own options from process.argv[2] on, as if it had been started directly.
process.argv[1] = entry;
if (path.relative(root, entry) === 'build.ts' && !process.argv.some((argument) => argument === '--help' || argument === '-h'))
  startRenderWorker();

const require = createRequire(import.meta.url);
const esbuildVersion = JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')).version;
const key = hashParts([
  'launch v2',
  root,
  readFileSync(import.meta.filename),
  readFileSync(path.join(import.meta.dirname, 'cache.mjs')),
  readFileSync(path.join(import.meta.dirname, 'esbuild.mjs')),
  readFileSync(path.join(root, 'tsconfig.json')),
  // Packages are imported by the path they resolve to: a change of versions makes a new bundle.
  readFileSync(path.join(root, 'package-lock.json')),
  esbuildVersion,
  process.versions.node.split('.')[0] ?? '',
  path.relative(root, entry),
]);

let file = lookup(root, 'launch', key)?.file;
if (!file) file = await bundle();
// Stack traces name the TypeScript files and lines, through the bundle's source map.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);

/** Bundles the entry with everything it imports from the project, and caches the result. */
async function bundle() {
  const esbuild = await import('esbuild');
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      absWorkingDir: root,
      // Source paths relative to the root, named by the map's sourceRoot: stack traces name the
      // project's files wherever the bundle is kept.
      outfile: path.join(root, 'launch-bundle.mjs'),
      sourceRoot: `${pathToFileURL(root).href}/`,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      jsx: 'automatic',
      sourcemap: 'inline',
      sourcesContent: false,
      metafile: true,
      write: false,
      logLevel: 'silent',
      plugins: [htmlReader(root), externalPackages(root, [HTML_DECODER]), importMetaPlugin(root)],
    });
  } catch (error) {
    console.error(describeCompileError(error, root, path.relative(root, entry)).message);
    process.exit(1);
  }
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  const inputs = projectInputs(result.metafile);
  const stored = store(root, 'launch', key, { output, inputs, extension: 'mjs' });
  if (stored) return stored;
  // No writable cache: run from a file of this run's own.
  const fallback = path.join(mkdtempSync(path.join(tmpdir(), 'site-generator-')), 'entry.mjs');
  writeFileSync(fallback, output);
  return fallback;
}

/**
 * A build's first render worker starts now, and loads React while this thread loads the generator
 * and finds or makes the site's bundle; generator/workers.ts takes it and sends it the bundle's URL.
 */
function startRenderWorker() {
  const { port1, port2 } = new MessageChannel();
  const workerData = { mode: 'production', root, port: port2 };
  const worker = new Worker(path.join(import.meta.dirname, 'render', 'bootstrap.mjs'), { workerData, transferList: [port2] });
  const early = { worker, port: port1, exited: false };
  // Whatever stops it before it is taken, the pool starts another, which reports the cause.
  worker.once('error', () => {});
  worker.once('exit', () => {
    early.exited = true;
  });
  // Unused (--help, a usage error), it must not keep the process alive.
  worker.unref();
  Object.assign(globalThis, { [Symbol.for('site-generator.early-render-worker')]: early });
}

/**
 * The bundle lives in node_modules/.cache/, so import.meta would describe it rather than the file
 * the code was written in. Each project file gets its own values written in.
 * @param {string} projectRoot
 * @returns {import('esbuild').Plugin}
 */
function importMetaPlugin(projectRoot) {
  return {
    name: 'import-meta',
    setup(build) {
      // esbuild filters are Go regular expressions (no lookahead); packages are external anyway.
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (!args.path.startsWith(projectRoot + path.sep) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
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

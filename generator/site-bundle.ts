/**
 * The site's code and the render worker that serves it, bundled by esbuild into one module that
 * render workers load. An inline source map keeps the TypeScript files and lines, so that errors
 * name them. The build takes it from the cache while none of its inputs changed; the dev server
 * rebuilds it incrementally after each save.
 */
import { realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { hashParts, lookup, packageVersion, store } from './cache.mjs';
import { describeCompileError, externalPackages, HTML_DECODER, htmlReader, projectInputs } from './esbuild.mjs';
import { BuildError } from './failure';

/** The generated entry is no file, so no input of the cache. */
const ENTRY_NAME = '(site entry)';

const WORKER = 'generator/render/worker.tsx';
const CONTENT_FILES = 'generator/render/content-files.ts';

/**
 * Ends every pages/**\/content.ts with a call that records its file for each object it exports,
 * so that a content error names the file and line; appended, so that its own lines stay in place.
 */
function contentFiles(root: string): esbuild.Plugin {
  // esbuild names files by their real path, whatever links lead to the project.
  const realRoot = realpathSync(root);
  const pages = path.join(realRoot, 'pages') + path.sep;
  return {
    name: 'content-files',
    setup(build) {
      build.onLoad({ filter: /[\\/]content\.ts$/ }, async (args) => {
        if (!args.path.startsWith(pages)) return undefined;
        const file = path.relative(realRoot, args.path).split(path.sep).join('/');
        const tag = [
          `import * as __contentModule from ${JSON.stringify(args.path)};`,
          `import { tagContentFile as __tagContentFile } from ${JSON.stringify(path.join(root, CONTENT_FILES))};`,
          `__tagContentFile(__contentModule, ${JSON.stringify(file)});`,
        ];
        return { contents: `${await readFile(args.path, 'utf8')}\n${tag.join('\n')}\n`, loader: 'ts' };
      });
    },
  };
}

function entrySource(root: string, routesModule: string): string {
  return [
    `import * as table from ${JSON.stringify(routesModule)};`,
    `import { site } from ${JSON.stringify(path.join(root, 'site.config.ts'))};`,
    `import { serveSite } from ${JSON.stringify(path.join(root, WORKER))};`,
    // A test's route table may bring a site configuration of its own, and may have no redirects.
    'const extra = table as { site?: typeof site; redirects?: never[] };',
    'serveSite({ routes: table.routes, redirects: extra.redirects, notFound: table.notFound, site: extra.site ?? site });',
  ].join('\n');
}

function buildOptions(root: string, routesModule: string): esbuild.BuildOptions & { write: false; metafile: true } {
  return {
    stdin: { contents: entrySource(root, routesModule), resolveDir: root, sourcefile: ENTRY_NAME, loader: 'ts' },
    absWorkingDir: root,
    // Source paths relative to the map's sourceRoot: stack traces name the project's files wherever the bundle is kept.
    outfile: path.join(root, 'site-bundle.mjs'),
    sourceRoot: `${pathToFileURL(root).href}/`,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // The icon set is some sixty tiny modules, and the content check uses a few small functions of
    // Valibot's hundreds: inside the bundle they cost nothing to load.
    plugins: [contentFiles(root), htmlReader(root), externalPackages(root, ['lucide-react', 'valibot', HTML_DECODER])],
    sourcemap: 'inline',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
  };
}

async function loadEsbuild(root: string): Promise<typeof esbuild> {
  return createRequire(path.join(root, 'package.json'))('esbuild') as typeof esbuild;
}

export interface SiteBundle {
  file: string;
  /**
   * What the bundle's behaviour depends on: its own bytes, and the versions of the packages it
   * loads from node_modules, which the bytes do not show. For cache keys of what a worker answers;
   * unset when the bundle is not in the cache, which then keeps nothing else either.
   */
  key?: string;
  /** Removes a bundle written outside the cache (the cache off or not writable). */
  dispose: () => Promise<void>;
}

export async function bundleSite(root: string, routesModule: string): Promise<SiteBundle> {
  const key = hashParts([
    'site v4',
    // The bundle imports the project's files by absolute path, and its map names them.
    root,
    packageVersion(root, 'esbuild'),
    process.versions.node.split('.')[0] ?? '',
    await readFile(path.join(root, 'tsconfig.json')).catch(() => Buffer.alloc(0)),
    // Packages are imported by the path they resolve to: a change of versions makes a new bundle.
    await readFile(path.join(root, 'package-lock.json')).catch(() => Buffer.alloc(0)),
    await readFile(new URL('./esbuild.mjs', import.meta.url)),
    // The generated entry is no file, so its text is part of the key.
    entrySource(root, routesModule),
  ]);
  // A cached bundle is named by the hash of its bytes (checked by lookup): no need to hash them again.
  const identity = (file: string) => hashParts(['site bundle', key, path.basename(file)]);
  const hit = lookup(root, 'site', key);
  if (hit) return { file: hit.file, key: identity(hit.file), dispose: async () => {} };

  const esbuild = await loadEsbuild(root);
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build(buildOptions(root, routesModule));
  } catch (error) {
    throw compileError(error, root, path.relative(root, routesModule));
  }
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  const inputs = projectInputs(result.metafile, [ENTRY_NAME]);
  const stored = store(root, 'site', key, { output, inputs, extension: 'mjs' });
  if (stored) return { file: stored, key: identity(stored), dispose: async () => {} };
  const folder = await mkdtemp(path.join(tmpdir(), 'site-bundle-'));
  const file = path.join(folder, 'site.mjs');
  await writeFile(file, output);
  return { file, dispose: () => rm(folder, { recursive: true, force: true }) };
}

export interface SiteBundler {
  /** The bundle of the code as it is now, under a new name (for a new worker); a BuildError naming file and line if it does not compile. */
  bundle: () => Promise<string>;
  dispose: () => Promise<void>;
}

/** One esbuild context for the dev session, so that a rebuild compiles only what changed. */
export async function siteBundler(root: string, routesModule: string, folder: string): Promise<SiteBundler> {
  const context = await (await loadEsbuild(root)).context(buildOptions(root, routesModule));
  let version = 0;
  return {
    async bundle() {
      let result: esbuild.BuildResult<{ write: false; metafile: true }>;
      try {
        result = await context.rebuild();
      } catch (error) {
        throw compileError(error, root, path.relative(root, routesModule));
      }
      const file = path.join(folder, `site-${++version}.mjs`);
      await writeFile(file, result.outputFiles[0]?.contents ?? new Uint8Array());
      return file;
    },
    dispose: () => context.dispose(),
  };
}

export function compileError(error: unknown, root: string, entry: string): BuildError {
  const { message, file } = describeCompileError(error, root, entry);
  return new BuildError(message, { file, cause: error });
}

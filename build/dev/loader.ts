/**
 * Loads the site's code (the pipeline with its steps, the route table, every page and component)
 * fresh after each change, for the dev server.
 *
 * Node's ESM loader caches a module for the life of the process and never frees it, so
 * re-importing with a cache-busting query leaks every version (measured: about 0.35 MB a reload).
 * Instead esbuild bundles the entry incrementally into one CommonJS file in memory, and a Module
 * that is never put in require.cache compiles it: each version is garbage once the next replaces
 * it, while packages (React, sass, esbuild) stay shared in the ordinary cache. Node's source-map
 * support maps stack traces back to the original files, so errors name them.
 */
import { readFile } from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { SITE_ENTRY, compileError, evaluationError } from '../errors';
import type * as Pipeline from '../pipeline';

/** What the dev server takes from a fresh copy of the site's code. */
export type SiteModule = Pick<typeof Pipeline, 'steps' | 'defaultOptions' | 'createContext' | 'runStep'>;

/** The two CommonJS loader internals used here; stable since Node 0.x and used by ts-node and pirates. */
interface CompilableModule {
  exports: unknown;
  filename: string;
  paths: string[];
  _compile(code: string, filename: string): unknown;
}
const CjsModule = Module as unknown as {
  new (id: string): CompilableModule;
  _nodeModulePaths(from: string): string[];
};

export class SiteLoader {
  private version = 0;

  private constructor(
    private readonly root: string,
    private readonly workDir: string,
    private readonly context: esbuild.BuildContext<{ write: false }>,
  ) {}

  /** workDir: a private folder for this session; bundle file names (only seen in stack traces) live there. */
  static async create(root: string, workDir: string): Promise<SiteLoader> {
    process.setSourceMapsEnabled(true);
    const context = await esbuild.context({
      entryPoints: [path.join(root, SITE_ENTRY)],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      write: false,
      sourcemap: 'inline',
      sourcesContent: false,
      outfile: path.join(workDir, 'site.cjs'),
      logLevel: 'silent',
      plugins: [importMetaPlugin(root), bundleEsmOnlyPlugin(root)],
    });
    return new SiteLoader(root, workDir, context);
  }

  /** Rebundles what changed and evaluates it. Throws a BuildError naming file and line when it does not compile. */
  async load(): Promise<SiteModule> {
    let code: string;
    try {
      const result = await this.context.rebuild();
      code = result.outputFiles[0]?.text ?? '';
    } catch (error) {
      throw compileError(error, this.root) ?? error;
    }
    // A new name each time: Node's source-map cache looks maps up by file name.
    const filename = path.join(this.workDir, `site-${++this.version}.cjs`);
    const module = new CjsModule(filename);
    module.filename = filename;
    module.paths = CjsModule._nodeModulePaths(this.root);
    try {
      module._compile(code, filename);
    } catch (error) {
      throw evaluationError(error, this.root);
    }
    return module.exports as SiteModule;
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}

/**
 * Packages stay external and are loaded with require(), but a few subpaths exist only as ES
 * modules (lucide-react/icons/*). Node 20 can require() them, yet hands back the namespace object,
 * so a default import would get `{ default }` instead of the component. Those are bundled instead,
 * and esbuild converts them properly; they are small.
 */
const ESM_ONLY = /^lucide-react\/icons\//;

function bundleEsmOnlyPlugin(root: string): esbuild.Plugin {
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  return {
    name: 'bundle-esm-only',
    setup(build) {
      build.onResolve({ filter: ESM_ONLY }, (args) => ({ path: requireFromRoot.resolve(args.path) }));
    },
  };
}

/**
 * CommonJS has no import.meta; esbuild would leave it empty. Project files get their own values
 * written in, so code that locates files with import.meta.url or import.meta.dirname behaves as
 * it does under `npm run build`.
 */
function importMetaPlugin(root: string): esbuild.Plugin {
  return {
    name: 'import-meta',
    setup(build) {
      // esbuild filters are Go regular expressions (no lookahead); packages are external anyway.
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (!args.path.startsWith(root + path.sep) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        const loader = path.extname(args.path).slice(1).replace(/^[cm]/, '') as esbuild.Loader;
        return { contents, loader };
      });
    },
  };
}

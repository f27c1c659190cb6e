/** The site's code and the render worker, one module with an inline source map, so that errors name the TypeScript files and lines. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { bundle, bundleContext } from '../bundle.mjs';
import { hashParts } from '../cache.mjs';
import type { Site } from '../site';
import { splitMap } from '../stacks.mjs';
import type { Writer } from '../writer';
import { config } from './config';
import { defineStep, type SiteBundle } from './step';

const GENERATOR = path.resolve(import.meta.dirname, '..');

/** For locate.ts; appended, so that the module's own lines stay in place. */
function tagExports(root: string): esbuild.Plugin {
  return {
    name: 'tag-exports',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const file = path.relative(root, args.path);
        if (file.startsWith('..') || file.startsWith('generator/') || file.includes('node_modules/') || file.endsWith('.client.ts'))
          return undefined;
        const tag = [
          `import * as __exports from ${JSON.stringify(args.path)};`,
          `import { tagExports as __tagExports } from ${JSON.stringify(path.join(GENERATOR, 'render', 'locate.ts'))};`,
          `__tagExports(__exports, ${JSON.stringify(file.split(path.sep).join('/'))});`,
        ];
        return { contents: `${await readFile(args.path, 'utf8')}\n${tag.join('\n')}\n`, loader: 'ts' };
      });
    },
  };
}

export function siteBundleOptions(root: string, site: Site): esbuild.BuildOptions {
  const pages = path.resolve(root, site.pages);
  const entry = [
    `import pages from ${JSON.stringify(pages)};`,
    `import { serve } from ${JSON.stringify(path.join(GENERATOR, 'render', 'worker.tsx'))};`,
    `serve(pages, ${JSON.stringify(path.relative(root, pages).split(path.sep).join('/'))});`,
  ].join('\n');
  return {
    stdin: { contents: entry, resolveDir: root, sourcefile: '(site entry)', loader: 'ts' },
    // Stack traces name the project's files wherever the bundle is kept.
    outfile: path.join(root, 'site-bundle.mjs'),
    sourceRoot: `${pathToFileURL(root).href}/`,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    plugins: [tagExports(root)],
    sourcemap: 'inline',
    sourcesContent: false,
    // CommonJS packages bundled in (BUNDLED_PACKAGES) require Node's own modules, which resolve from anywhere. Under a name no
    // module takes: the banner is text esbuild does not read, and a bundled module's own createRequire would clash with it.
    banner: { js: "import { createRequire as __bannerRequire } from 'node:module'; const require = __bannerRequire('/');" },
  };
}

/**
 * A copy of its own, which a cache emptied meanwhile cannot take away, and the hash of its code, made from the bytes in hand; its
 * source map in a file beside it (`.map`), which a worker reads only for a stack.
 */
function scratchBundle(writer: Writer, name: string, { output, inputs }: { output: Uint8Array; inputs: string[] }): SiteBundle {
  const { code, map } = splitMap(output);
  writer.scratch(`${name}.map`, map);
  return { file: writer.scratch(name, code), reads: inputs, code: hashParts([output]) };
}

async function bundleSite(root: string, site: Site, writer: Writer): Promise<SiteBundle> {
  return scratchBundle(writer, 'site.mjs', await bundle({ root, kind: 'site', entry: site.pages, options: siteBundleOptions(root, site) }));
}

export const siteCode = defineStep({
  name: 'bundle',
  needs: { config },
  run: ({ config }, { build }) => (build.bundler ? build.bundler(config.site) : bundleSite(build.options.root, config.site, build.writer)),
});

export interface SiteBundler {
  /** Under a new name, for new workers, with this rebuild's writer. */
  bundle: (writer: Writer) => Promise<SiteBundle>;
  dispose: () => Promise<void>;
}

/** One esbuild context for the dev session: a rebuild compiles only what changed. */
export async function siteBundler(root: string, site: Site): Promise<SiteBundler> {
  const context = await bundleContext({ root, options: siteBundleOptions(root, site), entry: site.pages });
  let version = 0;
  return {
    async bundle(writer) {
      return scratchBundle(writer, `site-${++version}.mjs`, await context.rebuild());
    },
    dispose: () => context.dispose(),
  };
}

/**
 * The one bundling helper: the packages the project names that a bundle leaves out are imported by
 * the URL Node would resolve them to from the importing file, whether that file is the project's or
 * a package bundled in; the bundle's inputs, what its cache entry is checked against, are the
 * project's files it read, the installed packages being in its key by the lockfile.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../../generator/bundle.mjs';
import { siteBundleOptions } from '../../generator/steps/bundle';
import { projectRoot } from '../../scripts/lib/project';
import siteConfig from '../../site.config';
import { clockPast } from '../support/files';

let root: string;

/** Writes `files` under the project's root. */
async function project(files: Record<string, string>): Promise<void> {
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), contents);
  }
}

const packageFile = (name: string, version: string) => JSON.stringify({ name, version, main: 'index.js' });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'external-packages-'));
  // The project uses shared@1; the bundled package `lucide-react` (one every bundle takes in) depends on shared@2, installed beside it.
  await project({
    'package.json': JSON.stringify({
      name: 'site',
      version: '1.0.0',
      dependencies: { shared: '1.0.0', 'lucide-react': '1.0.0', esbuild: '*' },
    }),
    // A package the project does not name is bundled, like Node's own modules left to esbuild.
    'entry.js': "import { sep } from 'node:path'; import 'shared'; import 'lucide-react'; import 'unnamed'; globalThis.sep = sep;",
    'node_modules/unnamed/package.json': packageFile('unnamed', '1.0.0'),
    'node_modules/unnamed/index.js': 'globalThis.unnamedWasBundled = true;',
    'node_modules/shared/package.json': packageFile('shared', '1.0.0'),
    'node_modules/shared/index.js': 'export const version = 1;',
    'node_modules/lucide-react/package.json': packageFile('lucide-react', '1.0.0'),
    'node_modules/lucide-react/index.js': "import 'shared';",
    'node_modules/lucide-react/node_modules/shared/package.json': packageFile('shared', '2.0.0'),
    'node_modules/lucide-react/node_modules/shared/index.js': 'export const version = 2;',
  });
  // The project's own esbuild, as the helper loads it.
  await symlink(path.join(projectRoot, 'node_modules', 'esbuild'), path.join(root, 'node_modules', 'esbuild'));
  await symlink(path.join(projectRoot, 'node_modules', '@esbuild'), path.join(root, 'node_modules', '@esbuild'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a bundle', () => {
  const make = () =>
    bundle({
      root,
      kind: 'test',
      key: [],
      entry: 'entry.js',
      extension: 'mjs',
      options: { entryPoints: [path.join(root, 'entry.js')], bundle: true, format: 'esm', platform: 'node' },
    });

  it('imports each package left out from where its importer would find it, a bundled package included; bundles the rest', async () => {
    const code = (await make()).output.toString('utf8');
    const url = (file: string) => pathToFileURL(path.join(root, file)).href;
    // Two imports: the project's shared@1, and icons' own shared@2 (not the project's, as before).
    expect(code).toContain(`import "${url('node_modules/shared/index.js')}";`);
    expect(code).toContain(`import "${url('node_modules/lucide-react/node_modules/shared/index.js')}";`);
    expect(code).toContain('globalThis.unnamedWasBundled = true;');
    expect(code).toContain('from "node:path";');
  });

  it('is checked against every file of the project it read, the installed packages standing for theirs by the lockfile', async () => {
    const { inputs } = await make();
    expect(inputs).toEqual(['entry.js']);
  });

  it('is made again when a file of the project it read changes, or the lockfile does', async () => {
    const before = await make();
    expect(before.file).toBeDefined();
    expect((await make()).file).toBe(before.file);
    await writeFile(path.join(root, 'entry.js'), "import 'unnamed'; globalThis.edited = true;");
    const after = await make();
    expect(after.output.toString('utf8')).toContain('globalThis.edited = true');
    expect(after.file).not.toBe(before.file);
  });

  it('keeps nothing made from a file saved while it compiled (its new bytes would vouch for the old): the next build has the save', async () => {
    await writeFile(path.join(root, 'saved.js'), 'globalThis.saved = "before";');
    // An editor saves the file just after esbuild has read it (a plugin, which the cache key leaves out as the generator's code).
    const saving: Plugin = {
      name: 'editor',
      setup(build) {
        build.onLoad({ filter: /saved\.js$/ }, async (args) => {
          const contents = await readFile(args.path, 'utf8');
          await writeFile(args.path, 'globalThis.saved = "after";');
          return { contents, loader: 'js' };
        });
      },
    };
    const options = (plugins: Plugin[]) =>
      bundle({
        root,
        kind: 'test-saved',
        key: [],
        entry: 'saved.js',
        extension: 'mjs',
        options: { entryPoints: [path.join(root, 'saved.js')], bundle: true, format: 'esm', platform: 'node', plugins },
      });
    const during = await options([saving]);
    expect(during.output.toString('utf8')).toContain('"before"');
    expect(during.file).toBeUndefined();
    await clockPast(root, path.join(root, 'saved.js'));
    const next = await options([]);
    expect(next.output.toString('utf8')).toContain('"after"');
    // Nothing changed since: this one is kept.
    expect(next.file).toBeDefined();
  });
});

describe('a module that names its own place (import.meta)', () => {
  it('gets it written in, by the bundling helper as the build command runs it: itself bundled by launch.mjs', async () => {
    await project({ 'where.js': 'export const where = import.meta.url;' });
    // The helper as the build command has it: bundled, through its own plugins.
    const launched = await bundle({
      root,
      kind: 'test-launch',
      key: [],
      entry: 'generator/bundle.mjs',
      extension: 'mjs',
      options: { entryPoints: [path.join(projectRoot, 'generator', 'bundle.mjs')], bundle: true, format: 'esm', platform: 'node' },
    });
    const file = path.join(root, 'launched-bundle.mjs');
    await writeFile(file, launched.output);
    const helper = (await import(pathToFileURL(file).href)) as typeof import('../../generator/bundle.mjs');
    const { output } = await helper.bundle({
      root,
      kind: 'test-where',
      key: [],
      entry: 'where.js',
      extension: 'mjs',
      options: { entryPoints: [path.join(root, 'where.js')], bundle: true, format: 'esm', platform: 'node' },
    });
    expect(output.toString('utf8')).toContain(JSON.stringify(pathToFileURL(path.join(root, 'where.js')).href));
  });
});

describe("the site's bundle", () => {
  it("loads with a module of the site or the generator that imports Node's createRequire, as its banner does", async () => {
    await project({ 'requires.js': "import { createRequire } from 'node:module'; export const found = typeof createRequire('/');" });
    const banner = siteBundleOptions(root, siteConfig).banner?.js ?? '';
    expect(banner).not.toBe('');
    const { output } = await bundle({
      root,
      kind: 'test-banner',
      key: [],
      entry: 'requires.js',
      extension: 'mjs',
      options: { entryPoints: [path.join(root, 'requires.js')], bundle: true, format: 'esm', platform: 'node', banner: { js: banner } },
    });
    const file = path.join(root, 'requires-bundle.mjs');
    await writeFile(file, `${output}\nconsole.log(found);\n`);
    // Loaded by Node itself, as a render worker loads the bundle (vitest's own loader would rewrite its imports).
    const loaded = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout.trim()).toBe('function');
  });
});

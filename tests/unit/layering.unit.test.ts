/**
 * What each part of the project may import. The generator is a library: it imports nothing of the
 * site, and the site's modules reach it only through their public module (generator/site.ts; its
 * commands, build.ts and dev.ts, through generator/index.ts). The
 * generator's main thread never loads the site's code (pages, components, React): render workers
 * do. `npm run deploy:s3` loads the hosting policy and nothing of the site. Bundling each entry as
 * the launcher does lists every file it would load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { projectRoot as root } from '../../scripts/lib/project';

/** The project files and the packages an entry may load; `atStart`, the packages it loads as it starts (no dynamic import). */
async function loads(entry: string): Promise<{ files: string[]; packages: string[]; atStart: string[] }> {
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [packages, atStart] = [new Set<string>(), new Set<string>()];
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (!imported.external || imported.path.startsWith('node:')) continue;
      const name = imported.path
        .split('/')
        .slice(0, imported.path.startsWith('@') ? 2 : 1)
        .join('/');
      packages.add(name);
      if (imported.kind !== 'dynamic-import') atStart.add(name);
    }
  }
  return { files: Object.keys(result.metafile.inputs), packages: [...packages].sort(), atStart: [...atStart].sort() };
}

/** Every import of the project's files under `folders`: the importing file and the file it names, relative to the root. */
function importsUnder(folders: readonly string[], files: readonly string[] = []): { from: string; to: string }[] {
  const found = folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
      .map((file) => path.join(folder, file)),
  );
  return [...found, ...files].flatMap((file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    return [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(([, specifier = '']) => ({
      from: file,
      to: path.relative(root, path.resolve(root, path.dirname(file), specifier)),
    }));
  });
}

describe('the generator and the site', () => {
  it('the generator imports nothing of the site: not its pages, components, styles, script or config', () => {
    const imports = importsUnder(['generator']);
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.filter(({ to }) => /^(pages|components|styles|client)(\/|$)|^site\.config/.test(to))).toEqual([]);
  });

  it("the site's modules reach the generator only through its public module for sites", () => {
    const imports = importsUnder(['pages', 'components', 'client'], ['site.config.ts']);
    expect(imports.some(({ to }) => to === 'generator/site')).toBe(true);
    expect(imports.filter(({ to }) => to.startsWith('generator') && to !== 'generator/site')).toEqual([]);
  });

  it('its commands reach the generator only through its index', () => {
    const imports = importsUnder([], ['build.ts', 'dev.ts']);
    expect(imports.map(({ to }) => to)).toEqual(['generator', 'generator']);
  });
});

describe('the build command', () => {
  it.each(['build.ts', 'dev.ts'])('%s loads no page, component or React on the main thread', async (entry) => {
    const { files, packages } = await loads(entry);
    expect(files.filter((file) => /^(pages|components)\//.test(file) || file === 'site.config.ts')).toEqual([]);
    expect(packages.filter((name) => /^(react|react-dom|lucide-react)$/.test(name))).toEqual([]);
    // It does load the generator: the check would pass vacuously on an empty bundle.
    expect(files).toContain('generator/pipeline.ts');
  });

  it('build.ts loads no file watcher as it starts: only the dev server watches', async () => {
    const { packages, atStart } = await loads('build.ts');
    expect(packages).toContain('chokidar');
    expect(atStart).not.toContain('chokidar');
  });
});

describe('a render worker', () => {
  it("loads no CSS reader: a page's own <style> is read on the main thread, where the stylesheet is (css-tree would lengthen each worker's start)", async () => {
    const { files, packages } = await loads('generator/render/worker.tsx');
    expect(files).toContain('generator/scan.ts');
    expect(files).not.toContain('generator/css.ts');
    expect(packages).not.toContain('css-tree');
  });
});

describe('npm run deploy:s3', () => {
  it('loads the hosting policy, and nothing of the site or the generator besides', async () => {
    const { files, packages } = await loads('scripts/deploy-s3.ts');
    expect(files).toContain('generator/hosting/policy.ts');
    expect(files.filter((file) => /^(pages|components|generator\/steps|generator\/render)\//.test(file))).toEqual([]);
    expect(packages.filter((name) => /^(react|react-dom|lucide-react|sass|@resvg\/resvg-js)$/.test(name))).toEqual([]);
  });
});

/** Every source file of the generator, relative to the root. */
function generatorFiles(): string[] {
  return readdirSync(path.join(root, 'generator'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
    .map((file) => path.join('generator', file));
}

/** The modules a file loads at run time: imports, dynamic imports and requires (a `projectRequire(root)('sharp')` too), types left out. */
function valueImports(file: string): string[] {
  const code = readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/import\s+type\b[^;]*;/g, '')
    .replace(/typeof\s+import\s*\([^)]*\)/g, '');
  return [...code.matchAll(/(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"]([^'"]+)['"]|\)\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    ([, imported, required]) => imported ?? required ?? '',
  );
}

/** The generator's files that load any of `modules` (a package, or a subpath of one). */
function loaders(modules: readonly string[]): string[] {
  const matches = (name: string) => modules.some((module) => name === module || name.startsWith(`${module}/`));
  return generatorFiles()
    .filter((file) => valueImports(file).some(matches))
    .sort();
}

describe('one of each, in the generator', () => {
  it('bundles code in one module: esbuild is loaded by bundle.mjs alone (the dev server and its reload client included)', () => {
    expect(loaders(['esbuild'])).toEqual(['generator/bundle.mjs']);
  });

  it('compiles Sass in one module: the styles step’s worker', () => {
    expect(loaders(['sass', 'sass-embedded'])).toEqual(['generator/steps/sass.mjs']);
  });

  it('reads HTML in one module', () => {
    expect(loaders(['htmlparser2', 'parse5', 'cheerio', 'node-html-parser', 'linkedom', 'jsdom'])).toEqual(['generator/scan.ts']);
  });

  it('reads CSS in one module, and nowhere by hand', () => {
    expect(loaders(['css-tree', 'csso', 'postcss', 'lightningcss', '@parcel/css', 'clean-css', 'cssnano', 'cssom', 'stylis'])).toEqual([
      'generator/css.ts',
    ]);
    // By hand: a pattern for url( or for the rest of a declaration ([^;}]), or a scan that skips /* comments */. (A pattern
    // for "{…}" alone is Markdown's attribute lists, not CSS.)
    const byHand = generatorFiles().filter((file) => {
      const source = readFileSync(path.join(root, file), 'utf8');
      return /url\\\(|\[\^;\}/.test(source) || (source.includes("'/*'") && source.includes("'*/'"));
    });
    expect(byHand).toEqual([]);
  });

  it('escapes HTML with one library, and writes no escaper of its own', () => {
    expect(loaders(['escape-html', 'he', 'html-escaper', 'lodash.escape'])).toEqual([]);
    // An escaper of its own replaces "&" with "&amp;" somewhere.
    const own = generatorFiles().filter((file) => /['"`]&amp;['"`]/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(own).toEqual([]);
  });

  it('writes files in one writer: no fs write outside writer.ts, the output swap and the cache’s own folder', () => {
    const writes = new Set([
      'writeFile',
      'writeFileSync',
      'appendFile',
      'appendFileSync',
      'mkdir',
      'mkdirSync',
      'mkdtemp',
      'mkdtempSync',
      'rm',
      'rmSync',
      'rmdir',
      'rmdirSync',
      'unlink',
      'unlinkSync',
      'rename',
      'renameSync',
      'link',
      'linkSync',
      'symlink',
      'symlinkSync',
      'copyFile',
      'copyFileSync',
      'cp',
      'cpSync',
      'createWriteStream',
      'truncate',
      'truncateSync',
    ]);
    const writers = generatorFiles().filter((file) => {
      const source = readFileSync(path.join(root, file), 'utf8');
      const named = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]node:fs(?:\/promises)?['"]/g)].flatMap(([, names = '']) =>
        names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? ''),
      );
      const whole = /import\s+\*\s+as\s+\w+\s+from\s*['"]node:fs|from\s*['"]fs['"]/.test(source);
      return whole || named.some((name) => writes.has(name));
    });
    // The cache writes only into node_modules/.cache/site-generator, for the launcher, which cannot load the writer (TypeScript).
    expect(writers.sort()).toEqual(['generator/cache.mjs', 'generator/output-swap.ts', 'generator/writer.ts']);
  });

  it('declares no types by hand: no *.d.mts (or *.d.ts) file of its own anywhere in the project', () => {
    const declarations = ['generator', 'scripts', 'tests', 'pages', 'components', 'client'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).filter(
        (file) => /\.d\.[cm]?ts$/.test(file) && !file.split(path.sep).includes('node_modules'),
      ),
    );
    expect(declarations).toEqual([]);
  });
});

/**
 * externalPackages: the packages the project names that a bundle leaves out are imported by the
 * URL Node would resolve them to from the importing file, whether that file is the project's or a
 * package bundled in.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalPackages } from '../../generator/esbuild.mjs';

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
  // The project uses shared@1; the bundled package `icons` depends on shared@2, installed beside it.
  await project({
    'package.json': JSON.stringify({ name: 'site', version: '1.0.0', dependencies: { shared: '1.0.0', icons: '1.0.0' } }),
    // A package the project does not name is bundled, like Node's own modules left to esbuild.
    'entry.js': "import { sep } from 'node:path'; import 'shared'; import 'icons'; import 'unnamed'; globalThis.sep = sep;",
    'node_modules/unnamed/package.json': packageFile('unnamed', '1.0.0'),
    'node_modules/unnamed/index.js': 'globalThis.unnamedWasBundled = true;',
    'node_modules/shared/package.json': packageFile('shared', '1.0.0'),
    'node_modules/shared/index.js': 'export const version = 1;',
    'node_modules/icons/package.json': packageFile('icons', '1.0.0'),
    'node_modules/icons/index.js': "import 'shared';",
    'node_modules/icons/node_modules/shared/package.json': packageFile('shared', '2.0.0'),
    'node_modules/icons/node_modules/shared/index.js': 'export const version = 2;',
  });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('externalPackages', () => {
  it('imports each package left out from where its importer would find it, a bundled package included; bundles the rest', async () => {
    const result = await esbuild.build({
      entryPoints: [path.join(root, 'entry.js')],
      absWorkingDir: root,
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
      plugins: [externalPackages(root, ['icons'])],
    });
    const code = result.outputFiles[0]?.text ?? '';
    const url = (file: string) => pathToFileURL(path.join(root, file)).href;
    // Two imports: the project's shared@1, and icons' own shared@2 (not the project's, as before).
    expect(code).toContain(`import "${url('node_modules/shared/index.js')}";`);
    expect(code).toContain(`import "${url('node_modules/icons/node_modules/shared/index.js')}";`);
    expect(code).toContain('globalThis.unnamedWasBundled = true;');
    expect(code).toContain('from "node:path";');
  });
});

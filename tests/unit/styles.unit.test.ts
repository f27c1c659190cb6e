import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sass from 'sass';
import { describe, expect, it } from 'vitest';
import { matches, SOURCES } from '../../generator/sources';
import { compile, compileNative, NATIVE_SASS, STYLES_ENTRY, styleInputs } from '../../generator/steps/sass';
import { projectRoot as root } from '../../scripts/lib/project';

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

describe('the stylesheet compilers', () => {
  it('are one version of Dart Sass, pinned exactly: the native executable and the sass package', () => {
    expect(manifest.dependencies.sass).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.optionalDependencies[NATIVE_SASS]).toBe(manifest.dependencies.sass);
  });

  it('write the same bytes: the native one where npm installs it (Linux on x64), the sass package everywhere', async () => {
    const native = await compileNative(root);
    const installedHere = process.platform === 'linux' && process.arch === 'x64';
    expect(native === undefined).toBe(!installedHere);
    const css = compile(root);
    expect(css.length).toBeGreaterThan(10_000);
    if (native !== undefined) expect(native).toBe(css);
  });
});

describe('the files a compile may read, which the cached stylesheet depends on', () => {
  const inputs = styleInputs(root);

  it('include every file the sass package loads for the stylesheet', async () => {
    const { loadedUrls } = sass.compile(path.join(root, STYLES_ENTRY), { style: 'compressed' });
    const loaded = loadedUrls.map((url) => path.relative(root, fileURLToPath(url)));
    expect(loaded.length).toBeGreaterThan(20);
    const files = await inputs;
    expect(loaded.filter((file) => !files.includes(file))).toEqual([]);
  });

  it('include every file of the styles sources, those the dev server watches', async () => {
    const files = await inputs;
    const project = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => !/^(?:node_modules|\.git|\.dist-builds|dist)(?:\/|$)/.test(file),
    );
    const styles = project.filter((file) => matches(SOURCES.styles, file));
    expect(styles).toContain(STYLES_ENTRY);
    expect(styles.filter((file) => !files.includes(file))).toEqual([]);
  });
});

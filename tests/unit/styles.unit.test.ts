/**
 * The one stylesheet compiler, Dart Sass (the `sass` package, the same on every platform): the
 * files a compile read are what its cached stylesheet is checked against, and an error names the
 * file and line.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sass from 'sass';
import { afterAll, describe, expect, it } from 'vitest';
import { compileStyles } from '../../generator/steps/styles';
import { StylesCompiler } from '../../generator/styles-compiler';
import { projectRoot as root } from '../../scripts/lib/project';
import config from '../../site.config';

const temporary: string[] = [];

afterAll(async () => {
  await Promise.all(temporary.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A project of its own: a styles folder, and the real project's packages. */
async function project(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'styles-'));
  temporary.push(folder);
  await symlink(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), contents);
  }
  return folder;
}

describe('the stylesheet', () => {
  const compiler = new StylesCompiler(root);
  afterAll(() => compiler.close());

  it("is the sass package's, compressed, and names every file it read", async () => {
    const { css, reads } = await compileStyles(root, config.styles, compiler);
    const { loadedUrls } = sass.compile(path.join(root, config.styles), { style: 'compressed', charset: false });
    expect(css).toBe(sass.compile(path.join(root, config.styles), { style: 'compressed', charset: false }).css);
    // And the code that compiles it, whose options shape the CSS too.
    expect(reads.filter((file) => !file.startsWith('generator/')).sort()).toEqual(
      loadedUrls.map((url) => path.relative(root, fileURLToPath(url))).sort(),
    );
    expect(reads.length).toBeGreaterThan(20);
  });

  it('fails on an error naming the partial and its line', async () => {
    const folder = await project({
      'styles/main.scss': "@use 'parts/broken';\n",
      'styles/parts/_broken.scss': '.a {\n  color: $missing;\n}\n',
    });
    const own = new StylesCompiler(folder);
    try {
      await expect(compileStyles(folder, 'styles/main.scss', own)).rejects.toThrow(
        /^SCSS error in styles\/parts\/_broken\.scss:2:10: Undefined variable\.$/,
      );
      // The same worker compiles the mended file, as a dev session's does on the next save (text of this run's own, which
      // no cache holds).
      const text = randomUUID();
      await writeFile(path.join(folder, 'styles/parts/_broken.scss'), `.a {\n  content: "${text}";\n}\n`);
      await expect(compileStyles(folder, 'styles/main.scss', own)).resolves.toMatchObject({ css: `.a{content:"${text}"}` });
    } finally {
      await own.close();
    }
  });
});

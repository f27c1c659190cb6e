import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../generator/failure';
import { type BuildResult, runBuild } from '../../generator/pipeline';
import { projectRoot } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';
import { fixture, leftovers } from '../support/output';

const origin = 'https://www.example.test';
const quiet = { log: () => {}, siteUrl: origin };
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'links-test-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('a build of the site', () => {
  let outDir: string;
  /** The real site's build, which a build with broken references must leave as it was. */
  let real: BuildResult;

  beforeAll(async () => {
    outDir = path.join(workDir, 'real', 'dist');
    real = await runBuild({ root: projectRoot, ...quiet, outDir });
  });

  it('passes on the real site: no broken link, anchor or asset', () => {
    expect(real).toMatchObject({ timings: expect.arrayContaining([expect.objectContaining({ step: 'links' })]) });
  });

  it('with broken references fails with a message naming the file and route, and leaves the previous output intact', async () => {
    const before = await fingerprint(outDir);

    const failure = runBuild({ root: projectRoot, ...quiet, outDir, pages: fixture('broken-links.tsx') });
    await expect(failure).rejects.toBeInstanceOf(BuildError);
    // Six: React also hoists a <link rel="preload"> for the image into the head.
    await expect(failure).rejects.toThrow(/found 6 broken references/);
    // The page's own stylesheet is read on the main thread, by the CSS reader the render workers do not load.
    await expect(failure).rejects.toThrow(
      /zz-test-broken\/index\.html \(route \/zz-test-broken\): <style> url\(\/assets\/zz-test-missing\.png\) points at nothing/,
    );
    await expect(failure).rejects.toThrow(
      /zz-test-broken\/index\.html \(route \/zz-test-broken\): <link href="\/assets\/chart\.png"> points at nothing/,
    );
    await expect(failure).rejects.toThrow(
      /zz-test-broken\/index\.html \(route \/zz-test-broken\): <a href="\/zz-test-missing\/"> points at nothing/,
    );
    await expect(failure).rejects.toThrow(/zz-test-broken\/index\.html \(route \/zz-test-broken\): <a href="#faq"> points at #faq/);
    // Read by the render worker, then again by the link check to name every page: both must see it.
    await expect(failure).rejects.toThrow(/zz-test-broken\/index\.html \(route \/zz-test-broken\): <a href=" #steps"> points at #steps/);
    await expect(failure).rejects.toThrow(
      /zz-test-broken\/index\.html \(route \/zz-test-broken\): <img src="\/assets\/chart\.png"> points at nothing/,
    );
    await expect(failure.catch((error: BuildError) => [error.file, error.route])).resolves.toEqual([
      'zz-test-broken/index.html',
      '/zz-test-broken',
    ]);

    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });
});

/**
 * The cache's one key scheme: an entry is found again only while what it was made from holds the same bytes, the installed
 * packages are the same (the lockfile, patches/) and the generator is the same; a file's stat counts for nothing.
 */
import { mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheDir, entryKey, fileClock, lookup, lookupMeta, pruneCache, store } from '../../generator/cache.mjs';
import { clockPast } from '../support/files';

let root: string;
let input: string;
const KIND = 'test';
/** A time that utimes sets exactly (it takes seconds as a double). */
const WHOLE_SECOND = Math.floor(Date.now() / 1000) - 60;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cache-key-'));
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  // In a folder of its own: the cache's own folder, made in the root, is no input.
  mkdirSync(path.join(root, 'site'));
  input = path.join(root, 'site', 'input.txt');
  writeFileSync(input, 'first');
  utimesSync(input, WHOLE_SECOND, WHOLE_SECOND);
  await clockPast(root, input);
});

afterEach(() => rm(root, { recursive: true, force: true }));

/** A key of the options alone, as a step makes one; the installed packages and the generator are in it. */
const key = () => entryKey(root, KIND, ['the options']);
/** As a step stores what it made: the file system's time taken before its inputs were read. */
const put = () =>
  store(root, KIND, key(), { output: 'made from site/input.txt', inputs: ['site/input.txt'], readFrom: fileClock(root), extension: 'txt' });
const hit = () => lookup(root, KIND, key()) !== undefined;

describe('the cache', () => {
  it('keeps an entry that is its meta alone in one file, found by lookupMeta and by no caller that links a file', () => {
    store(root, KIND, key(), { meta: { runs: [['const', 1]] } });
    expect(readdirSync(path.join(cacheDir(root), KIND))).toHaveLength(1);
    expect(lookupMeta(root, KIND, key())?.meta).toEqual({ runs: [['const', 1]] });
    expect(lookup(root, KIND, key())).toBeUndefined();
  });

  it('finds an entry while the files it was made from hold the same bytes, whatever their stat says', () => {
    put();
    expect(hit()).toBe(true);
    utimesSync(input, new Date(), new Date());
    expect(hit()).toBe(true);
    // Other bytes of the same size, the modification time set back as `cp -p`, rsync or an archive would.
    writeFileSync(input, 'FIRST');
    utimesSync(input, WHOLE_SECOND, WHOLE_SECOND);
    expect(hit()).toBe(false);
  });

  it('keeps nothing made from a file changed since the inputs began to be read, nor without that time', async () => {
    const readFrom = fileClock(root);
    writeFileSync(input, 'saved while it compiled');
    // A modification time set back, as `cp -p` would: the change time still says when.
    utimesSync(input, WHOLE_SECOND, WHOLE_SECOND);
    expect(store(root, KIND, key(), { output: 'made', inputs: ['site/input.txt'], readFrom, extension: 'txt' })).toBeUndefined();
    expect(store(root, KIND, key(), { output: 'made', inputs: ['site/input.txt'], extension: 'txt' })).toBeUndefined();
    expect(hit()).toBe(false);
    await clockPast(root, input);
    put();
    expect(hit()).toBe(true);
  });

  it("checks an input's folder by its names: a new file misses, a new link or hidden name (the build's own output) does not", () => {
    put();
    const folder = path.dirname(input);
    symlinkSync(root, path.join(folder, 'dist'));
    writeFileSync(path.join(folder, '.hidden'), '');
    expect(hit()).toBe(true);
    writeFileSync(path.join(folder, 'beside.ts'), '');
    expect(hit()).toBe(false);
  });

  it('keys every entry on the lockfile and on the patches of packages: another install, or a patch, makes them anew', () => {
    // Three projects alike but for what is installed (each process reads its project's install once).
    const project = (name: string, lockfile: string, patch?: string) => {
      const folder = path.join(root, name);
      mkdirSync(path.join(folder, 'patches'), { recursive: true });
      writeFileSync(path.join(folder, 'package-lock.json'), lockfile);
      if (patch) writeFileSync(path.join(folder, 'patches', 'sharp+0.35.5.patch'), patch);
      return entryKey(folder, KIND, ['the options']);
    };
    const installed = project('installed', '{"packages":{"node_modules/sharp":{"version":"0.35.5"}}}');
    expect(project('same', '{"packages":{"node_modules/sharp":{"version":"0.35.5"}}}')).toBe(installed);
    expect(project('updated', '{"packages":{"node_modules/sharp":{"version":"0.35.6"}}}')).not.toBe(installed);
    expect(project('patched', '{"packages":{"node_modules/sharp":{"version":"0.35.5"}}}', '--- a/lib\n+++ b/lib\n')).not.toBe(installed);
  });

  it('names an input outside the root by its absolute path, so that a copy of the project sharing the cache reads that very file', async () => {
    // Two projects at the same depth, the second's node_modules (and so its cache) the first's, as a copy of the project has it.
    const first = path.join(root, 'one', 'project');
    const second = path.join(root, 'two', 'project');
    const outside = path.join(root, 'one', 'pages.ts');
    for (const project of [first, second]) mkdirSync(path.join(project, 'site'), { recursive: true });
    for (const project of [first, second]) writeFileSync(path.join(project, 'site', 'page.ts'), 'the same page');
    for (const project of [first, second]) writeFileSync(path.join(project, 'package-lock.json'), '{}');
    writeFileSync(outside, 'the pages module');
    mkdirSync(path.join(first, 'node_modules'));
    symlinkSync(path.join(first, 'node_modules'), path.join(second, 'node_modules'));
    const shared = entryKey(first, KIND, ['shared']);
    expect(entryKey(second, KIND, ['shared'])).toBe(shared);
    // The last file written.
    await clockPast(first, outside);
    store(first, KIND, shared, { output: 'made', inputs: ['site/page.ts', outside], readFrom: fileClock(first), extension: 'txt' });
    const inputs = (project: string) => lookup(project, KIND, shared)?.inputs;
    expect(inputs(second)).toEqual([outside, 'site/page.ts'].sort());
    writeFileSync(outside, 'the pages module changed');
    expect(inputs(second)).toBeUndefined();
  });

  it('prunes at the end of a build and never what it used, however many: only entries unused for the hour go', () => {
    const keyOf = (index: number) => entryKey(root, KIND, [`entry ${index}`]);
    const found = (index: number) => lookup(root, KIND, keyOf(index)) !== undefined;
    const folder = path.join(cacheDir(root), KIND);
    for (let index = 0; index < 100; index += 1) store(root, KIND, keyOf(index), { output: `card ${index}`, extension: 'png' });
    // Made by a build two hours ago.
    const before = Date.now() / 1000 - 2 * 60 * 60;
    for (const name of readdirSync(folder)) utimesSync(path.join(folder, name), before, before);
    // This build uses 60 of them, half after it stored a new one: an entry it had yet to use was pruned at that store.
    const started = Date.now();
    for (let index = 0; index < 30; index += 1) expect(found(index)).toBe(true);
    store(root, KIND, keyOf(100), { output: 'card 100', extension: 'png' });
    for (let index = 30; index < 60; index += 1) expect(found(index)).toBe(true);
    expect(readdirSync(folder)).toHaveLength(202);
    pruneCache(root, started);
    for (let index = 0; index <= 100; index += 1) if (index < 60 || index === 100) expect(found(index)).toBe(true);
    // Of the 40 it did not use, not all are kept: the cache does not grow with every build.
    const unused = Array.from({ length: 40 }, (_, offset) => 60 + offset).filter(found);
    expect(unused.length).toBeLessThan(40);
    // Each record gone took its output with it.
    expect(readdirSync(folder)).toHaveLength(2 * (61 + unused.length));
  });
});

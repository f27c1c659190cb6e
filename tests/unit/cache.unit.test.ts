/**
 * How the cache checks an entry's inputs. Inputs last written over a second ago are checked by their stat, which any write
 * moves (its ctime, which no program sets back, even one that restores the modification time); newer ones are read. The
 * same bytes under a new stat (a touch, a checkout) stay a hit, and are stamped again once settled. Their folders are
 * checked by the names in them.
 */
import { mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheDir, hashParts, lookupFile, store } from '../../generator/cache.mjs';

let root: string;
let input: string;
const KIND = 'test';
const KEY = 'the key';
/** A time that utimes sets exactly (it takes seconds as a double). */
const WHOLE_SECOND = Math.floor(Date.now() / 1000) - 60;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cache-stamp-'));
  // In a folder of its own: the cache's own folder, made in the root, is no input.
  mkdirSync(path.join(root, 'site'));
  input = path.join(root, 'site', 'input.txt');
  writeFileSync(input, 'first');
  utimesSync(input, WHOLE_SECOND, WHOLE_SECOND);
});

afterEach(() => rm(root, { recursive: true, force: true }));

/** What the cache takes as settled: the file and its folder last changed over a second ago. */
async function settled(): Promise<void> {
  const changed = Math.max(...[input, path.dirname(input)].map((file) => Math.max(statSync(file).ctimeMs, statSync(file).mtimeMs)));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, changed + 1_050 - Date.now())));
}

const stampOf = (): string | null => JSON.parse(readFileSync(path.join(cacheDir(root), KIND, `${hashParts([KEY])}.json`), 'utf8')).stamp;
const put = () => store(root, KIND, KEY, { output: 'made from site/input.txt', inputs: ['site/input.txt'], extension: 'txt' });
const hit = () => lookupFile(root, KIND, KEY) !== undefined;

/** Other bytes of the same size, the modification time set back as `cp -p`, rsync or an archive would. */
function rewriteUnseenByMtime(): void {
  writeFileSync(input, 'FIRST');
  utimesSync(input, WHOLE_SECOND, WHOLE_SECOND);
}

describe('the cache', () => {
  it('checks settled inputs by their stat, and sees a write that keeps the size and the modification time', async () => {
    await settled();
    put();
    expect(stampOf()).toMatch(/^[0-9a-f]{64}$/);
    expect(hit()).toBe(true);
    rewriteUnseenByMtime();
    expect(hit()).toBe(false);
  });

  it("checks an input's folder by its names: a new file misses, a new link or hidden name (the build's own output) does not", async () => {
    await settled();
    put();
    const folder = path.dirname(input);
    symlinkSync(root, path.join(folder, 'dist'));
    writeFileSync(path.join(folder, '.hidden'), '');
    expect(hit()).toBe(true);
    writeFileSync(path.join(folder, 'beside.ts'), '');
    expect(hit()).toBe(false);
  });

  it('reads inputs written within the second, which a second write in the same clock tick could change unseen', () => {
    put();
    expect(stampOf()).toBeNull();
    expect(hit()).toBe(true);
    rewriteUnseenByMtime();
    expect(hit()).toBe(false);
  });

  it('keeps the same bytes under a new stat, and stamps them again once they settle', async () => {
    await settled();
    put();
    const first = stampOf();
    utimesSync(input, new Date(), new Date());
    expect(hit()).toBe(true);
    expect(stampOf()).toBe(first);
    await settled();
    expect(hit()).toBe(true);
    expect(stampOf()).not.toBe(first);
    expect(stampOf()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names an input outside the root by its absolute path, so that a copy of the project sharing the cache reads that very file', () => {
    // Two projects at the same depth, the second's node_modules (and so its cache) the first's, as a copy of the project has it.
    const first = path.join(root, 'one', 'project');
    const second = path.join(root, 'two', 'project');
    const outside = path.join(root, 'one', 'generator.ts');
    for (const project of [first, second]) mkdirSync(path.join(project, 'site'), { recursive: true });
    for (const project of [first, second]) writeFileSync(path.join(project, 'site', 'page.ts'), 'the same page');
    writeFileSync(outside, 'the code that made it');
    mkdirSync(path.join(first, 'node_modules'));
    symlinkSync(path.join(first, 'node_modules'), path.join(second, 'node_modules'));
    store(first, KIND, KEY, { output: 'made', inputs: ['site/page.ts', outside], extension: 'txt' });
    const inputs = (project: string) => lookupFile(project, KIND, KEY)?.inputs;
    expect(inputs(second)).toEqual(['site/page.ts', outside]);
    writeFileSync(outside, 'the code changed');
    expect(inputs(second)).toBeUndefined();
  });
});

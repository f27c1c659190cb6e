/** The one writer: an asset the cache keeps is linked from the cache's copy, and written from its bytes when that copy is gone. */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Writer } from '../../generator/writer';

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'writer-'));
});

afterEach(() => rm(folder, { recursive: true, force: true }));

const writerIn = (root: string) => new Writer(path.join(root, 'out'), path.join(root, 'work'));
const contents = Buffer.from('a PNG, as far as this test cares');

describe('an asset the cache keeps', () => {
  it("is the cache's copy, linked into the output, not written a second time", () => {
    const kept = path.join(folder, 'kept.png');
    writeFileSync(kept, contents);
    const asset = writerIn(folder).asset('/', { name: 'card', extension: 'png', contents }, () => kept);
    const written = path.join(folder, 'out', asset.file.path);
    expect(readFileSync(written)).toEqual(contents);
    expect(statSync(written).ino).toBe(statSync(kept).ino);
  });

  it("is written from its bytes when the cache's copy is gone (a cache emptied beside the build)", () => {
    const gone = path.join(folder, 'cache', 'gone.png');
    const asset = writerIn(folder).asset('/', { name: 'card', extension: 'png', contents }, () => gone);
    expect(existsSync(gone)).toBe(false);
    expect(readFileSync(path.join(folder, 'out', asset.file.path))).toEqual(contents);
  });
});

/**
 * The WOFF2 encoder of generator/woff2.ts against wawoff2 (Google's reference encoder compiled to
 * WebAssembly, which the build used before): the same transformed tables before compression, a
 * file no larger, and the same font once decoded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { characterMap, decodeWoff2, loadSubsetter } from '../../generator/font-subset';
import { FONT, SAFETY_CHARACTERS } from '../../generator/steps/fonts';
import { encodeWoff2 } from '../../generator/woff2';
import { projectRoot as root } from '../../scripts/lib/project';

const fromProject = createRequire(path.join(root, 'package.json'));
const compress = fromProject('wawoff2/compress') as (ttf: Uint8Array) => Promise<Uint8Array>;
// It hands back a view of its WebAssembly memory, which its next call reuses: copied at once.
const reference = async (ttf: Uint8Array) => Buffer.from(await compress(ttf));

/**
 * A WOFF2 file's parts: the header and table directory, its one Brotli stream decompressed, and
 * where each table's data is in it (by the index of its tag, §4.1).
 */
function parts(woff2: Buffer) {
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (;;) {
      const byte = woff2[at++] ?? 0;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
  };
  const tables = new Map<number, { at: number; length: number }>();
  let offset = 0;
  for (let table = 0; table < woff2.readUInt16BE(12); table += 1) {
    const flags = woff2[at++] ?? 0;
    if ((flags & 0x3f) === 0x3f) at += 4;
    let length = base128();
    // glyf (10) and loca (11) carry a transform length with version 0, every other table with any other.
    if ([10, 11].includes(flags & 0x3f) === flags >> 6 < 1) length = base128();
    tables.set(flags & 0x3f, { at: offset, length });
    offset += length;
  }
  const end = at + woff2.readUInt32BE(20);
  return {
    header: woff2.subarray(0, 48),
    directory: woff2.subarray(48, at),
    data: brotliDecompressSync(woff2.subarray(at, end)),
    tables,
    padding: woff2.subarray(end),
  };
}

/** The header without its two fields that depend on the compressor: length and totalCompressedSize. */
const headerFields = (header: Buffer) => Buffer.concat([header.subarray(0, 8), header.subarray(12, 20), header.subarray(24)]);

const fonts: Record<string, Buffer> = {};

beforeAll(async () => {
  const source = readFileSync(fromProject.resolve(FONT.source));
  fonts['the site font (the whole Latin file)'] = await decodeWoff2(root, source);
  // A subset as the build makes one, decoded again: the shape of font the encoder is written for.
  const subsetter = await loadSubsetter(root, source);
  const subset = await subsetter.subset(SAFETY_CHARACTERS, { features: ['kern', 'tnum'], weights: { min: 400, max: 700 } });
  fonts['a subset of it'] = await decodeWoff2(root, subset.font);
});

describe('a font encoded as WOFF2', () => {
  it.each(['the site font (the whole Latin file)', 'a subset of it'])(
    '%s: the tables and transforms of wawoff2, no larger',
    async (name) => {
      const ttf = fonts[name] ?? Buffer.alloc(0);
      const ours = await encodeWoff2(ttf);
      const theirs = await reference(ttf);
      const [mine, wawoff2s] = [parts(ours), parts(theirs)];
      // The data before compression (every table, glyf transformed) byte for byte, and the same directory.
      expect(mine.data.length).toBeGreaterThan(ttf.length / 3);
      expect(mine.data.equals(wawoff2s.data)).toBe(true);
      expect(mine.directory.equals(wawoff2s.directory)).toBe(true);
      expect(headerFields(mine.header).equals(headerFields(wawoff2s.header))).toBe(true);
      // Node's Brotli compresses as well or better; the file ends padded with zeros to four bytes.
      expect(ours.length).toBeLessThanOrEqual(theirs.length);
      expect(ours.length % 4).toBe(0);
      expect([...mine.padding].every((byte) => byte === 0)).toBe(true);
      // Decoded, the very same font: every glyph and table.
      expect((await decodeWoff2(root, ours)).equals(await decodeWoff2(root, theirs))).toBe(true);
    },
  );

  it('is the same bytes every time', async () => {
    const ttf = fonts['a subset of it'] ?? Buffer.alloc(0);
    const [first, second] = await Promise.all([encodeWoff2(ttf), encodeWoff2(ttf)]);
    expect(first.equals(second)).toBe(true);
  });

  it('keeps the flag of glyphs whose contours overlap, which wawoff2 drops: its one difference', async () => {
    // Inter's static cut, which the brand images are drawn with, flags its overlapping glyphs.
    const ttf = readFileSync(path.join(root, 'generator/steps/brand-fonts/Inter-Regular.ttf'));
    const mine = parts(await encodeWoff2(ttf));
    const theirs = parts(await reference(ttf));
    const glyf = mine.tables.get(10) ?? { at: 0, length: 0 };
    const theirGlyf = theirs.tables.get(10) ?? { at: 0, length: 0 };
    // Its optionFlags (§5.1) say that a bit array of those glyphs ends the transformed glyf table.
    expect(mine.data.readUInt16BE(glyf.at + 2)).toBe(1);
    expect(theirs.data.readUInt16BE(glyf.at + 2)).toBe(0);
    const bitmap = (mine.data.readUInt16BE(glyf.at + 4) + 7) >> 3;
    expect(glyf.length).toBe(theirGlyf.length + bitmap);
    const flagged = [...mine.data.subarray(glyf.at + glyf.length - bitmap, glyf.at + glyf.length)];
    expect(flagged.reduce((sum, byte) => sum + popcount(byte), 0)).toBeGreaterThan(100);
    // Everything else is wawoff2's, but for head's checkSumAdjustment, a sum over the glyf table with those flags.
    const rest = ({ data, tables }: ReturnType<typeof parts>, bitmapBytes: number) => {
      const copy = Buffer.from(data);
      const head = tables.get(1)?.at ?? 0;
      copy.fill(0, head + 8, head + 12);
      copy.fill(0, glyf.at + 2, glyf.at + 4);
      return Buffer.concat([copy.subarray(0, glyf.at + theirGlyf.length), copy.subarray(glyf.at + theirGlyf.length + bitmapBytes)]);
    };
    expect(rest(mine, bitmap).equals(rest(theirs, 0))).toBe(true);
  });
});

describe('the characters a font maps', () => {
  it('are those HarfBuzz reads from its character map', async () => {
    const harfbuzz = (await import(pathToFileURL(fromProject.resolve('harfbuzzjs')).href)) as {
      Blob: new (data: Uint8Array) => object;
      Face: new (blob: object) => { collectUnicodes: () => Uint32Array };
    };
    for (const ttf of Object.values(fonts)) {
      const theirs = [...new harfbuzz.Face(new harfbuzz.Blob(ttf)).collectUnicodes()].sort((a, b) => a - b);
      expect(theirs.length).toBeGreaterThan(90);
      expect([...characterMap(ttf)].map((character) => character.codePointAt(0))).toEqual(theirs);
    }
  });
});

function popcount(byte: number): number {
  let count = 0;
  for (let bits = byte; bits; bits >>= 1) count += bits & 1;
  return count;
}

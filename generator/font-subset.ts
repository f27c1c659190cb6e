/**
 * The font subsetter: HarfBuzz's hb-subset (harfbuzz-subset.wasm, from the harfbuzzjs package)
 * called directly, as the subset-font package did; the source font decoded from WOFF2 once
 * (wawoff2's decoder); a character map reader; and the WOFF2 encoder of woff2.ts. Loaded only
 * when the cache has no subset for these very inputs, and started early by a build that will
 * need it (prepareSubsetting in steps/fonts.ts): HarfBuzz's WebAssembly compiles on V8's
 * background threads and the font is decoded while the build does other work.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { encodeWoff2 } from './woff2';

export interface SubsetOptions {
  /** OpenType features whose glyphs and rules are kept; every other is dropped with its glyphs. */
  features: readonly string[];
  /** The range of the weight axis kept; the rest of the design space is cut away. */
  weights: { min: number; max: number };
}

export interface Subset {
  /** The subset, as WOFF2. */
  font: Buffer;
  /** The characters asked for that the font has, in code point order. */
  characters: string;
}

export interface Subsetter {
  /** Every character the source font has a glyph for, in code point order. */
  characters: string;
  /** The font cut down to `characters` (those it has), as WOFF2. */
  subset: (characters: string, options: SubsetOptions) => Promise<Subset>;
}

/** The exports of harfbuzz-subset.wasm used here (HarfBuzz's C API; pointers are numbers). */
interface HarfBuzz {
  memory: WebAssembly.Memory;
  _initialize: () => void;
  malloc: (bytes: number) => number;
  free: (pointer: number) => void;
  hb_blob_create: (data: number, length: number, mode: number, userData: number, destroy: number) => number;
  hb_blob_destroy: (blob: number) => void;
  hb_blob_get_data: (blob: number, length: number) => number;
  hb_blob_get_length: (blob: number) => number;
  hb_face_create: (blob: number, index: number) => number;
  hb_face_destroy: (face: number) => void;
  hb_face_reference_blob: (face: number) => number;
  hb_set_add: (set: number, value: number) => void;
  hb_set_clear: (set: number) => void;
  hb_subset_input_create_or_fail: () => number;
  hb_subset_input_destroy: (input: number) => void;
  hb_subset_input_set: (input: number, which: number) => number;
  hb_subset_input_unicode_set: (input: number) => number;
  hb_subset_input_set_axis_range: (input: number, face: number, axis: number, min: number, max: number, def: number) => number;
  hb_subset_or_fail: (face: number, input: number) => number;
}

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;

/** The last subsetter loaded: the one a build starts early (prepareSubsetting) is the one its fonts step gets. */
let loaded: { wasm: string; woff2: Buffer; subsetter: Promise<Subsetter> } | undefined;

/** The subsetter for a font (WOFF2), with the tools from the project's own install. */
export function loadSubsetter(root: string, font: Buffer): Promise<Subsetter> {
  const wasm = createRequire(path.join(root, 'package.json')).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
  if (loaded?.wasm !== wasm || !loaded.woff2.equals(font)) loaded = { wasm, woff2: font, subsetter: startSubsetter(root, wasm, font) };
  return loaded.subsetter;
}

async function startSubsetter(root: string, wasm: string, font: Buffer): Promise<Subsetter> {
  // A build runs HarfBuzz's WebAssembly once, for milliseconds: V8's optimising compiler would
  // spend more CPU on it in the background than it saves (the fonts step is faster without it),
  // and Node 20 waits for that compiler before it exits (0.1 s). Set before any is compiled.
  setFlagsFromString('--liftoff-only');
  const [ttf, harfbuzz] = await Promise.all([decodeWoff2(root, font), readFile(wasm).then((bytes) => WebAssembly.instantiate(bytes))]);
  const hb = harfbuzz.instance.exports as unknown as HarfBuzz;
  hb._initialize();
  return {
    characters: characterMap(ttf),
    subset: async (characters, options) => {
      const subset = subsetTtf(hb, ttf, characters, options);
      return { font: await encodeWoff2(subset), characters: characterMap(subset) };
    },
  };
}

/** A WOFF2 font decoded to TrueType, by wawoff2 (Google's reference decoder) from the project's own install. */
export async function decodeWoff2(root: string, woff2: Uint8Array): Promise<Buffer> {
  const decompress = createRequire(path.join(root, 'package.json'))('wawoff2/decompress') as (woff2: Uint8Array) => Promise<Uint8Array>;
  // A copy: the decoder hands back a view of its WebAssembly memory, which its next call reuses.
  return Buffer.from(await decompress(woff2));
}

/** hb-subset with these options (`hb-subset --unicodes=… --layout-features=… --instance=wght=min:max`). */
function subsetTtf(hb: HarfBuzz, ttf: Uint8Array, characters: string, { features, weights }: SubsetOptions): Uint8Array {
  const input = hb.hb_subset_input_create_or_fail();
  if (input === 0) throw new Error('HarfBuzz could not start a subset (hb_subset_input_create_or_fail).');
  const data = hb.malloc(ttf.byteLength);
  new Uint8Array(hb.memory.buffer).set(ttf, data);
  const blob = hb.hb_blob_create(data, ttf.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  try {
    const kept = hb.hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    hb.hb_set_clear(kept);
    for (const feature of features) hb.hb_set_add(kept, tag(feature));
    const unicodes = hb.hb_subset_input_unicode_set(input);
    for (const character of characters) hb.hb_set_add(unicodes, character.codePointAt(0) ?? 0);
    // NaN: the axis keeps its default, clamped to the range.
    if (!hb.hb_subset_input_set_axis_range(input, face, tag('wght'), weights.min, weights.max, Number.NaN)) {
      throw new Error(`HarfBuzz could not limit the font's weight axis to ${weights.min}–${weights.max}.`);
    }
    const subset = hb.hb_subset_or_fail(face, input);
    if (subset === 0) throw new Error('HarfBuzz could not subset the font (hb_subset_or_fail).');
    const result = hb.hb_face_reference_blob(subset);
    const at = hb.hb_blob_get_data(result, 0);
    // A copy: the WebAssembly memory is reused, and may grow (which detaches views of it).
    const font = new Uint8Array(hb.memory.buffer).slice(at, at + hb.hb_blob_get_length(result));
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subset);
    if (font.byteLength === 0) throw new Error('HarfBuzz made an empty subset of the font.');
    return font;
  } finally {
    hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(data);
  }
}

function tag(name: string): number {
  return [...name].reduce((value, character) => ((value << 8) | character.charCodeAt(0)) >>> 0, 0);
}

/**
 * Every character a TrueType font maps to a glyph, in code point order: its best Unicode subtable
 * of the character map (OpenType, "cmap"), as HarfBuzz picks it: a full-repertoire one (format
 * 12) before a basic-plane one (format 4).
 */
export function characterMap(ttf: Uint8Array): string {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  let cmap: number | undefined;
  for (let index = 0; index < view.getUint16(4); index += 1) {
    const record = 12 + 16 * index;
    if (view.getUint32(record) === tag('cmap')) cmap = view.getUint32(record + 8);
  }
  if (cmap === undefined) throw new Error('The font has no character map (cmap).');
  const subtables = new Map<string, number>();
  for (let index = 0; index < view.getUint16(cmap + 2); index += 1) {
    const record = cmap + 4 + 8 * index;
    subtables.set(`${view.getUint16(record)},${view.getUint16(record + 2)}`, cmap + view.getUint32(record + 4));
  }
  for (const encoding of ['3,10', '0,6', '0,4', '3,1', '0,3', '0,2', '0,1', '0,0']) {
    const at = subtables.get(encoding);
    const format = at === undefined ? undefined : view.getUint16(at);
    if (at === undefined || (format !== 4 && format !== 12)) continue;
    const codes = format === 4 ? format4(view, at) : format12(view, at);
    return codes
      .sort((a, b) => a - b)
      .map((code) => String.fromCodePoint(code))
      .join('');
  }
  throw new Error('The font has no Unicode character map of format 4 or 12.');
}

/** Segments of 16-bit codes, each mapped by a delta or through the glyph index array. */
function format4(view: DataView, at: number): number[] {
  const segments = view.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  const codes: number[] = [];
  for (let segment = 0; segment < segments; segment += 1) {
    const start = view.getUint16(starts + 2 * segment);
    const end = view.getUint16(ends + 2 * segment);
    const delta = view.getUint16(deltas + 2 * segment);
    const rangeOffset = view.getUint16(rangeOffsets + 2 * segment);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      // Through the glyph index array, where 0 is "no glyph"; else the code itself, plus the delta.
      const glyph = rangeOffset === 0 ? code : view.getUint16(rangeOffsets + 2 * segment + rangeOffset + 2 * (code - start));
      if ((rangeOffset === 0 || glyph !== 0) && (glyph + delta) % 0x10000 !== 0) codes.push(code);
    }
  }
  return codes;
}

/** Groups of consecutive codes mapped to consecutive glyphs. */
function format12(view: DataView, at: number): number[] {
  const codes: number[] = [];
  for (let group = 0; group < view.getUint32(at + 12); group += 1) {
    const record = at + 16 + 12 * group;
    const first = view.getUint32(record + 8);
    for (let code = view.getUint32(record); code <= view.getUint32(record + 4); code += 1) {
      if (first + code - view.getUint32(record) !== 0) codes.push(code);
    }
  }
  return codes;
}

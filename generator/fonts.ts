/** The font cut by HarfBuzz's hb-subset to what the site uses, read and written as WOFF2 by wawoff2 (Google's reference codec). */
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { projectRequire as requireFrom } from './cache.mjs';
import type { StyleDeclaration, Term } from './css';

export interface SubsetOptions {
  /** Every other is dropped with its glyphs. */
  features: readonly string[];
  /** The rest of the design space is cut away, other axes pinned to their default. */
  weights: { min: number; max: number };
}

/** A font decoded once, and cut as often as asked. */
export interface Subsetter {
  /** In code point order. */
  characters: string;
  weightAxis: { min: number; max: number };
  /** As WOFF2. */
  subset: (characters: string, options: SubsetOptions) => Promise<Buffer>;
}

/** HarfBuzz's C API, as harfbuzz-subset.wasm exports it: pointers are numbers. */
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
  hb_subset_input_pin_axis_to_default: (input: number, face: number, axis: number) => number;
  hb_subset_or_fail: (face: number, input: number) => number;
}

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;

export async function decodeWoff2(root: string, woff2: Uint8Array): Promise<Buffer> {
  const decompress = requireFrom(root)('wawoff2/decompress') as (woff2: Uint8Array) => Promise<Uint8Array>;
  // A copy: the decoder hands back a view of its WebAssembly memory, which its next call reuses.
  return Buffer.from(await decompress(woff2));
}

/** wawoff2 answers with a view of its WebAssembly memory, which its next call reuses: one call at a time. */
let encoding: Promise<unknown> = Promise.resolve();

async function encodeWoff2(root: string, ttf: Uint8Array): Promise<Buffer> {
  const compress = requireFrom(root)('wawoff2/compress') as (ttf: Uint8Array) => Promise<Uint8Array>;
  const encoded = encoding.then(async () => Buffer.from(await compress(ttf)));
  encoding = encoded.catch(() => {});
  return encoded;
}

export async function loadSubsetter(root: string, woff2: Uint8Array): Promise<Subsetter> {
  // HarfBuzz runs for milliseconds: V8's optimising compiler would cost more than it saves, and Node 20 waits for it to exit.
  setFlagsFromString('--liftoff-only');
  const wasm = requireFrom(root).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
  const [ttf, harfbuzz] = await Promise.all([decodeWoff2(root, woff2), readFile(wasm).then((bytes) => WebAssembly.instantiate(bytes))]);
  const hb = harfbuzz.instance.exports as unknown as HarfBuzz;
  hb._initialize();
  // Read by HarfBuzz itself, as hb-subset reads them: its cmap subtable of choice, its axes.
  const { Blob, Face } = await import('harfbuzzjs');
  const face = new Face(new Blob(ttf), 0);
  const axes = face.getAxisInfos();
  return {
    characters: Array.from(face.collectUnicodes().sort(), (code) => String.fromCodePoint(code)).join(''),
    weightAxis: axes.wght ?? { min: 400, max: 400 },
    subset: (characters, options) => encodeWoff2(root, subsetTtf(hb, ttf, Object.keys(axes), characters, options)),
  };
}

/** `hb-subset --unicodes=… --layout-features=… --instance=wght=min:max`, other axes pinned. */
function subsetTtf(
  hb: HarfBuzz,
  ttf: Uint8Array,
  axes: readonly string[],
  characters: string,
  { features, weights }: SubsetOptions,
): Uint8Array {
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
    for (const axis of axes) {
      // NaN: the axis keeps its default, clamped to the range.
      const done =
        axis === 'wght'
          ? hb.hb_subset_input_set_axis_range(input, face, tag(axis), weights.min, weights.max, Number.NaN)
          : hb.hb_subset_input_pin_axis_to_default(input, face, tag(axis));
      if (!done) throw new Error(`HarfBuzz could not limit the font's ${axis} axis.`);
    }
    const subset = hb.hb_subset_or_fail(face, input);
    if (subset === 0) throw new Error('HarfBuzz could not subset the font (hb_subset_or_fail).');
    const result = hb.hb_face_reference_blob(subset);
    const at = hb.hb_blob_get_data(result, 0);
    // A copy: the WebAssembly memory is reused, and may grow (which detaches views).
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

export interface FontUsage {
  /** 400 and 700 always among them; undefined for the whole axis (`bolder`, `lighter`). */
  weights: { min: number; max: number } | undefined;
  features: string[];
  /** Written by the stylesheet itself (`content`, quotation marks). */
  characters: string;
  /** text-transform draws other letters. */
  changesCase: boolean;
  /** A stylesheet that never names the family never uses the font. */
  names: (family: string) => boolean;
}

const VARIANT_FEATURES: Readonly<Record<string, readonly string[]>> = {
  'tabular-nums': ['tnum'],
  'proportional-nums': ['pnum'],
  'lining-nums': ['lnum'],
  'oldstyle-nums': ['onum'],
  'diagonal-fractions': ['frac'],
  'stacked-fractions': ['afrc'],
  ordinal: ['ordn'],
  'slashed-zero': ['zero'],
  'small-caps': ['smcp'],
  'all-small-caps': ['smcp', 'c2sc'],
  'common-ligatures': ['liga', 'clig'],
  'discretionary-ligatures': ['dlig'],
  contextual: ['calt'],
};

/** From the stylesheet's declarations (css.ts). */
export function fontUsage(declarations: readonly StyleDeclaration[]): FontUsage {
  const weights = new Set([400, 700]);
  let wholeAxis = false;
  const features = new Set<string>();
  let characters = '';
  let changesCase = false;
  const families: string[] = [];
  const addWeight = (term: Term) => {
    if (term.type === 'number' && term.unit === '') weights.add(term.value);
    // Relative to the parent's (bolder), or known only to the browser (var()): any.
    else if (!(term.type === 'word' && /^(?:normal|bold|inherit|initial|unset|revert|revert-layer)$/i.test(term.value))) wholeAxis = true;
  };
  const addVariants = (terms: readonly Term[]) => {
    for (const term of terms)
      if (term.type === 'word' && Object.hasOwn(VARIANT_FEATURES, term.value))
        for (const feature of VARIANT_FEATURES[term.value] ?? []) features.add(feature);
  };
  for (const { property, value } of declarations) {
    if (property === 'font-weight') {
      if (value[0]) addWeight(value[0]);
    } else if (property === 'font-feature-settings') {
      for (const [name, setting] of commaSeparated(value)) {
        const off = setting?.type === 'number' ? setting.value === 0 : setting?.type === 'word' && setting.value === 'off';
        if (name?.type === 'string' && /^[\x20-\x7e]{4}$/.test(name.value) && !off) features.add(name.value);
      }
    } else if (property === 'font-variant' || property.startsWith('font-variant-')) addVariants(value);
    else if (property === 'content') {
      characters += stringsOf(value);
      // Quotation marks as the language's defaults draw them.
      if (value.some((term) => term.type === 'word' && /^(?:open|close)-quote$/.test(term.value))) characters += '“”‘’';
    } else if (property === 'text-transform')
      changesCase ||= value.some((term) => term.type === 'word' && /^(?:uppercase|lowercase|capitalize)$/.test(term.value));
    else if (property === 'font-family') families.push(...commaSeparated(value).map(familyName));
    else if (property === 'font') {
      // [style || variant || weight || stretch] size[/line-height] family, or a system font's keyword (no size).
      const [first = [], ...others] = commaSeparated(value);
      const size = first.findIndex((term) =>
        term.type === 'number'
          ? term.unit !== '' && !/^(?:deg|grad|rad|turn)$/.test(term.unit) // an oblique style's angle
          : term.type === 'word' && /^(?:(?:x{1,3}-)?(?:small|large)|medium|smaller|larger|math)$/.test(term.value),
      );
      if (size < 0) continue;
      const before = first.slice(0, size);
      for (const term of before)
        if ((term.type === 'number' && term.unit === '') || (term.type === 'word' && /^(?:bolder|lighter)$/.test(term.value)))
          addWeight(term);
      addVariants(before);
      const line = first[size + 1]?.type === 'operator' ? 2 : 0;
      families.push(familyName(first.slice(size + 1 + line)), ...others.map(familyName));
    }
  }
  return {
    weights: wholeAxis ? undefined : { min: Math.min(...weights), max: Math.max(...weights) },
    features: [...features].sort(),
    characters,
    changesCase,
    names: (family) => families.includes(family),
  };
}

function commaSeparated(terms: readonly Term[]): Term[][] {
  const parts: Term[][] = [[]];
  for (const term of terms) {
    if (term.type === 'operator' && term.value === ',') parts.push([]);
    else parts.at(-1)?.push(term);
  }
  return parts;
}

/** `"Inter"`, or `Inter Display` unquoted. */
function familyName(terms: readonly Term[]): string {
  return terms.flatMap((term) => (term.type === 'string' || term.type === 'word' ? [term.value] : [])).join(' ');
}

/** A counter's separator too. */
function stringsOf(terms: readonly Term[]): string {
  return terms.map((term) => (term.type === 'string' ? term.value : term.type === 'function' ? stringsOf(term.terms) : '')).join('');
}

/** `swap`: text shows at once in the stylesheet's fallback, sized to the font's metrics so that nothing moves, then in the font. */
export function fontFace(family: string, href: string, weights: { min: number; max: number }, characters?: string): string {
  const range = characters === undefined ? '' : `;unicode-range:${unicodeRange(characters)}`;
  return `@font-face{font-family:"${family}";font-weight:${weights.min} ${weights.max};font-display:swap;src:url(${href})${range}}`;
}

/** `U+20-22,U+41-5A,U+20AC` for a set of characters. */
export function unicodeRange(characters: string): string {
  const codes = [...new Set([...characters].map((character) => character.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let at = 0; at < codes.length; ) {
    let end = at;
    while (end + 1 < codes.length && codes[end + 1] === (codes[end] ?? 0) + 1) end += 1;
    const hex = (code: number) => code.toString(16).toUpperCase();
    ranges.push(end === at ? `U+${hex(codes[at] ?? 0)}` : `U+${hex(codes[at] ?? 0)}-${hex(codes[end] ?? 0)}`);
    at = end + 1;
  }
  return ranges.join(',');
}

/** Case forms that stay one character ("ß" upper-cased is "SS", there already). */
export function withCaseForms(characters: Iterable<string>): Set<string> {
  const all = new Set<string>();
  for (const character of characters) {
    all.add(character);
    for (const form of [character.toUpperCase(), character.toLowerCase()]) if ([...form].length === 1) all.add(form);
  }
  return all;
}

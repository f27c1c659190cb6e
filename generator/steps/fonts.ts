import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cacheDir, cacheEnabled, hashParts, lookup, store } from '../cache.mjs';
import { BuildError } from '../failure';
import { loadSubsetter, type Subset, type SubsetOptions } from '../font-subset';
import type { Writer } from '../writer';

/** The site's typeface: a variable font, self-hosted from its npm package. */
export const FONT = {
  family: 'Inter',
  /** The package's Latin file (the site's copy is Latin, with €), its weight axis 100 to 900. */
  source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weightAxis: { min: 100, max: 900 },
  /** The output files: assets/fonts/inter.<hash>.woff2 and inter-extra.<hash>.woff2. */
  name: 'inter',
} as const;

/**
 * Characters the font covers whether the site shows them or not, so that text no build saw (an
 * edit to a page before the next build, text a script writes) never meets a missing glyph:
 * printable ASCII, the Latin-1 letters, €, typographic quotes and dashes. Those no page shows go
 * in a second file that a browser downloads only for a page that uses one of them.
 */
export const SAFETY_CHARACTERS = [range(0x20, 0x7e), range(0xc0, 0xff).replace(/[×÷]/g, ''), '€', '‘’‚‛“”„‟', '–—'].join('');

/**
 * Layout features kept whatever the stylesheet asks for: the shaping a browser applies by default
 * to Latin text, of those this font has. Left out: `calt`, Inter's contextual alternates (a hyphen
 * raised between capitals): its glyphs cost 1.3 kB, which makes the font two round trips of a new
 * connection instead of one.
 */
const BASE_FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern'];

/** The fonts as the font step wrote them. */
export interface BuiltFonts {
  /** The @font-face rules that name them, for the start of the stylesheet. */
  faces: string;
  /** The font pages preload (see writeSubsets). */
  preload: string[];
  /**
   * Every character the fonts pages download first can draw, in code point order; undefined when
   * the whole font is shipped (the dev server). A page that shows another fails the build.
   */
  characters?: string;
}

/** The whole font and its @font-face rule, for the dev server: no page is rendered to learn its text. */
export async function wholeFont(root: string, out: Writer): Promise<BuiltFonts> {
  const { href } = await out.asset({ folder: 'fonts', name: FONT.name, extension: 'woff2', contents: await readSource(root) });
  return { faces: fontFace(href, FONT.weightAxis), preload: [href] };
}

/** The font cut down for a build, before it is written. */
export interface FontSubsets {
  /** The weights the stylesheet uses. */
  weights: FontUsage['weights'];
  main: Subset;
  /** The safety characters no page shows; none when every one of them is shown. */
  extra: Subset | undefined;
}

/**
 * The font cut down, with HarfBuzz, to the characters the pages show (`pages`: each page's, by
 * path, found by rendering every page once) and those the stylesheet writes, the weights it uses
 * and the features it asks for; cached by the hash of those inputs. It writes nothing, so that a
 * build can make it while other steps run (writeSubsets writes it).
 */
export async function subsetFont(root: string, css: string, pages: ReadonlyMap<string, string>): Promise<FontSubsets> {
  const source = await readSource(root);
  const usage = fontUsage(css);
  const shown = new Set<string>([...usage.characters]);
  for (const characters of pages.values()) for (const character of characters) shown.add(character);
  if (usage.changesCase) for (const character of [...shown]) addCaseForms(shown, character);
  const wanted = sorted(shown);
  const extra = sorted(new Set([...SAFETY_CHARACTERS].filter((character) => !shown.has(character))));
  const options: SubsetOptions = { features: [...new Set([...BASE_FEATURES, ...usage.features])].sort(), weights: usage.weights };
  return { weights: usage.weights, ...(await subsets(root, source, wanted, extra, options, pages)) };
}

/** The subsets' files, and the @font-face rules that name them. */
export async function writeSubsets({ weights, main, extra }: FontSubsets, out: Writer): Promise<BuiltFonts> {
  const written = await out.asset({ folder: 'fonts', name: FONT.name, extension: 'woff2', contents: main.font });
  // The main face needs no unicode-range: a browser reaches for the extra face, declared after
  // it, only for the characters in the extra face's range.
  let faces = fontFace(written.href, weights);
  if (extra) {
    const more = await out.asset({ folder: 'fonts', name: `${FONT.name}-extra`, extension: 'woff2', contents: extra.font });
    faces += fontFace(more.href, weights, extra.characters);
  }
  // Preloaded: asked for while the head is parsed, the font is there for the first paint where
  // the connection allows (font-display: optional, see fontFace).
  return { faces, preload: [written.href], characters: main.characters };
}

/**
 * Starts, without waiting, what subsetting needs (HarfBuzz compiled, the font decoded) when no
 * subset is cached yet: a first build (a fresh clone, a CI job) or the cache off. A build calls it
 * as it starts, so that this overlaps the steps before the fonts step; it costs a warm build nothing.
 */
export function prepareSubsetting(root: string): void {
  if (cacheEnabled() && existsSync(path.join(cacheDir(root), 'fonts'))) return;
  readSource(root)
    .then((source) => loadSubsetter(root, source))
    .catch(() => {
      // The fonts step gets this very subsetter, or reads the font again, and says what is wrong.
    });
}

async function readSource(root: string): Promise<Buffer> {
  // The project's own copy of the font package.
  const require = createRequire(path.join(root, 'package.json'));
  try {
    return await readFile(require.resolve(FONT.source));
  } catch (error) {
    throw new BuildError(`Font ${FONT.source} could not be read; is the package installed (npm ci)?`, {
      file: 'generator/steps/fonts.ts',
      cause: error,
    });
  }
}

/**
 * The two subsets, from the cache when these very inputs made them before: `extra` holds the
 * safety characters no page shows, and is none when every one of them is shown.
 */
async function subsets(
  root: string,
  source: Buffer,
  wanted: string,
  extra: string,
  options: SubsetOptions,
  pages: ReadonlyMap<string, string>,
): Promise<{ main: Subset; extra: Subset | undefined }> {
  const key = hashParts([
    'font subset v2',
    // What shapes the bytes: HarfBuzz and the WOFF2 decoder (the lockfile names their versions), the
    // code that drives them and encodes the result, and the Brotli that compresses it.
    await readFile(path.join(root, 'package-lock.json')).catch(() => Buffer.alloc(0)),
    ...(await Promise.all(SUBSETTER_CODE.map((file) => readFile(file)))),
    process.versions.brotli ?? '',
    source,
    wanted,
    extra,
    JSON.stringify(options),
  ]);
  const cached = (part: 'main' | 'extra') => {
    const hit = lookup(root, 'fonts', `${key} ${part}`);
    return hit && { font: hit.output, characters: String(hit.meta) };
  };
  const [cachedMain, cachedExtra] = [cached('main'), extra ? cached('extra') : undefined];
  if (cachedMain && (cachedExtra || !extra)) return { main: cachedMain, extra: cachedExtra };
  const subsetter = await loadSubsetter(root, source);
  const available = new Set(subsetter.characters);
  const missing = [...wanted].filter((character) => !available.has(character));
  if (missing.length > 0) throw missingGlyphs(missing, pages);
  const kept = [...extra].filter((character) => available.has(character)).join('');
  // Both started at once: each subsets on this thread, then compresses on the thread pool, in parallel.
  const [main, more] = await Promise.all([subsetter.subset(wanted, options), kept ? subsetter.subset(kept, options) : undefined]);
  for (const [part, made] of [
    ['main', main],
    ['extra', more],
  ] as const) {
    if (made) store(root, 'fonts', `${key} ${part}`, { output: made.font, inputs: [], meta: made.characters, extension: 'woff2' });
  }
  return { main, extra: more };
}

/** The code that subsets and encodes the font, part of the cache key: a change to it makes new subsets. */
const SUBSETTER_CODE = ['../font-subset.ts', '../woff2.ts'].map((file) => new URL(file, import.meta.url));

function missingGlyphs(missing: readonly string[], pages: ReadonlyMap<string, string>): BuildError {
  const first = missing[0] ?? '';
  const where = [...pages].find(([, characters]) => characters.includes(first))?.[0];
  const names = missing.map((character) => `“${character}” (${codePoint(character)})`).join(', ');
  return new BuildError(
    `${where ? `Page ${where} shows` : 'The stylesheet writes'} ${names}, which ${FONT.family} (${FONT.source}) has no glyph for: use another character, or a font that has it.`,
    where ? { route: where } : { file: 'styles/' },
  );
}

/** What the stylesheet asks of the font. */
export interface FontUsage {
  /** The weight range the rules use, normal (400) and bold (700) always among them. */
  weights: { min: number; max: number };
  /** OpenType features the rules turn on (font-feature-settings, font-variant-*). */
  features: string[];
  /** Characters the stylesheet writes itself (`content`, quotation marks). */
  characters: string;
  /** Whether a rule changes the case of text (text-transform), which draws other letters. */
  changesCase: boolean;
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

/** Reads the weights, features and generated text of a compiled stylesheet. */
export function fontUsage(css: string): FontUsage {
  // The @font-face rules describe fonts; the other rules say what text uses.
  const rules = css.replace(/@font-face\s*\{[^}]*\}/g, '');
  const weights = new Set([400, 700]);
  let wholeAxis = false;
  for (const [, value = ''] of rules.matchAll(/font-weight\s*:\s*([^;}!]+)/g)) {
    const word = value.trim();
    if (word === 'bolder' || word === 'lighter') wholeAxis = true;
    else if (/^\d+$/.test(word)) weights.add(Number(word));
  }
  const features = new Set<string>();
  for (const [, value = ''] of rules.matchAll(/font-feature-settings\s*:\s*([^;}]+)/g)) {
    for (const [, tag = '', setting = ''] of value.matchAll(/["']([\x20-\x7e]{4})["']\s*(\w*)/g)) {
      if (setting !== '0' && setting !== 'off') features.add(tag);
    }
  }
  for (const [, value = ''] of rules.matchAll(/font-variant(?:-\w+)?\s*:\s*([^;}]+)/g)) {
    for (const word of value.trim().split(/\s+/)) for (const tag of VARIANT_FEATURES[word] ?? []) features.add(tag);
  }
  let characters = '';
  for (const [, value = ''] of rules.matchAll(/(?:^|[;{])\s*content\s*:\s*((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^;}"'])+)/g)) {
    for (const [, double, single] of value.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g))
      characters += cssString(double ?? single ?? '');
    // Quotation marks as the language's defaults draw them.
    if (/\b(?:open|close)-quote\b/.test(value)) characters += '“”‘’';
  }
  const axis = FONT.weightAxis;
  const clamp = (weight: number) => Math.min(axis.max, Math.max(axis.min, weight));
  return {
    weights: wholeAxis ? { ...axis } : { min: clamp(Math.min(...weights)), max: clamp(Math.max(...weights)) },
    features: [...features].sort(),
    characters,
    changesCase: /text-transform\s*:\s*(?:uppercase|lowercase|capitalize)/.test(rules),
  };
}

/** The text of a CSS string's contents: `\201C` and `\"` escapes decoded. */
function cssString(text: string): string {
  return text.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex?: string, other?: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (other ?? ''),
  );
}

/**
 * A face of the font for the stylesheet; `characters` becomes its unicode-range. `optional`: with
 * the stylesheet in the page, the first paint can come before the font, and a later swap from
 * the fallback can re-wrap a line, however close its metrics. A preloaded optional font gets a
 * moment before the first paint (Chromium holds it up to 100 ms); a page that paints without it
 * keeps the fallback, and the next page, the font cached, has it from the start: nothing moves.
 */
export function fontFace(href: string, weights: { min: number; max: number }, characters?: string): string {
  const range = characters === undefined ? '' : `;unicode-range:${unicodeRange(characters)}`;
  return `@font-face{font-family:"${FONT.family}";font-weight:${weights.min} ${weights.max};font-display:optional;src:url(${href})${range}}`;
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

function addCaseForms(into: Set<string>, character: string): void {
  // Only forms that stay one character: "ß" upper-cased is "SS", which is there already.
  for (const form of [character.toUpperCase(), character.toLowerCase()]) if ([...form].length === 1) into.add(form);
}

function sorted(characters: Iterable<string>): string {
  return [...characters].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)).join('');
}

function range(first: number, last: number): string {
  return Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)).join('');
}

function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

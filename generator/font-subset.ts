/**
 * HarfBuzz's subsetter (the `subset-font` package, HarfBuzz compiled to WebAssembly) and its
 * character map reader (`harfbuzzjs`, which `subset-font` brings). Loaded only when the cache has
 * no subset for these very inputs: the WebAssembly costs a few hundred milliseconds to start.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The slice of `subset-font` used here (the package ships no types). */
type SubsetFont = (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2'; keepFeatures: string[]; variationAxes: Record<string, { min: number; max: number }> },
) => Promise<Buffer>;

/** The slice of `fontverter` used here: WOFF2 to TrueType, which HarfBuzz reads. */
interface FontVerter {
  convert: (font: Buffer, format: 'truetype') => Promise<Buffer>;
}

/** The slice of `harfbuzzjs` used here. */
interface Harfbuzz {
  Blob: new (data: ArrayBuffer | Uint8Array) => object;
  Face: new (blob: object, index?: number) => { collectUnicodes: () => Uint32Array };
}

export interface SubsetOptions {
  /** OpenType features whose glyphs and rules are kept; every other is dropped with its glyphs. */
  features: readonly string[];
  /** The range of the weight axis kept; the rest of the design space is cut away. */
  weights: { min: number; max: number };
}

export interface Subset {
  font: Buffer;
  /** The characters asked for that the font has, in code point order. */
  characters: string;
}

/** Loads the tools from the project's own install. */
export async function loadSubsetter(root: string): Promise<{
  /** Every character a font (WOFF2) has a glyph for, in code point order. */
  charactersOf: (font: Buffer) => Promise<string>;
  /** The font cut down to `characters` (those it has), as WOFF2. */
  subset: (font: Buffer, characters: string, options: SubsetOptions) => Promise<Subset>;
}> {
  const require = createRequire(path.join(root, 'package.json'));
  const subsetFont = require('subset-font') as SubsetFont;
  // harfbuzzjs and fontverter come with subset-font: resolved from there, not from the project.
  const fromSubsetFont = createRequire(require.resolve('subset-font'));
  const fontverter = fromSubsetFont('fontverter') as FontVerter;
  const harfbuzz = (await import(pathToFileURL(fromSubsetFont.resolve('harfbuzzjs')).href)) as Harfbuzz;

  const charactersOf = async (font: Buffer): Promise<string> => {
    const face = new harfbuzz.Face(new harfbuzz.Blob(await fontverter.convert(font, 'truetype')));
    return [...face.collectUnicodes()]
      .sort((a, b) => a - b)
      .map((code) => String.fromCodePoint(code))
      .join('');
  };
  return {
    charactersOf,
    subset: async (font, characters, { features, weights }) => {
      const output = await subsetFont(font, characters, {
        targetFormat: 'woff2',
        keepFeatures: [...features],
        variationAxes: { wght: weights },
      });
      return { font: output, characters: await charactersOf(output) };
    },
  };
}

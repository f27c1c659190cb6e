/**
 * A card's text as outlines, shaped with HarfBuzz from the site's brand fonts, loaded once a process, for a card not in the cache:
 * resvg, handed the font files instead, opened and read them again for every glyph it drew (some 80 opens a card), a fifth of a
 * card's CPU. A text this cannot draw exactly as resvg would (a family or weight the fonts lack, spacing, a transform, a style)
 * is left to resvg.
 */
import { readFileSync } from 'node:fs';
import { escapeUTF8 as escapeMarkup } from 'entities/escape';
import type { Buffer as HbBuffer, Face as HbFace, Font as HbFont } from 'harfbuzzjs';
import { type SvgText, svgTexts } from '../scan';

/** The fonts a card's text is drawn with (site.brandFonts, absolute), and their bytes' hash. */
export type BrandFonts = { files: readonly string[]; key: string };

/** `glyphs`: each outline asked for, by glyph, under the id a card's <defs> give it. */
type Face = {
  index: number;
  font: HbFont;
  upem: number;
  family: string;
  weight: number;
  glyphs: Map<number, { id: string; path: string }>;
};

/** The one shaping buffer: a card's texts are shaped one after another, each within one call. */
let shaping: HbBuffer | undefined;

/** The brand fonts, by their bytes' hash: the last set read (a dev session's next build may bring others). */
let loaded: { key: string; faces: Promise<Face[]> } | undefined;

async function facesOf(files: readonly string[], key: string): Promise<Face[]> {
  if (loaded?.key !== key) loaded = { key, faces: readFaces(files) };
  return loaded.faces;
}

async function readFaces(files: readonly string[]): Promise<Face[]> {
  const { Blob, Face, Font } = await import('harfbuzzjs');
  return files.map((file, index) => {
    const face: HbFace = new Face(new Blob(readFileSync(file)), 0);
    const os2 = face.referenceTable('OS/2');
    // usWeightClass, at byte 4 of OS/2; the typographic family (16) before the legacy one (1), which names a weight too.
    const weight = os2 && os2.length >= 6 ? ((os2[4] ?? 0) << 8) | (os2[5] ?? 0) : 400;
    const family = face.getName(16, 'en') || face.getName(1, 'en');
    return { font: new Font(face), upem: face.upem, family, weight, glyphs: new Map(), index };
  });
}

/** What a `<text>` may carry for it to be outlined here, and a `<tspan>`: anything else, resvg draws. */
const TEXT_ATTRIBUTES = new Set(['x', 'y', 'font-family', 'font-weight', 'font-size', 'fill', 'text-anchor']);
const SPAN_ATTRIBUTES = new Set(['x', 'y']);
const WEIGHTS: Readonly<Record<string, number>> = { normal: 400, bold: 700 };
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * The SVG with each text it can draw as paths, and the fonts resvg still needs for the rest: none once every text is a path, since
 * resvg reads every font it is handed for each drawing (7 % of a card's CPU, measured). `fonts.key` is their bytes' hash.
 */
export async function outlinedText(svg: string, fonts: BrandFonts): Promise<{ svg: string; fonts: readonly string[] }> {
  const all = svgTexts(svg);
  const texts = all.filter((text) => text.plain);
  if (all.length === 0) return { svg, fonts: [] };
  if (texts.length === 0 || fonts.files.length === 0) return { svg, fonts: fonts.files };
  const faces = await facesOf(fonts.files, fonts.key);
  const { Buffer: Shaping, shape } = await import('harfbuzzjs');
  const shaped = (face: Face, words: string) => {
    // One buffer, emptied for each text: a new one's memory in HarfBuzz's heap is freed only when V8 collects its wrapper, and
    // that heap never shrinks (10,000 cards outlined: 20 MB more of it, and the process 44 MB larger).
    shaping ??= new Shaping();
    const buffer = shaping;
    buffer.reset();
    buffer.addText(words);
    buffer.guessSegmentProperties();
    shape(face.font, buffer);
    // Apart: together, HarfBuzz's JavaScript takes twice as long to hand them over.
    const positions = buffer.getGlyphPositions();
    return buffer.getGlyphInfos().map((info, index) => ({ ...positions[index], codepoint: info.codepoint }));
  };
  // Each glyph's outline once a card, in <defs> where the first text was, and used where it is drawn.
  const used = new Map<string, string>();
  let out = '';
  let copied = 0;
  let defsAt: number | undefined;
  let drawnCount = 0;
  for (const text of texts) {
    const drawn = outlined(text, faces, shaped, (face, glyph) => {
      let outline = face.glyphs.get(glyph);
      if (outline === undefined) {
        outline = { id: `outline-${face.index}-${glyph}`, path: face.font.glyphToPath(glyph) };
        face.glyphs.set(glyph, outline);
      }
      if (!used.has(outline.id)) used.set(outline.id, `<path id="${outline.id}" d="${outline.path}"/>`);
      return outline.id;
    });
    if (drawn === undefined) continue;
    drawnCount += 1;
    out += svg.slice(copied, text.start);
    defsAt ??= out.length;
    out += drawn;
    copied = text.end;
  }
  if (defsAt === undefined) return { svg, fonts: fonts.files };
  out += svg.slice(copied);
  return {
    svg: `${out.slice(0, defsAt)}<defs>${[...used.values()].join('')}</defs>${out.slice(defsAt)}`,
    fonts: drawnCount === all.length ? [] : fonts.files,
  };
}

type Glyph = { codepoint: number; xAdvance?: number; xOffset?: number; yOffset?: number };

function outlined(
  text: SvgText,
  faces: readonly Face[],
  shape: (face: Face, words: string) => Glyph[],
  glyphId: (face: Face, glyph: number) => string,
): string | undefined {
  const { attributes } = text;
  if (Object.keys(attributes).some((name) => !TEXT_ATTRIBUTES.has(name))) return undefined;
  const size = Number(attributes['font-size'] ?? '');
  const weight = WEIGHTS[attributes['font-weight'] ?? 'normal'] ?? Number(attributes['font-weight']);
  const family = (attributes['font-family'] ?? '')
    .split(',')[0]
    ?.trim()
    .replace(/^(["'])(.*)\1$/, '$2');
  const face = faces.find((candidate) => candidate.family === family && candidate.weight === weight);
  const anchor = attributes['text-anchor'] ?? 'start';
  if (!face || !(size > 0) || !['start', 'middle', 'end'].includes(anchor)) return undefined;
  const scale = size / face.upem;
  let x = 0;
  let y = 0;
  let uses = '';
  for (const [index, run] of text.runs.entries()) {
    const own = run.attributes === attributes ? {} : run.attributes;
    if (Object.keys(own).some((name) => !SPAN_ATTRIBUTES.has(name))) return undefined;
    // SVG's default white space: a text of single spaces between words, nothing at its ends, is drawn as written.
    if (/^\s|\s$|\s\s|[\t\n\r]/.test(run.text) || run.text === '') return undefined;
    const at = (name: 'x' | 'y', now: number) => {
      const written = own[name] ?? (index === 0 ? attributes[name] : undefined);
      return written === undefined ? now : NUMBER.test(written) ? Number(written) : Number.NaN;
    };
    const startsChunk = own.x !== undefined || index === 0;
    x = at('x', x);
    y = at('y', y);
    if (Number.isNaN(x) || Number.isNaN(y) || (!startsChunk && anchor !== 'start')) return undefined;
    const glyphs = shape(face, run.text);
    const width = glyphs.reduce((sum, glyph) => sum + (glyph.xAdvance ?? 0), 0) * scale;
    const pen = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
    // In font units, y up, from the run's start: the run's group scales and flips them once.
    let advance = 0;
    let glyphsOf = '';
    for (const glyph of glyphs) {
      const dx = advance + (glyph.xOffset ?? 0);
      const dy = glyph.yOffset ?? 0;
      glyphsOf += `<use href="#${glyphId(face, glyph.codepoint)}"${dx ? ` x="${round(dx)}"` : ''}${dy ? ` y="${round(dy)}"` : ''}/>`;
      advance += glyph.xAdvance ?? 0;
    }
    uses += `<g transform="matrix(${round(scale)} 0 0 ${round(-scale)} ${round(pen)} ${round(y)})">${glyphsOf}</g>`;
    x = pen + width;
  }
  const fill = attributes.fill === undefined ? '' : ` fill="${escapeMarkup(attributes.fill)}"`;
  return `<g${fill}>${uses}</g>`;
}

function round(value: number): string {
  return String(Math.round(value * 10000) / 10000);
}

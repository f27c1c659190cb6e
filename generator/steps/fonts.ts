/** The font cut to what the pages show, or whole in the dev server; a character it has no glyph for fails, naming file and line. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { entryKey, lookupBytes, lookupMeta, projectRequire, store } from '../cache.mjs';
import { BuildError } from '../failure';
import { fontFace, fontUsage, loadSubsetter, type SubsetOptions, type Subsetter, withCaseForms } from '../fonts';
import type { RenderPool } from '../render/pool';
import type { SiteDescription } from '../render/protocol';
import { sortedCharacters } from '../scan';
import { codePoint } from '../schema';
import type { Site } from '../site';
import type { OutputFile } from '../writer';
import { config } from './config';
import { pageLabel, pages, type RenderedPages, whereOnPage } from './pages';
import { site as siteStep } from './site';
import { defineStep } from './step';
import { styles } from './styles';

/** A browser's default shaping of Latin text; not `calt` (contextual alternates), whose 1.3 kB would cost the font a second round trip. */
const BASE_FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern'];

export interface Fonts {
  /** The @font-face rules. */
  faces: string;
  preload: string;
  files: OutputFile[];
  reads: string[];
}

/** Its characters and axis cached: reading the character map means decoding the font. */
type Coverage = Pick<Subsetter, 'characters' | 'weightAxis'>;

type Source = Coverage & { bytes: Buffer; file: string; subsetter: () => Promise<Subsetter> };

async function loadSource(root: string, site: Site): Promise<Source> {
  const { file } = site.font;
  let resolved: string;
  try {
    resolved = /^\.{0,2}\//.test(file) ? path.resolve(root, file) : projectRequire(root).resolve(file);
  } catch (error) {
    throw new BuildError(`The font ${file} (font.file of the site config) could not be found; is its package installed (npm ci)?`, {
      cause: error,
    });
  }
  const bytes = await readFile(resolved);
  let subsetter: Promise<Subsetter> | undefined;
  const load = () => {
    subsetter ??= loadSubsetter(root, bytes);
    return subsetter;
  };
  const key = entryKey(root, 'fonts', ['characters', bytes]);
  let map = lookupMeta(root, 'fonts', key)?.meta as Coverage | undefined;
  if (!map) {
    const loaded = await load();
    map = { characters: loaded.characters, weightAxis: loaded.weightAxis };
    store(root, 'fonts', key, { meta: map });
  }
  return { bytes, file: path.relative(root, resolved), ...map, subsetter: load };
}

async function missingGlyphs(
  missing: readonly string[],
  rendered: RenderedPages,
  described: SiteDescription,
  renderer: RenderPool,
  site: Site,
): Promise<BuildError> {
  const names = missing.map((character) => `“${character}” (${codePoint(character)})`).join(', ');
  const first = missing[0] ?? '';
  const index = rendered.pages.findIndex((page) => page.characters.includes(first));
  const why = `${names}, which ${site.font.family} (${site.font.file}) has no glyph for: use another character, or a font that has it.`;
  if (index < 0) return new BuildError(`The stylesheet writes ${why}`, { file: site.styles });
  const route = pageLabel(rendered.infos[index]);
  const where = await whereOnPage(renderer, described, index, first);
  return new BuildError(`${where.prefix}page ${route} shows ${why}`, { route, file: where.file });
}

export const fonts = defineStep({
  name: 'fonts',
  needs: { config, styles, pages, site: siteStep },
  run: async ({ config, styles: { reading: styles }, pages: rendered, site: { described } }, { build }): Promise<Fonts> => {
    const { root, mode } = build.options;
    const { renderer, writer } = build;
    const { site } = config;
    const { base } = config.address;
    const { family } = site.font;
    const usage = fontUsage(styles.declarations);
    if (!usage.names(family))
      throw new BuildError(
        `The stylesheet never names the font family "${family}" (font.family of the site config): the font would never be used. Name it in a font-family, or change font.family.`,
        { file: site.styles },
      );
    const source = await loadSource(root, site);
    const drawn = new Set(source.characters);
    const shown = new Set([...usage.characters]);
    for (const page of rendered.pages) for (const character of page.characters) shown.add(character);
    // Where a word breaks at a soft hyphen (a long German compound), the browser draws the font's hyphen.
    if (shown.has('\u00ad')) for (const hyphen of ['-', '\u2010']) if (drawn.has(hyphen)) shown.add(hyphen);
    const wanted = usage.changesCase ? withCaseForms(shown) : shown;
    // Control and format characters (a soft hyphen, a zero-width space or joiner) are drawn with no glyph of their own.
    const missing = [...wanted].filter((char) => !drawn.has(char) && !/[\p{Cc}\p{Default_Ignorable_Code_Point}]/u.test(char));
    if (missing.length > 0) throw await missingGlyphs(missing, rendered, described, renderer, site);
    const name = family.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const axis = source.weightAxis;
    const weights = usage.weights ? { min: Math.max(axis.min, usage.weights.min), max: Math.min(axis.max, usage.weights.max) } : axis;
    const reads = [source.file];
    if (mode === 'development') {
      const whole = writer.asset(base, { folder: 'fonts', name, extension: 'woff2', contents: source.bytes });
      return { faces: fontFace(family, whole.href, axis), preload: whole.href, files: [whole.file], reads };
    }
    const main = sortedCharacters(wanted);
    const extra = sortedCharacters([...site.font.safety].filter((character) => !wanted.has(character) && drawn.has(character)));
    const options: SubsetOptions = { features: [...new Set([...BASE_FEATURES, ...usage.features])].sort(), weights };
    const subset = async (characters: string) => {
      const key = entryKey(root, 'fonts', ['subset', source.bytes, characters, JSON.stringify(options)]);
      const hit = lookupBytes(root, 'fonts', key);
      if (hit) return hit.output;
      const font = await (await source.subsetter()).subset(characters, options);
      store(root, 'fonts', key, { output: font, extension: 'woff2' });
      return font;
    };
    const [mainFont, extraFont] = await Promise.all([subset(main), extra ? subset(extra) : undefined]);
    const written = writer.asset(base, { folder: 'fonts', name, extension: 'woff2', contents: mainFont });
    const files = [written.file];
    // No unicode-range on the main face: a browser reaches for the extra face only for the characters in its range.
    let faces = fontFace(family, written.href, weights);
    if (extraFont) {
      const more = writer.asset(base, { folder: 'fonts', name: `${name}-extra`, extension: 'woff2', contents: extraFont });
      files.push(more.file);
      faces += fontFace(family, more.href, weights, extra);
    }
    return { faces, preload: written.href, files, reads };
  },
});

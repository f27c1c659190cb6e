import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeWoff2 } from '../../generator/fonts';
import { runBuild } from '../../generator/pipeline';
import { projectRoot as root } from '../../scripts/lib/project';
import { inUnicodeRange, shownText } from '../../scripts/lib/sizes';
import config from '../../site.config';
import { EUROPEAN_PATH, EUROPEAN_WORDS } from '../fixtures/routes/european-words';
import { SOFT_TITLE } from '../fixtures/routes/soft-hyphen';
import { fixture } from '../support/output';
import { BUILT_PAGES } from '../support/site';

const siteDir = inject('siteDir');

const fromProject = createRequire(path.join(root, 'package.json'));
interface Face {
  collectUnicodes: () => Uint32Array;
  getAxisInfos: () => Record<string, { min: number; max: number; default: number }>;
  getTableFeatureTags: (table: 'GSUB' | 'GPOS') => string[];
}
let harfbuzz: { Blob: new (data: Uint8Array) => object; Face: new (blob: object) => Face };

/** A shipped WOFF2 file, read by HarfBuzz: its character map, axes and features. */
async function face(file: string, folder = siteDir): Promise<Face> {
  return new harfbuzz.Face(new harfbuzz.Blob(await decodeWoff2(root, await readFile(path.join(folder, file)))));
}

/** The @font-face rules of the stylesheet every page carries: file, unicode-range, weights. */
async function fontFaces(): Promise<{ file: string; range?: string; weight: string }[]> {
  const $ = cheerio.load(await readFile(path.join(siteDir, 'index.html'), 'utf8'));
  return [
    ...$('style')
      .text()
      .matchAll(/@font-face\{([^}]*)\}/g),
  ]
    .map(([, rule = '']) => rule)
    .filter((rule) => rule.includes('font-family:"Inter"'))
    .map((rule) => ({
      file: (/url\(\/([^)]+)\)/.exec(rule)?.[1] ?? '').trim(),
      range: /unicode-range:([^;]+)/.exec(rule)?.[1],
      weight: /font-weight:([^;]+)/.exec(rule)?.[1] ?? '',
    }));
}

const codes = (characters: Iterable<string>) => [...characters].map((character) => `U+${(character.codePointAt(0) ?? 0).toString(16)}`);

beforeAll(async () => {
  harfbuzz = (await import(pathToFileURL(fromProject.resolve('harfbuzzjs')).href)) as typeof harfbuzz;
});

describe('the shipped font', () => {
  it.each(BUILT_PAGES)('has a glyph for every character $path shows, in the face that page downloads', async ({ file }) => {
    const faces = await fontFaces();
    const main = faces.find((rule) => rule.range === undefined);
    expect(main?.file).toMatch(/^assets\/fonts\/inter\.[0-9a-f]{10}\.woff2$/);
    const drawn = new Set([...(await face(main?.file ?? '')).collectUnicodes()].map((code) => String.fromCodePoint(code)));
    const text = shownText(cheerio.load(await readFile(path.join(siteDir, file), 'utf8')));
    // Upper case too: eyebrows are set in capitals by the stylesheet.
    const shown = new Set([...text, ...text.toUpperCase()].filter((character) => !/[\n\r\t]/.test(character)));
    expect(shown.size).toBeGreaterThan(40);
    expect(codes([...shown].filter((character) => !drawn.has(character)))).toEqual([]);
  });

  it('covers the safety set too, the characters no page shows in a second face that only their text downloads', async () => {
    const faces = await fontFaces();
    expect(faces).toHaveLength(2);
    const extra = faces.find((rule) => rule.range !== undefined);
    const main = faces.find((rule) => rule.range === undefined);
    const extraDrawn = [...(await face(extra?.file ?? '')).collectUnicodes()].map((code) => String.fromCodePoint(code));
    const mainDrawn = new Set([...(await face(main?.file ?? '')).collectUnicodes()].map((code) => String.fromCodePoint(code)));
    // Printable ASCII, the Latin-1 letters, €, typographic quotes and dashes.
    const safety = [
      ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCodePoint(0x20 + index)),
      ...'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ€‘’‚“”„–—',
    ];
    expect(codes(safety.filter((character) => !mainDrawn.has(character) && !extraDrawn.includes(character)))).toEqual([]);
    // The extra face's range is exactly what it draws, and none of it is in the main face.
    expect(extraDrawn.filter((character) => !inUnicodeRange(character, extra?.range ?? ''))).toEqual([]);
    expect(codes(extraDrawn.filter((character) => mainDrawn.has(character)))).toEqual([]);
    expect(extraDrawn).toContain('é');
  });

  it('keeps the weight axis from 400 to 700, the weights the stylesheet uses, and the tabular figures it asks for', async () => {
    const faces = await fontFaces();
    for (const rule of faces) {
      expect(rule.weight).toBe('400 700');
      const font = await face(rule.file);
      expect(font.getAxisInfos().wght).toMatchObject({ min: 400, max: 700, default: 400 });
    }
    const main = await face(faces.find((rule) => rule.range === undefined)?.file ?? '');
    expect(main.getTableFeatureTags('GSUB')).toContain('tnum');
    expect(main.getTableFeatureTags('GPOS')).toContain('kern');
  });

  it('is small: the face a first visit downloads fits in the first round trip of a connection', async () => {
    const [main] = (await fontFaces()).filter((rule) => rule.range === undefined);
    const bytes = (await readFile(path.join(siteDir, main?.file ?? ''))).byteLength;
    expect(bytes).toBeLessThanOrEqual(13.5 * 1024);
  });
});

describe("a page's font", () => {
  it('is preloaded', async () => {
    const $ = cheerio.load(await readFile(path.join(siteDir, 'index.html'), 'utf8'));
    expect($('link[rel="preload"][as="font"]').attr('href')).toBe(`/${(await fontFaces()).find((rule) => rule.range === undefined)?.file}`);
  });

  it('hides nothing while it comes, and swaps in over a fallback face for each weight the stylesheet sets', async () => {
    const css = cheerio
      .load(await readFile(path.join(siteDir, 'index.html'), 'utf8'))('style')
      .text();
    expect(css).not.toMatch(/body\{display:none/);
    const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map(([, rule = '']) => rule);
    const inter = faces.filter((rule) => rule.includes(`font-family:"${config.font.family}"`));
    expect(inter.length).toBeGreaterThan(0);
    for (const rule of inter) expect(rule).toContain('font-display:swap');
    const body = /(?:^|\})body\{[^}]*font-family:([^;}]+)/.exec(css)?.[1] ?? '';
    const fallback = `${config.font.family} Fallback`;
    expect(body.startsWith(`"${config.font.family}","${fallback}",`)).toBe(true);
    // A weight without a face of its own would be drawn by another, wider or narrower, and lines would re-wrap at the swap.
    const fallbackWeights = faces
      .filter((rule) => rule.includes(`font-family:"${fallback}"`))
      .map((rule) => /font-weight:(\d+)/.exec(rule)?.[1]);
    const setWeights = [...css.replace(/@font-face\{[^}]*\}/g, '').matchAll(/font-weight:(\d+)/g)].map(([, weight]) => weight);
    expect(new Set(fallbackWeights)).toEqual(new Set(setWeights));
  });
});

describe('a page that shows a character the font has no glyph for', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'site-fonts-'));
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it.each([
    ['a Devanagari letter', 'missing-glyph.ts', 'अ'],
    ['an emoji', 'emoji.ts', '🚀'],
    ['a CJK character', 'cjk.ts', '信'],
  ])(
    'with %s fails the build naming the content file and line, the page and the character, and writes nothing',
    async (_what, name, character) => {
      const outDir = path.join(workDir, name, 'dist');
      const file = `tests/fixtures/routes/${name}`;
      const line = (await readFile(path.join(root, file), 'utf8')).split('\n').findIndex((text) => text.includes(character)) + 1;
      const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      const failure = runBuild({ root, outDir, log: () => {}, pages: fixture(name) });
      await expect(failure).rejects.toThrow(`${file}:${line}: page / shows “${character}” (${code})`);
      await expect(failure).rejects.toThrow(`which ${config.font.family} (${config.font.file}) has no glyph for`);
      await expect(failure).rejects.toMatchObject({ file, route: '/' });
      expect(existsSync(outDir)).toBe(false);
    },
  );
});

describe('a page whose words mark where they may break (soft hyphens) or join (zero-width characters)', () => {
  it('builds, and the font it downloads has the hyphen a browser draws where a word breaks at a soft hyphen', async () => {
    const outDir = path.join(await mkdtemp(path.join(tmpdir(), 'site-soft-hyphen-')), 'dist');
    try {
      await runBuild({ root, outDir, log: () => {}, pages: fixture('soft-hyphen.ts') });
      const $ = cheerio.load(await readFile(path.join(outDir, 'index.html'), 'utf8'));
      expect($('h1').text()).toBe(SOFT_TITLE);
      const main = /url\(\/(assets\/fonts\/inter\.[0-9a-f]{10}\.woff2)\)/.exec($('style').text())?.[1] ?? '';
      const drawn = new Set([...(await face(main, outDir)).collectUnicodes()].map((code) => String.fromCodePoint(code)));
      expect(drawn.has('\u2010')).toBe(true);
    } finally {
      await rm(path.dirname(outDir), { recursive: true, force: true });
    }
  });
});

describe('a page in the languages of the EU', () => {
  it('builds, with every letter it shows in the font its pages download: Latin Extended, Greek and Cyrillic', async () => {
    const outDir = path.join(await mkdtemp(path.join(tmpdir(), 'site-european-')), 'dist');
    try {
      await runBuild({ root, outDir, log: () => {}, pages: fixture('european-words.ts') });
      const html = await readFile(path.join(outDir, EUROPEAN_PATH.slice(1), 'index.html'), 'utf8');
      const $ = cheerio.load(html);
      const main = /url\(\/(assets\/fonts\/inter\.[0-9a-f]{10}\.woff2)\)/.exec($('style').text())?.[1] ?? '';
      const drawn = new Set([...(await face(main, outDir)).collectUnicodes()].map((code) => String.fromCodePoint(code)));
      const words = Object.values(EUROPEAN_WORDS).join('');
      for (const text of Object.values(EUROPEAN_WORDS)) expect($('p').filter((_, element) => $(element).text() === text)).toHaveLength(1);
      expect(codes([...new Set([...words, ...words.toUpperCase()])].filter((character) => !drawn.has(character)))).toEqual([]);
      expect(words).toMatch(/[\u0100-\u024f]/u);
      expect(words).toMatch(/\p{Script=Greek}/u);
      expect(words).toMatch(/\p{Script=Cyrillic}/u);
    } finally {
      await rm(path.dirname(outDir), { recursive: true, force: true });
    }
  });
});

/**
 * The header's estimate of where its parts fit (components/Header/fit.ts): its advance widths are
 * the font's, its widths the stylesheet's, and it answers as a row of labels and a brand name do.
 * What the engines draw is held to it by tests/engines/header.engine.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { ADVANCES, FIRST_ADVANCE } from '../../components/Header/advances';
import { CTA_IN_BAR_FROM, CTA_WIDTHS, type HeaderWords, headerLayout, LABEL_WIDTHS, ROW_WIDTHS } from '../../components/Header/fit';
import { Header, headerClasses } from '../../components/Header/Header';
import { decodeWoff2 } from '../../generator/fonts';
import { compileStyles } from '../../generator/steps/styles';
import { StylesCompiler } from '../../generator/styles-compiler';
import { projectRoot as root } from '../../scripts/lib/project';
import config, { site } from '../../site.config';
import { BRANDS } from '../fixtures/routes/header-brand';
import { render } from '../support/render';
import { NAVIGATION } from '../support/site';

/** The site's font at a weight. */
async function interAt(weight: number): Promise<{ font: hb.Font; upem: number }> {
  const woff2 = await readFile(createRequire(path.join(root, 'package.json')).resolve(config.font.file));
  const face = new hb.Face(new hb.Blob(await decodeWoff2(root, woff2)));
  const font = new hb.Font(face);
  font.setVariations([new hb.Variation('wght', weight)]);
  return { font, upem: face.upem };
}

/** The font's advance widths for the tables' characters at a weight, in thousandths of an em rounded up. */
async function fontAdvances(weight: number): Promise<number[]> {
  const { font, upem } = await interAt(weight);
  return Array.from({ length: ADVANCES.medium.length }, (_, index) => {
    const glyph = font.glyph(FIRST_ADVANCE + index) ?? 0;
    return Math.ceil((font.glyphHAdvance(glyph) * 1000) / upem);
  });
}

describe('the advance widths', () => {
  it("are Inter's: medium at 500, strong the wider of 600 and 700 (a new font prints the tables to write)", async () => {
    const [medium, semibold, bold] = await Promise.all([500, 600, 700].map(fontAdvances));
    const strong = (semibold ?? []).map((width, index) => Math.max(width, bold?.[index] ?? 0));
    expect({ medium: [...ADVANCES.medium], strong: [...ADVANCES.strong] }).toEqual({ medium, strong });
  });
});

describe('the widths the estimate picks from', async () => {
  const compiler = new StylesCompiler(root);
  const { css } = await compileStyles(root, config.styles, compiler).finally(() => compiler.close());

  it.each([
    ['row', ROW_WIDTHS],
    ['cta', CTA_WIDTHS],
    ['label', LABEL_WIDTHS],
  ] as const)('are the media queries the stylesheet writes for the %s modifiers, one each', (part, widths) => {
    const written = [
      ...css.matchAll(new RegExp(`@media not all and \\(min-width: ?(\\d+)em\\)\\{[^{]*\\.c-header--${part}-from-(\\d+)\\b`, 'g')),
    ];
    expect(written.map(([, media]) => Number(media))).toEqual([...widths]);
    expect(written.every(([, media, modifier]) => media === modifier)).toBe(true);
  });

  it("put the call to action beside the menu button from the 'sm' breakpoint at the narrowest", () => {
    expect(Number(/--breakpoint-sm: ?(\d+)em/.exec(css)?.[1])).toBe(CTA_IN_BAR_FROM);
    expect(Math.min(...CTA_WIDTHS)).toBe(CTA_IN_BAR_FROM);
  });
});

describe('headerLayout', () => {
  const words: HeaderWords = {
    brand: site.name,
    links: NAVIGATION.main.map((link) => link.label),
    toggle: 'Menu',
    cta: 'Request Demo',
  };
  /** A width in em, or never (undefined), as a number to compare. */
  const at = (width: number | undefined) => width ?? Number.POSITIVE_INFINITY;

  it('needs a wider screen for every label more, and none once the labels outgrow the container', () => {
    const longest = [...words.links].sort((a, b) => b.length - a.length)[0] ?? '';
    const widths = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
      (count) => headerLayout({ ...words, links: Array.from({ length: count }, () => longest) }).rowFrom,
    );
    const fitting = widths.filter((width) => width !== undefined);
    expect(fitting).toEqual([...fitting].sort((a, b) => a - b));
    expect(widths.slice(fitting.length).every((width) => width === undefined)).toBe(true);
    expect(widths.at(-1)).toBeUndefined();
  });

  it('takes an accented label for as wide as its letters, and a character it has no width for as its widest', () => {
    const one = (label: string) => headerLayout({ ...words, links: Array.from({ length: 5 }, () => label) }).rowFrom;
    expect(one('Société Générale')).toBe(one('Societe Generale'));
    expect(one('信用信用信用信用')).toBe(one('WWWWWWWW'));
  });

  it('is what the header writes, as modifiers: from which width each part keeps its place, or that it never does', () => {
    const $ = render(<Header links={NAVIGATION.main} currentPath="/" />);
    expect($('header').attr('class')).toBe(headerClasses(headerLayout(words)));
    expect(headerClasses({ rowFrom: 72, ctaFrom: 36, labelFrom: 20 })).toBe(
      'c-header c-header--row-from-72 c-header--cta-from-36 c-header--label-from-20',
    );
    expect(headerClasses({ rowFrom: undefined, ctaFrom: undefined, labelFrom: undefined })).toBe(
      'c-header c-header--folded c-header--cta-in-menu c-header--icon-only',
    );
  });

  // The names the issue found refused (12 to 17 characters), and names of up to 26 as wide as an owner's get.
  it.each(['Merlin Credit', 'Osprey Credit', 'Northwind Lending', 'Kestrel Risks', ...Object.values(BRANDS), 'Northwind Lending Partners'])(
    'holds the brand name "%s"',
    (brand) => {
      expect(() => headerLayout({ ...words, brand })).not.toThrow();
    },
  );

  it('gives places up as the brand grows, in order: the links, then the call to action, then the menu button’s word', () => {
    const name = 'Northwind Lending Partners of Europe';
    const layouts = name.split('').map((_, end) => headerLayout({ ...words, brand: name.slice(0, end + 1).trim() }));
    for (const part of ['rowFrom', 'ctaFrom', 'labelFrom'] as const) {
      const widths = layouts.map((layout) => at(layout[part]));
      expect(widths, part).toEqual([...widths].sort((a, b) => a - b));
    }
    for (const layout of layouts) {
      expect(at(layout.labelFrom)).toBeLessThanOrEqual(at(layout.ctaFrom));
      expect(at(layout.ctaFrom)).toBeLessThanOrEqual(at(layout.rowFrom));
    }
    // A letter keeps every place it can; the whole name gives each up somewhere.
    expect(layouts[0]).toEqual({ rowFrom: expect.any(Number), ctaFrom: CTA_IN_BAR_FROM, labelFrom: Math.min(...LABEL_WIDTHS) });
    expect(layouts.at(-1)?.rowFrom).toBeUndefined();
    expect(at(layouts.at(-1)?.ctaFrom)).toBeGreaterThan(CTA_IN_BAR_FROM);
    expect(at(layouts.at(-1)?.labelFrom)).toBeGreaterThan(Math.min(...LABEL_WIDTHS));
  });

  it('fails, naming the brand, where it is set and its width as the font draws it, when even two lines beside the menu button cannot hold it', async () => {
    const brand = 'Kestrel Portfolio Intelligence Analytics';
    const { font, upem } = await interAt(700);
    // A line as harfbuzz shapes it (kerning and all) with the brand's tracking, at 18 px (its size at 320 px), after the 40 px logo.
    const drawn = (line: string) => {
      const buffer = new hb.Buffer();
      buffer.addText(line);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      const advance = buffer.getGlyphPositions().reduce((sum, glyph) => sum + glyph.xAdvance, 0) / upem;
      return (advance - 0.01 * line.length) * 18 + 40;
    };
    let message = '';
    try {
      headerLayout({ ...words, brand });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message.startsWith(`The header cannot hold the brand name "${brand}" (site.config.ts): at 320 px wide`), message).toBe(true);
    const [, first = '', second = '', width = '', room = ''] =
      /on two lines \("(.+)" and "(.+)"\), it is (\d+) px wide with its logo, and beside the menu button the bar has (\d+) px for it: shorten the name\.$/.exec(
        message,
      ) ?? [];
    expect(`${first} ${second}`).toBe(brand);
    // Its width: the longer line's, within the estimate's margin of what the font draws, and more than the room.
    const longer = Math.max(drawn(first), drawn(second));
    expect(Number(width)).toBeGreaterThanOrEqual(Math.floor(longer));
    expect(Number(width)).toBeLessThanOrEqual(Math.ceil(longer * 1.04));
    expect(Number(width)).toBeGreaterThan(Number(room));
    // The room: 320 px less the gutters (16 px a side), a classic scrollbar (17 px), the gap (16 px) and the menu button's icon (44 px).
    expect(Number(room)).toBe(320 - 2 * 16 - 17 - 16 - 44);
  });

  it('fails for a name with no space to break at, too wide for one line, saying so', () => {
    const brand = 'Kreditrisikomanagement';
    expect(() => headerLayout({ ...words, brand })).toThrow(
      /at 320 px wide, on one line \(it has no space to break at\), it is \d+ px wide/,
    );
  });

  it('fails through the header, naming site.config.ts', () => {
    const brand = 'Kestrel Risk and Portfolio Intelligence Analytics';
    expect(() => render(<Header links={NAVIGATION.main} currentPath="/" />, { ...site, name: brand })).toThrow(
      `The header cannot hold the brand name "${brand}" (site.config.ts)`,
    );
  });
});

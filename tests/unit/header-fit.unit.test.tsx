/**
 * The header's estimate of where its links fit (components/Header/fit.ts): its advance widths are
 * the font's, its widths the stylesheet's, and it answers as a row of labels does. What the engines
 * draw is held to it by tests/engines/header.engine.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { ADVANCES, FIRST_ADVANCE } from '../../components/Header/advances';
import { CTA_IN_BAR_FROM, type HeaderWords, ROW_WIDTHS, rowFrom } from '../../components/Header/fit';
import { Header } from '../../components/Header/Header';
import { decodeWoff2 } from '../../generator/fonts';
import { compileStyles, StylesCompiler } from '../../generator/steps/styles';
import { projectRoot as root } from '../../scripts/lib/project';
import config, { site } from '../../site.config';
import { render } from '../support/render';
import { NAVIGATION } from '../support/site';

/** The font's advance widths for the tables' characters at a weight, in thousandths of an em rounded up. */
async function fontAdvances(weight: number): Promise<number[]> {
  const woff2 = await readFile(createRequire(path.join(root, 'package.json')).resolve(config.font.file));
  const face = new hb.Face(new hb.Blob(await decodeWoff2(root, woff2)));
  const font = new hb.Font(face);
  font.setVariations([new hb.Variation('wght', weight)]);
  return Array.from({ length: ADVANCES.medium.length }, (_, index) => {
    const glyph = font.glyph(FIRST_ADVANCE + index) ?? 0;
    return Math.ceil((font.glyphHAdvance(glyph) * 1000) / face.upem);
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

  it('are the media queries the stylesheet writes for the modifiers, one each', () => {
    const written = [...css.matchAll(/@media not all and \(min-width: ?(\d+)em\)\{[^{]*\.c-header--row-from-(\d+)\b/g)];
    expect(written.map(([, media]) => Number(media))).toEqual([...ROW_WIDTHS]);
    expect(written.every(([, media, modifier]) => media === modifier)).toBe(true);
  });

  it("put the call to action beside the menu button from the 'sm' breakpoint", () => {
    expect(Number(/--breakpoint-sm: ?(\d+)em/.exec(css)?.[1])).toBe(CTA_IN_BAR_FROM);
  });
});

describe('rowFrom', () => {
  const words: HeaderWords = {
    brand: site.name,
    links: NAVIGATION.main.map((link) => link.label),
    toggle: 'Menu',
    cta: 'Request Demo',
  };

  it('needs a wider screen for every label more, and none once the labels outgrow the container', () => {
    const longest = [...words.links].sort((a, b) => b.length - a.length)[0] ?? '';
    const widths = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((count) => rowFrom({ ...words, links: Array.from({ length: count }, () => longest) }));
    const fitting = widths.filter((width) => width !== undefined);
    expect(fitting).toEqual([...fitting].sort((a, b) => a - b));
    expect(widths.slice(fitting.length).every((width) => width === undefined)).toBe(true);
    expect(widths.at(-1)).toBeUndefined();
  });

  it('takes an accented label for as wide as its letters, and a character it has no width for as its widest', () => {
    const one = (label: string) => rowFrom({ ...words, links: Array.from({ length: 5 }, () => label) });
    expect(one('Société Générale')).toBe(one('Societe Generale'));
    expect(one('信用信用信用信用')).toBe(one('WWWWWWWW'));
  });

  it('is what the header writes, as a modifier: from that width, or folded everywhere', () => {
    const $ = render(<Header links={NAVIGATION.main} currentPath="/" />);
    const from = rowFrom(words);
    expect($('header').attr('class')).toBe(from === undefined ? 'c-header c-header--folded' : `c-header c-header--row-from-${from}`);
  });

  it('fails, naming the brand and where it is set, when even the folded bar cannot hold it', () => {
    const brand = 'Kestrel Risk and Portfolio Analytics';
    expect(() => render(<Header links={NAVIGATION.main} currentPath="/" />, { ...site, name: brand })).toThrow(
      `The header cannot hold the brand name "${brand}" (site.config.ts)`,
    );
  });
});

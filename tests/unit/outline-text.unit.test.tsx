/**
 * A card's text drawn as outlines from the site's brand fonts (images/outline-text.ts), which resvg then draws without opening a
 * font: the card looks as resvg draws it from the fonts; a text it cannot draw exactly so is left as text, for resvg.
 */
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SocialImage } from '../../components/SocialImage/SocialImage';
import { outlinedText } from '../../generator/images/outline-text';
import { svgTexts } from '../../generator/scan';
import { projectRoot } from '../../scripts/lib/project';
import siteConfig, { site } from '../../site.config';

const files = (siteConfig.brandFonts ?? []).map((file) => path.join(projectRoot, file));
const fonts = { files, key: 'the site’s brand fonts' };

function pixels(svg: string, fontFiles: string[]): Uint8Array {
  return new Resvg(svg, { fitTo: { mode: 'width', value: 1200 }, font: { fontFiles, loadSystemFonts: false } }).render().pixels;
}

/** The mean difference of two drawings' channels, and the share of channels more than a quarter apart. */
function difference(a: Uint8Array, b: Uint8Array): { mean: number; far: number } {
  let sum = 0;
  let far = 0;
  for (let at = 0; at < a.length; at++) {
    const apart = Math.abs((a[at] ?? 0) - (b[at] ?? 0));
    sum += apart;
    if (apart > 64) far += 1;
  }
  return { mean: sum / a.length, far: far / a.length };
}

describe("a card's text as outlines", () => {
  const card = renderToStaticMarkup(
    <SocialImage
      name={site.name}
      tagline="Why “AVA” and ‘To’ kern: reasons a lender can read, & the quarter’s 1,000 notes"
      host="www.example.com"
    />,
  );

  it('leaves no text for resvg to draw, nor a font to read, and draws as resvg draws the text from the fonts', async () => {
    const { svg: outlined, fonts: needed } = await outlinedText(card, fonts);
    expect(svgTexts(card).length).toBeGreaterThan(1);
    expect(svgTexts(outlined)).toEqual([]);
    expect(needed).toEqual([]);
    const byResvg = pixels(card, files);
    const { mean, far } = difference(byResvg, pixels(outlined, []));
    expect(mean).toBeLessThan(1.5);
    expect(far).toBeLessThan(0.01);
    // The measure can tell: the same outlines two pixels to the right are far from it.
    const shifted = outlined.replace(/(<svg[^>]*>)([\s\S]*)(<\/svg>)$/, '$1<g transform="translate(2 0)">$2</g>$3');
    expect(difference(byResvg, pixels(shifted, [])).far).toBeGreaterThan(0.01);
  });

  it('leaves to resvg a text it cannot draw exactly so: other spacing, a family or a weight the fonts lack, a style', async () => {
    const texts = [
      '<text x="10" y="50" font-family="Inter" font-weight="700" font-size="40" letter-spacing="2">Spaced</text>',
      '<text x="10" y="50" font-family="Georgia" font-weight="700" font-size="40">Another family</text>',
      '<text x="10" y="50" font-family="Inter" font-weight="300" font-size="40">A lighter weight</text>',
      '<text x="10" y="50" font-family="Inter" font-size="40"><tspan font-style="italic">Italic</tspan></text>',
      '<text x="10" y="50" font-family="Inter" font-size="40">  Spaces  kept  </text>',
    ];
    for (const text of texts) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100">${text}</svg>`;
      expect(await outlinedText(svg, fonts), text).toEqual({ svg, fonts: files });
    }
  });

  it('hands resvg no font for a drawing without text (an icon)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#1f4fd1"/></svg>';
    expect(await outlinedText(svg, fonts)).toEqual({ svg, fonts: [] });
  });

  it('outlines each text it can, and leaves the others beside them', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100">' +
      '<text x="10" y="40" font-family="Inter" font-weight="700" font-size="30" fill="#0b1f3a">Drawn</text>' +
      '<text x="10" y="80" font-family="Inter" font-size="30" letter-spacing="1">Left</text></svg>';
    const { svg: outlined, fonts: needed } = await outlinedText(svg, fonts);
    expect(svgTexts(outlined).map((text) => text.runs.map((run) => run.text).join(''))).toEqual(['Left']);
    expect(outlined).toContain('<g fill="#0b1f3a">');
    // The text left is resvg's to draw, from the fonts.
    expect(needed).toEqual(files);
  });
});

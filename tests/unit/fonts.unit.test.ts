import { describe, expect, it } from 'vitest';
import { readCss } from '../../generator/css';
import { fontFace, unicodeRange, fontUsage as usageOf } from '../../generator/fonts';
import { scanHtml } from '../../generator/scan';
import config from '../../site.config';

const shownCharacters = (html: string) => scanHtml(html, '').characters;
const SAFETY_CHARACTERS = config.font.safety;

describe('the characters a page shows', () => {
  it('are its text and text alternatives, entities decoded, never its markup, scripts, styles or head', () => {
    const html =
      '<!DOCTYPE html><html><head><title>Tab ☆</title><meta name="description" content="Meta ♦"><style>.a{content:"§"}</style></head>' +
      '<body><p class="x">Caf&eacute; €5 &amp; “quotes”</p><img alt="Chart ▲" src="/i.svg"><button aria-label=\'Close ×\'>X</button>' +
      '<script>var s = "¶";</script><svg viewBox="0 0 1 1"><text>½</text></svg><!-- ¤ --></body></html>';
    const shown = shownCharacters(html);
    for (const character of ['€', '“', '”', '▲', '×', '½', '&', 'C', '5', ' ']) expect(shown).toContain(character);
    for (const character of ['☆', '♦', '§', '¶', '¤', '<', '>', '=', '/']) expect(shown).not.toContain(character);
    // Sorted and without repeats, so that the same page always gives the same string.
    expect([...shown]).toEqual([...new Set(shown)].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)));
  });

  it('are decoded from every character reference HTML knows, in text and in attributes', () => {
    const shown = shownCharacters('<body><p>Caf&eacute; &hearts; &#x2713;</p><img alt="&rarr; &Omega;" src="/i.svg"></body>');
    for (const character of ['é', '♥', '✓', '→', 'Ω']) expect(shown).toContain(character);
    for (const character of [';', 'h', 'x']) expect(shown).not.toContain(character);
  });

  it('come from text alternatives whatever the case of their names, as HTML matches them', () => {
    const shown = shownCharacters(
      '<body><IMG ALT="Ω" SRC="/i.svg"><p Title="ß">x</p><a aria-LABEL="Ж" href="/">y</a><div ALTX="λ">z</div></body>',
    );
    for (const character of ['Ω', 'ß', 'Ж']) expect(shown).toContain(character);
    expect(shown).not.toContain('λ');
  });

  it("count a value only where it is the text of a field or a button, never an option's, a hidden field's or a list item's", () => {
    const shown = shownCharacters(
      '<body><input value="Ж"><input type="submit" value="Я"><input type="hidden" value="Ψ"><input type="checkbox" value="Ω">' +
        '<select><option value="λ">a</option></select><button value="π">b</button><ol><li value="9">c</li></ol><data value="¥">d</data></body>',
    );
    for (const character of ['Ж', 'Я']) expect(shown).toContain(character);
    for (const character of ['Ψ', 'Ω', 'λ', 'π', '9', '¥']) expect(shown).not.toContain(character);
    expect([...shown]).toEqual([...new Set(shown)].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)));
  });
});

describe('what a stylesheet asks of the font', () => {
  const fontUsage = (css: string) => usageOf(readCss(css).declarations);
  const usage = fontUsage(
    '@font-face{font-family:"F";font-weight:100 900;src:url(/f.woff2)}' +
      'body{font-weight:400}h1{font-weight:800}.a{font-weight:600;font-variant-numeric:tabular-nums slashed-zero}' +
      '.b{font-feature-settings:"ss01" 1,"liga" 0}.q::before{content:"\\201C"}.q::after{content:"”"}.c{content:counter(x) "·"}' +
      '.e{text-transform:uppercase}',
  );

  it('is the range of weights it sets (with normal and bold), not those of @font-face', () => {
    expect(usage.weights).toEqual({ min: 400, max: 800 });
    expect(fontUsage('p{font-weight:500}').weights).toEqual({ min: 400, max: 700 });
    // The whole axis, whatever the font's is.
    expect(fontUsage('b{font-weight:bolder}').weights).toBeUndefined();
  });

  it('is the features it turns on, and the text it writes', () => {
    expect(usage.features).toEqual(['ss01', 'tnum', 'zero']);
    expect([...usage.characters].sort()).toEqual(['·', '“', '”']);
    expect(usage.changesCase).toBe(true);
    expect(usage.names('F')).toBe(false);
    expect(fontUsage('body{font-family:"Inter",system-ui}').names('Inter')).toBe(true);
    expect(fontUsage('body{font:16px/1.5 Inter Display,sans-serif}').names('Inter')).toBe(false);
    expect(fontUsage('p{text-transform:none}').changesCase).toBe(false);
  });

  it('reads the font shorthand: its weight, its variant and its family, whatever the size and line height before it', () => {
    const shorthand = fontUsage('h1{font:small-caps 800 2rem/1.1 Inter,sans-serif}');
    expect(shorthand.weights).toEqual({ min: 400, max: 800 });
    expect(shorthand.features).toEqual(['smcp']);
    expect(shorthand.names('Inter')).toBe(true);
    expect(fontUsage('em{font:oblique 10deg 1rem "Inter"}').names('Inter')).toBe(true);
    expect(fontUsage('button{font:caption}').names('caption')).toBe(false);
  });

  it('keeps the whole weight axis for a weight only the browser knows, and reads no custom property as a weight', () => {
    expect(fontUsage('h1{font-weight:var(--heading)}').weights).toBeUndefined();
    expect(fontUsage(':root{--heading-font-weight:800}').weights).toEqual({ min: 400, max: 700 });
  });
});

describe('a font face', () => {
  it('names its characters as compact ranges', () => {
    expect(unicodeRange('CAB€ -')).toBe('U+20,U+2D,U+41-43,U+20AC');
  });

  it('carries its file, weight range and, for the extra file, its unicode-range', () => {
    expect(fontFace('Inter', '/assets/fonts/inter.1.woff2', { min: 400, max: 700 })).toBe(
      '@font-face{font-family:"Inter";font-weight:400 700;font-display:swap;src:url(/assets/fonts/inter.1.woff2)}',
    );
    expect(fontFace('Inter', '/x.woff2', { min: 400, max: 700 }, 'é€')).toMatch(/;unicode-range:U\+E9,U\+20AC\}$/);
  });

  it('always covers printable ASCII, the Latin-1 letters, €, typographic quotes and dashes', () => {
    for (const character of ['a', '~', ' ', 'À', 'ÿ', 'ß', '€', '“', '’', '–', '—']) expect(SAFETY_CHARACTERS).toContain(character);
    expect(SAFETY_CHARACTERS).not.toContain('×');
  });
});

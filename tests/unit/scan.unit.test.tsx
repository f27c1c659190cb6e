/** The page scan: what a page refers to, the ids it defines and the characters it shows, from any HTML. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageReferences, scanCss } from '../../generator/css';
import { scanHtml, svgTexts } from '../../generator/scan';

const origin = 'https://www.example.test';

const structuredData = JSON.stringify({ '@type': 'Organization', url: `${origin}/about-us/`, logo: `${origin}/assets/logo.png` });

/** What a page can hold, as React writes it: entities, raw text, SVG's camelCase names, void elements and boolean attributes. */
const page = (
  <html lang="en">
    <head>
      <meta charSet="utf-8" />
      <title>Risk &amp; return — “credit”</title>
      <meta property="og:url" content={`${origin}/`} />
      <link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossOrigin="" />
      <style>{'@font-face{src:url(/assets/inter.woff2)} .a{background:url("/assets/grid.svg")}'}</style>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own JSON, written as HeadMeta writes structured data. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
      <script src="/assets/site.js" defer />
    </head>
    <body>
      <a href="#main" className="skip">
        Skip to content
      </a>
      <main id="main">
        <h1 title="Ω title">
          Lenders&apos; <em>risk</em> {'<in> "quotes"'}
        </h1>
        <img src="/assets/chart.png" srcSet="/assets/chart.png 1x, /assets/chart@2x.png 2x" alt="A chart — Ж" width={10} height={10} />
        <svg viewBox="0 0 10 10" aria-label="Icon ß">
          <use xlinkHref="/assets/icons.svg#check" />
          <title>Check λ</title>
          <linearGradient id="fade" />
        </svg>
        <a href="#team">Team</a> <a href="#nobody">Nobody</a> <a href="/about-us/?a=1&amp;b=2">About</a>
        <p hidden>Hidden ψ</p>
        <textarea defaultValue="Typed &amp; kept" readOnly />
        <input value="Field Я" readOnly />
        <input type="hidden" value="Secret Ф" />
        <h2 id="team">Team</h2>
      </main>
    </body>
  </html>
);

describe('the page scan', () => {
  const html = `<!DOCTYPE html>${scanHtml(renderToStaticMarkup(page), 'https://example.test').html5}`;
  const found = scanHtml(html, origin);

  it("finds React's ids, references and text", () => {
    expect([...found.ids]).toEqual(['main', 'fade', 'team']);
    expect(pageReferences(found).map(({ value }) => value)).toEqual(
      expect.arrayContaining([
        `${origin}/`,
        '/assets/inter.woff2',
        '/assets/grid.svg',
        `${origin}/about-us/`,
        `${origin}/assets/logo.png`,
        '/assets/site.js',
        '/assets/chart@2x.png',
        '/assets/icons.svg#check',
        '#nobody',
        '/about-us/?a=1&b=2',
      ]),
    );
    // A fragment of the page that names one of its elements is settled here.
    expect(found.references.map(({ value }) => value)).not.toContain('#team');
    for (const character of '<>"\'ΩЖßЯ&') expect(found.characters).toContain(character);
    // The head's text, a hidden field's value, and an SVG title (a tooltip, in the browser's own font).
    for (const character of 'Фλ') expect(found.characters).not.toContain(character);
    expect(found.duplicateIds).toEqual([]);
  });

  it("hands a page's own <style> to the CSS reader, which names each of its references once as the style's", () => {
    // The reader of every page leaves CSS to the one CSS reader, which a render worker never loads.
    expect(found.references.map(({ value }) => value)).not.toContain('/assets/grid.svg');
    expect(found.styles).toHaveLength(1);
    const twice = [...found.styles, '.b{background:url(/assets/grid.svg)}'];
    expect(pageReferences({ references: [], styles: twice })).toEqual([
      { where: '<style> url(/assets/inter.woff2)', value: '/assets/inter.woff2' },
      { where: '<style> url(/assets/grid.svg)', value: '/assets/grid.svg' },
    ]);
  });

  it('lists each character shown once, in code point order, without control characters', () => {
    const text = 'Zoë & Ørsted: 3×€20, naïve 😀 Łódź\u0085\u0007 aZ😀ë';
    const found = scanHtml(`<html><body><p>${text.replace('&', '&amp;')}</p><p>\ttab\n</p></body></html>`, 'https://example.com');
    // As the font needs them: whole code points, from the text itself.
    const shown = [...new Set([...`${text}\ttab\n`])].filter((character) => !/\p{Cc}/u.test(character));
    const expected = shown.sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)).join('');
    expect(found.characters).toBe(expected);
    expect([...found.characters]).toContain('😀');
  });

  it.each([
    ['a comment', '<p>Before</p><!-- <a href="/hidden/">x</a> --><a href="/shown/">y</a>', ['/shown/']],
    ['an unquoted value', '<a href=/about-us/ id=x>About</a>', ['/about-us/']],
    ['a single-quoted value', "<a href='/about-us/'>About</a>", ['/about-us/']],
    ['a value holding ">"', '<a title="a > b" href="/about-us/">About</a>', ['/about-us/']],
    ['raw text that looks like markup', '<title>T</title><textarea><a href="/c/">c</a></textarea><a href="/d/">d</a>', ['/d/']],
  ])('reads any HTML as a browser does: %s', (_name, body, references) => {
    const scan = scanHtml(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`, origin);
    expect(scan.references.map(({ value }) => value)).toEqual(references);
  });

  it('finds an id given twice, which a fragment would meet first', () => {
    const scan = scanHtml('<body><main id="main"></main><section id="main"></section><a name="x"></a><p id="x"></p></body>', origin);
    expect(scan.duplicateIds).toEqual(['main', 'x']);
  });

  it('leaves out the values it is told are not references (the build stand-ins)', () => {
    const scan = scanHtml('<head><link rel="preload" href="x-late-1-font"><link rel="icon" href="/f.svg"></head>', origin, (value) =>
      value.startsWith('x-late-'),
    );
    expect(scan.references.map(({ value }) => value)).toEqual(['/f.svg']);
  });
});

describe('the references of a stylesheet', () => {
  it('are its url()s, image-set()s and @imports, as CSS reads them: escapes decoded, none from strings or comments, no fragment', () => {
    const css =
      '@import "base.css";@import url(print.css) print;/* url(old.png) */.a{background:url( "a b.png" )}' +
      '.b{background:url(a\\)b.png);content:"url(text.png)"}.c{background:image-set("c.avif" type("image/avif"),url(c.png) 1x)}' +
      '.d{filter:url(#blur);--e:url(/e.svg)}';
    expect(scanCss(css).map(({ value }) => value)).toEqual(['base.css', 'print.css', 'a b.png', 'a)b.png', 'c.avif', 'c.png', '/e.svg']);
  });
});

describe("an SVG's texts", () => {
  it('reads each text with its runs and attributes, decoded, and where it is in the markup', () => {
    const first =
      '<text x="80" font-family="&quot;Inter&quot;" fill="#fff"><tspan x="80" y="270">Risk &amp; reward</tspan><tspan y="344">Next</tspan></text>';
    const second = '<text y="5">Plain &lt;text&gt;</text>';
    const svg = `<svg><rect width="1"></rect>${first}<g>${second}</g><text><a href="#x">linked</a></text></svg>`;
    const [one, two, three] = svgTexts(svg);
    expect(svg.slice(one?.start, one?.end)).toBe(first);
    expect(one?.attributes).toEqual({ x: '80', 'font-family': '"Inter"', fill: '#fff' });
    expect(one?.runs).toEqual([
      { attributes: { x: '80', y: '270' }, text: 'Risk & reward' },
      { attributes: { y: '344' }, text: 'Next' },
    ]);
    expect(one?.plain).toBe(true);
    expect(svg.slice(two?.start, two?.end)).toBe(second);
    expect(two?.runs).toEqual([{ attributes: { y: '5' }, text: 'Plain <text>' }]);
    // A link inside is more than text and spans: resvg draws it.
    expect(three?.plain).toBe(false);
  });
});

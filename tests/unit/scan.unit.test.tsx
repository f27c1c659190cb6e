/**
 * The page scan reads React's markup with regular expressions, and any other HTML with
 * htmlparser2's tokenizer: both ways must find the same ids, references and text.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toHtml5 } from '../../generator/render/html';
import { readsAsRenderedMarkup, scanAnyHtml, scanHtml } from '../../generator/scan';
import { scanFindings } from '../support/scan';

const origin = 'https://www.example.test';

const findings = (scan: typeof scanHtml, html: string) => scanFindings(scan, html, origin);

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
  it("reads React's markup without the tokenizer, and finds what the tokenizer finds", () => {
    const html = `<!DOCTYPE html>${toHtml5(renderToStaticMarkup(page))}`;
    expect(readsAsRenderedMarkup(html)).toBe(true);
    const fast = findings(scanHtml, html);
    expect(fast).toEqual(findings(scanAnyHtml, html));
    // The comparison is worth something only if the page exercises what the scan finds.
    expect(fast.ids).toEqual(['main', 'fade', 'team']);
    expect(fast.references.map(({ value }) => value)).toEqual(
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
    expect(fast.references.map(({ value }) => value)).not.toContain('#team');
    expect(fast.texts.join('|')).toContain('<in> "quotes"');
    for (const text of ['Ω title', "Lenders'", 'A chart — Ж', 'Icon ß', 'Typed & kept', 'Field Я']) {
      expect(fast.texts.join('|')).toContain(text);
    }
    // The head's text, a hidden field's value, and an SVG title (a tooltip, in the browser's own font).
    for (const text of ['Risk', 'Secret', 'Check']) expect(fast.texts.join('|')).not.toContain(text);
  });

  it.each([
    ['a comment', '<p>Before</p><!-- <a href="/hidden/">x</a> --><a href="/shown/">y</a>'],
    ['an unquoted value', '<a href=/about-us/ id=x>About</a>'],
    ['a single-quoted value', "<a href='/about-us/'>About</a>"],
    ['a value holding ">"', '<a title="a > b" href="/about-us/">About</a>'],
    ['a stray "<"', '<p>1 < 2</p><a href="/about-us/">About</a>'],
    ['spaces inside a tag', '<a  href="/about-us/" >About</a ><h2 id = "team">Team</h2>'],
    ['a self-closing script', '<script src="/a.js"/><p>Text ß</p><a href="/b/">b</a>'],
    ['a raw-text end tag with more in it', '<p>Before</p><title>T</title x><p>After</p>'],
    ['an end tag with a space', '<script>let a = "</script ";</script ><a href="/c/">c</a>'],
    ['xmp (raw text, as htmlparser2 reads it)', '<xmp><a href="/d/">d</a></xmp><a href="/e/">e</a>'],
    ['an unclosed raw-text element', '<p>Text</p><title>Ω and <a href="/f/">'],
    ['CDATA', '<svg><![CDATA[<a href="/g/">]]></svg><a href="/h/">h</a>'],
  ])('leaves %s to the tokenizer, with the same findings', (_name, body) => {
    const html = `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;
    expect(readsAsRenderedMarkup(html)).toBe(false);
    expect(findings(scanHtml, html)).toEqual(findings(scanAnyHtml, html));
  });

  it('finds what the tokenizer finds in React markup with a few characters changed, read either way', () => {
    // A small deterministic generator: the same 400 pages on every run.
    let seed = 2026;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % below;
    };
    const pieces = [
      '<',
      '>',
      '"',
      "'",
      '/',
      '=',
      ' ',
      '!',
      '&amp;',
      '<!--',
      '-->',
      '</script>',
      '</title>',
      '<xmp>',
      ' id="x"',
      '<a href="#x">',
      '<br/>',
      'S',
    ];
    const rendered = `<!DOCTYPE html>${toHtml5(renderToStaticMarkup(page))}`;
    let readAsRendered = 0;
    for (let run = 0; run < 400; run += 1) {
      let html = rendered;
      for (let change = 0; change < 1 + random(3); change += 1) {
        const at = random(html.length);
        const piece = pieces[random(pieces.length)] ?? '';
        html = random(2) === 0 ? html.slice(0, at) + piece + html.slice(at) : html.slice(0, at) + piece + html.slice(at + 1 + random(4));
      }
      if (readsAsRenderedMarkup(html)) readAsRendered += 1;
      expect(findings(scanHtml, html), `page ${run}`).toEqual(findings(scanAnyHtml, html));
    }
    // Both ways are exercised: many changes leave React's grammar intact, many break it.
    expect(readAsRendered).toBeGreaterThan(40);
    expect(readAsRendered).toBeLessThan(360);
  });
});

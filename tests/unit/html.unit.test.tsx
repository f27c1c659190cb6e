/**
 * The one HTML reader writes React's XHTML-flavoured markup as HTML5 as it reads it: on React's own output and on the edges of
 * the patterns it rewrites.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../generator/scan';

const toHtml5 = (markup: string) => scanHtml(markup, 'https://example.test').html5;

describe('the HTML reader, as it writes HTML5', () => {
  it("writes React's void elements and empty boolean attributes as HTML5 does", () => {
    const markup = renderToStaticMarkup(
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <link rel="preload" href="/a.woff2" as="font" crossOrigin="" />
          <script src="/a.js" defer />
        </head>
        <body>
          <img src="/a.png" alt="" loading="lazy" />
          <details open>
            <summary>More</summary>
            <input type="checkbox" checked disabled readOnly />
            <br />
          </details>
        </body>
      </html>,
    );
    expect(toHtml5(markup)).toBe(
      '<html lang="en"><head><meta charset="utf-8"><link rel="preload" href="/a.woff2" as="font" crossorigin>' +
        '<script src="/a.js" defer></script></head><body><img src="/a.png" alt="" loading="lazy">' +
        '<details open><summary>More</summary><input type="checkbox" disabled readOnly checked><br></details></body></html>',
    );
  });

  it('writes in lower case the attribute names React keeps as JSX names them', () => {
    const markup = renderToStaticMarkup(
      <p>
        <time dateTime="2026-06-01">1 June</time>
        <picture>
          <source type="image/webp" srcSet="/a.webp 1x" />
          <img src="/a.png" srcSet="/a.png 1x, /b.png 2x" alt="" />
        </picture>
      </p>,
    );
    expect(toHtml5(markup)).toBe(
      '<p><time datetime="2026-06-01">1 June</time><picture><source type="image/webp" srcset="/a.webp 1x"><img src="/a.png" srcset="/a.png 1x, /b.png 2x" alt=""></picture></p>',
    );
  });

  it.each([
    ['spaces before "/>"', '<br class="a"  />', '<br class="a">'],
    ['a boolean inside a void element', '<input hidden="" />', '<input hidden>'],
    ['a boolean named in another case', '<input READONLY="" />', '<input READONLY>'],
    ['two in a row', '<p hidden="" inert="">x</p><hr/><hr/>', '<p hidden inert>x</p><hr><hr>'],
    ['a name that only ends like a boolean', '<p data-open="" aria-hidden="">x</p>', '<p data-open="" aria-hidden="">x</p>'],
    [
      'an element whose name only starts like a void one',
      '<linearGradient/><image href="/a.png"/><br2/>',
      '<linearGradient/><image href="/a.png"/><br2/>',
    ],
    ['charSet anywhere but first on a meta', '<meta name="a" charSet="b"/>', '<meta name="a" charSet="b">'],
    ['no pattern at all', '<p>a = "" / > b</p>', '<p>a = "" / > b</p>'],
  ])('leaves the rest as it is: %s', (_name, markup, html5) => {
    expect(toHtml5(markup)).toBe(html5);
  });
});

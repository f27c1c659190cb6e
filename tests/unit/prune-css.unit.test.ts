import { describe, expect, it } from 'vitest';
import { readCss } from '../../generator/css';
import { inlineHash } from '../../generator/hosting/policy';
import { pageStyles, pruneSheet, wordsOf } from '../../generator/prune-css';

const prune = (css: string, ...classes: string[]) => pruneSheet(readCss(css).outline, new Set(classes));

describe('a page’s own stylesheet', () => {
  it('keeps rules that name no class, and those whose every class the page uses', () => {
    const css = 'body{margin:0}.a{color:red}.a .b{color:blue}.c{color:green}';
    expect(prune(css, 'a')).toBe('body{margin:0}.a{color:red}');
    expect(prune(css, 'a', 'b')).toBe('body{margin:0}.a{color:red}.a .b{color:blue}');
    expect(prune(css)).toBe('body{margin:0}');
  });

  it('keeps only the selectors of a list that the page can match', () => {
    expect(prune('.a,.b,h1{font-weight:700}', 'b')).toBe('.b,h1{font-weight:700}');
  });

  it('needs no class named inside an attribute selector, a string or a functional pseudo-class', () => {
    const css = '.a:not(.gone){x:1}a[href$=".pdf"]{x:2}.a:is(.b,.c) .d{x:3}.e:has(> .f){x:4}';
    expect(prune(css, 'a', 'd', 'e')).toBe(css);
  });

  it('cuts inside conditional groups and drops those left empty', () => {
    const css = '@media(min-width: 48em){.a{x:1}.b{x:2}}@supports (display:grid){@media print{.b{x:3}}}.a{y:1}';
    expect(prune(css, 'a')).toBe('@media(min-width: 48em){.a{x:1}}.a{y:1}');
  });

  it('keeps other at-rules whole, braces inside them and inside strings included', () => {
    const css =
      '@font-face{font-family:"In}ter";src:url(/f.woff2)}@keyframes fade{from{opacity:0}to{opacity:1}}.gone::before{content:"}{"}.a{x:1}';
    expect(prune(css, 'a')).toBe('@font-face{font-family:"In}ter";src:url(/f.woff2)}@keyframes fade{from{opacity:0}to{opacity:1}}.a{x:1}');
  });

  it('keeps a selector with an escaped class, which it does not read', () => {
    expect(prune('.md\\:flex{display:flex}')).toBe('.md\\:flex{display:flex}');
  });

  it('needs no class inside :where(), and reads a backslash elsewhere than in a class name as any other character', () => {
    expect(prune('.a:where(.b) .c{x:1}.gone[title="\\""]{x:2}.a::after{content:"\\2014"}', 'a', 'c')).toBe(
      '.a:where(.b) .c{x:1}.a::after{content:"\\2014"}',
    );
  });

  it('refuses a sheet whose braces do not pair', () => {
    expect(() => prune('.a{x:1')).toThrow(/never closed/);
    expect(() => prune('@media print{.a{x:1}')).toThrow(/never closed/);
    expect(() => prune('.a{x:1}}')).toThrow(/closes nothing, at line 1, column 8/);
  });

  it('counts every word of a script as a class it may add', () => {
    expect(wordsOf('e.classList.add("is-open"),r.className+="js"')).toEqual(
      expect.arrayContaining(['is-open', 'js', 'classList', 'className']),
    );
  });

  it('gives pages of the same classes one sheet, with the policy that allows exactly it', () => {
    const css = '.a{x:1}.b{x:2}.js .c{x:3}';
    const styleOf = pageStyles(readCss(css).outline, ['js'], ['run()'], (value) => value);
    const first = styleOf('a c');
    expect(first.stylesheet).toBe('.a{x:1}.js .c{x:3}');
    expect(first.csp).toContain(`style-src 'self' ${inlineHash(first.stylesheet)};`);
    expect(first.csp).toContain(`script-src 'self' ${inlineHash('run()')};`);
    expect(styleOf('a c')).toBe(first);
    expect(styleOf('b').stylesheet).toBe('.b{x:2}');
  });
});

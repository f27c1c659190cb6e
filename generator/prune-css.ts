/**
 * A page's own stylesheet: the site's, less the selectors that name a class the page and its scripts never use. The first
 * round trip holds about 14 kB: a page that carries the rules of every other page's sections needs a second one.
 *
 * Conservative where it cannot know: a selector is kept unless a class it needs is missing. Classes inside attribute
 * selectors and functional pseudo-classes (:not(), :is(), :has()) are not needed; at-rules other than conditional groups
 * (@font-face, @keyframes) are kept whole. A class a script adds must be written whole in its text (`'is-open'`, not
 * `'is-' + state`): the dev server links the whole sheet, so only a build would miss it.
 */
import { contentSecurityPolicy } from './hosting/policy';
import type { PageStyle } from './render/protocol';

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'rule'; selectors: { text: string; classes: string[] }[]; body: string }
  | { kind: 'group'; prelude: string; children: Node[] };

/** Rules inside them apply under a condition; their children are pruned like the top level. */
const GROUPS = new Set(['media', 'supports', 'container', 'layer', 'scope', 'document']);

/** Pages of the same classes share one: a thousand articles cut the sheet once. `forAttribute` readies the policy for its attribute. */
export function pageStyles(
  css: string,
  scriptWords: readonly string[],
  scripts: readonly string[],
  forAttribute: (value: string) => string,
): (classes: string) => PageStyle {
  const prune = sheetPruner(css);
  const made = new Map<string, PageStyle>();
  return (classes) => {
    let style = made.get(classes);
    if (!style) {
      const stylesheet = prune(new Set([...scriptWords, ...classes.split(' ')]));
      style = { stylesheet, csp: forAttribute(contentSecurityPolicy({ scripts, styles: [stylesheet] }, { for: 'meta' })) };
      made.set(classes, style);
    }
    return style;
  };
}

/** Parses once; each call returns the sheet for one page's classes. */
export function sheetPruner(css: string): (classes: ReadonlySet<string>) => string {
  const nodes = parse(css);
  return (classes) => print(nodes, classes);
}

function print(nodes: readonly Node[], classes: ReadonlySet<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'group') {
      const inner = print(node.children, classes);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else {
      const kept = node.selectors.filter((selector) => selector.classes.every((name) => classes.has(name)));
      if (kept.length > 0) out += `${kept.map((selector) => selector.text).join(',')}{${node.body}}`;
    }
  }
  return out;
}

function parse(css: string): Node[] {
  let at = 0;
  /** Up to the first of `stops` outside strings, comments, brackets and parentheses. */
  const scan = (stops: string): number => topLevel(css, at, (c) => stops.includes(c));
  /** From an opening brace to just past its closing one. */
  const block = (open: number): number => {
    let depth = 0;
    const close = topLevel(css, open, (c) => {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      return depth === 0;
    });
    if (close >= css.length) throw new Error('The stylesheet has a "{" that is never closed.');
    return close + 1;
  };
  const list = (): Node[] => {
    const nodes: Node[] = [];
    while (at < css.length) {
      while (/\s/.test(css[at] ?? '')) at++;
      if (at >= css.length || css[at] === '}') break;
      if (css.startsWith('/*', at)) {
        const end = css.indexOf('*/', at + 2);
        const stop = end < 0 ? css.length : end + 2;
        nodes.push({ kind: 'text', text: css.slice(at, stop) });
        at = stop;
        continue;
      }
      const stop = scan('{;}');
      const prelude = css.slice(at, stop).trim();
      if (css[stop] !== '{') {
        // A statement (@import, @charset) or a stray declaration: kept as written.
        nodes.push({ kind: 'text', text: `${prelude}${css[stop] === ';' ? ';' : ''}` });
        at = css[stop] === ';' ? stop + 1 : stop;
        continue;
      }
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
      if (name !== undefined && GROUPS.has(name)) {
        at = stop + 1;
        const children = list();
        if (css[at] !== '}') throw new Error(`The stylesheet's "${prelude}" block is never closed.`);
        at++;
        nodes.push({ kind: 'group', prelude, children });
      } else if (name !== undefined) {
        const end = block(stop);
        nodes.push({ kind: 'text', text: css.slice(at, end) });
        at = end;
      } else {
        const end = block(stop);
        const selectors = splitTopLevel(prelude).map((text) => ({ text, classes: neededClasses(text) }));
        nodes.push({ kind: 'rule', selectors, body: css.slice(stop + 1, end - 1) });
        at = end;
      }
    }
    return nodes;
  };
  const nodes = list();
  if (at < css.length) throw new Error('The stylesheet has a "}" that closes nothing.');
  return nodes;
}

function endOfString(css: string, open: number): number {
  const quote = css[open];
  for (let i = open + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/**
 * Calls `visit` with each character outside strings, comments, brackets and parentheses, from `from` on, until it returns
 * true: where it did, or the text's length.
 */
function topLevel(text: string, from: number, visit: (c: string, at: number) => boolean): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === '"' || c === "'") i = endOfString(text, i);
    else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && visit(c, i)) return i;
  }
  return text.length;
}

function splitTopLevel(selectorList: string): string[] {
  const parts: string[] = [];
  let start = 0;
  topLevel(selectorList, 0, (c, at) => {
    if (c === ',') {
      parts.push(selectorList.slice(start, at).trim());
      start = at + 1;
    }
    return false;
  });
  parts.push(selectorList.slice(start).trim());
  return parts;
}

/** An escaped class name is not read: the selector is kept. */
function neededClasses(selector: string): string[] {
  if (selector.includes('\\')) return [];
  let plain = '';
  topLevel(selector, 0, (c) => {
    plain += c;
    return false;
  });
  return [...plain.matchAll(/\.(-?[_a-zA-Z\u00a0-\uffff][\w\u00a0-\uffff-]*)/g)].map((match) => match[1] ?? '');
}

/** Every word of a script: a class it adds is among them, whichever way it is written. */
export function wordsOf(code: string): string[] {
  return code.match(/[\w-]+/g) ?? [];
}

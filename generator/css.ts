/** The one CSS reader (css-tree's parser): a stylesheet is read once, in the styles step, and the reading cached with it. */
import type { CssNode, List } from 'css-tree';
import { parse, tokenTypes, walk } from 'css-tree';
import type { FoundReference, HtmlScan } from './scan';

/** Plain data, kept in the cache beside the stylesheet: the pruner's outline, the link check's addresses, the font's declarations. */
export interface CssReading {
  outline: SheetNode[];
  /** In url(), image-set() and @import, fragments included. */
  addresses: string[];
  /** Those that decide what a font must draw (DRAWN), of style rules at any depth; not a @font-face's descriptors. */
  declarations: StyleDeclaration[];
}

/** A stylesheet as the pruner cuts it; every text is the stylesheet's own, as written. */
export type SheetNode =
  | { kind: 'text'; text: string }
  | { kind: 'rule'; selectors: { text: string; classes: string[] }[]; body: string }
  | { kind: 'group'; prelude: string; children: SheetNode[] };

/** Property names in lower case, as CSS matches them. */
export type StyleDeclaration = { property: string; value: Term[] };

/** A value as read: strings decoded, numbers with their unit, functions with their arguments. */
export type Term =
  | { type: 'string'; value: string }
  | { type: 'word'; value: string }
  | { type: 'number'; value: number; unit: string }
  | { type: 'function'; name: string; terms: Term[] }
  | { type: 'operator'; value: string }
  | { type: 'other' };

/** Rules inside them apply under a condition: they are outlined like the top level. */
const GROUPS = new Set(['media', 'supports', 'container', 'layer', 'scope', 'document']);

const { LeftCurlyBracket, RightCurlyBracket } = tokenTypes;

const DRAWN = /^(?:font(?:-[a-z-]+)?|content|text-transform)$/;

/**
 * The outline holds each rule's selectors with the classes an element and its ancestors must carry (none from an attribute selector
 * or a functional pseudo-class); other at-rules are text. What css-tree cannot read stays as written; unpaired braces are refused.
 */
export function readCss(css: string): CssReading {
  // css-tree would close what is left open, and keep a stray "}" as text: a stylesheet of unpaired braces is a mistake.
  const open: number[] = [];
  const reading = read(css, (type, start) => {
    if (type === LeftCurlyBracket) open.push(start);
    else if (type === RightCurlyBracket && open.pop() === undefined)
      throw new Error(`The stylesheet has a "}" that closes nothing, at ${position(css, start)}.`);
  });
  const unclosed = open.pop();
  if (unclosed !== undefined) throw new Error(`The stylesheet has a "{" that is never closed, at ${position(css, unclosed)}.`);
  return reading;
}

export function joinReadings(readings: readonly CssReading[]): CssReading {
  return {
    outline: readings.flatMap((reading) => reading.outline),
    addresses: readings.flatMap((reading) => reading.addresses),
    declarations: readings.flatMap((reading) => reading.declarations),
  };
}

/** Whatever its braces: the link check reads what anyone wrote. */
export function scanCss(css: string): FoundReference[] {
  return cssReferences(read(css).addresses);
}

/** But fragments: SVG filters and clip paths in the document. `within` names where the CSS is written. */
export function cssReferences(addresses: readonly string[], within = ''): FoundReference[] {
  return addresses.flatMap((value) => (value.startsWith('#') ? [] : [{ where: `${within}url(${value})`, value }]));
}

/** A page's references as the HTML reader found them (HtmlScan), then those of its own `<style>` texts, each distinct one once. */
export function pageReferences({ references, styles }: Pick<HtmlScan, 'references' | 'styles'>): FoundReference[] {
  if (styles.length === 0) return references;
  const found = new Map<string, FoundReference>();
  for (const css of styles) for (const reference of cssReferences(read(css).addresses, '<style> ')) found.set(reference.value, reference);
  return [...references, ...found.values()];
}

/** `onToken` sees each token before the parse, in the parser's own pass. */
function read(css: string, onToken?: (type: number, start: number) => void): CssReading {
  const options = { positions: true, parseValue: true, parseCustomProperty: true, parseAtrulePrelude: true };
  const sheet = parse(css, onToken ? { ...options, onToken } : options);
  const addresses: string[] = [];
  const declarations: StyleDeclaration[] = [];
  walk(sheet, function (node) {
    if (node.type === 'Url') addresses.push(node.value);
    else if (node.type === 'Function' && /^(?:-webkit-)?image-set$/i.test(node.name)) {
      for (const option of node.children) if (option.type === 'String') addresses.push(option.value);
    } else if (node.type === 'Atrule' && node.name.toLowerCase() === 'import' && node.prelude?.type === 'AtrulePrelude') {
      const first = node.prelude.children.first;
      if (first?.type === 'String') addresses.push(first.value);
    } else if (node.type === 'Declaration' && !(this.rule === null && this.atrule?.name.toLowerCase() === 'font-face')) {
      const property = node.property.toLowerCase();
      if (DRAWN.test(property))
        declarations.push({ property, value: node.value.type === 'Value' ? terms(node.value.children) : [{ type: 'other' }] });
    }
  });
  return { outline: sheet.type === 'StyleSheet' ? outlineOf(css, sheet.children) : [], addresses, declarations };
}

function outlineOf(css: string, list: List<CssNode>): SheetNode[] {
  const text = (node: CssNode): string => (node.loc ? css.slice(node.loc.start.offset, node.loc.end.offset) : '');
  return list.toArray().flatMap((node): SheetNode[] => {
    if (node.type === 'Rule' && node.prelude.type === 'SelectorList') {
      const selectors = node.prelude.children.toArray().map((selector) => ({
        text: text(selector).trim(),
        classes:
          selector.type === 'Selector'
            ? selector.children.toArray().flatMap((part) => (part.type === 'ClassSelector' ? [part.name] : []))
            : [],
      }));
      return [{ kind: 'rule', selectors, body: text(node.block).slice(1, -1) }];
    }
    if (node.type === 'Atrule' && node.block?.loc && node.loc && GROUPS.has(node.name.toLowerCase())) {
      const prelude = css.slice(node.loc.start.offset, node.block.loc.start.offset).trim();
      return [{ kind: 'group', prelude, children: outlineOf(css, node.block.children) }];
    }
    return [{ kind: 'text', text: text(node) }];
  });
}

function terms(list: List<CssNode>): Term[] {
  return list.toArray().flatMap((node): Term[] => {
    if (node.type === 'String') return [{ type: 'string', value: node.value }];
    if (node.type === 'Identifier') return [{ type: 'word', value: node.name }];
    if (node.type === 'Number') return [{ type: 'number', value: Number(node.value), unit: '' }];
    if (node.type === 'Dimension') return [{ type: 'number', value: Number(node.value), unit: node.unit }];
    if (node.type === 'Percentage') return [{ type: 'number', value: Number(node.value), unit: '%' }];
    if (node.type === 'Function') return [{ type: 'function', name: node.name.toLowerCase(), terms: terms(node.children) }];
    if (node.type === 'Parentheses') return [{ type: 'function', name: '', terms: terms(node.children) }];
    if (node.type === 'Operator') return [{ type: 'operator', value: node.value }];
    return node.type === 'WhiteSpace' ? [] : [{ type: 'other' }];
  });
}

function position(css: string, offset: number): string {
  const before = css.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

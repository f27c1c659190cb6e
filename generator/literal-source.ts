/**
 * Where a value of an exported object literal is written in a TypeScript file, by the path to it
 * (["sections", 2, "cards", 0, "title"]): the line of that key or element, or of the deepest part
 * of the path the file spells out (a missing key: its object; a value built elsewhere: the key that
 * refers to it). A reader of the source text, not a parser: it knows strings, template literals,
 * comments and brackets, which is all that object literals of copy are made of. Only used to word
 * an error, so a path it cannot follow gives the line it got to, never a failure.
 */

/** The 1-based line of the value at `path` inside `export const <name> = ...`, or undefined when the export is not there. */
export function lineOfPath(source: string, name: string, path: readonly (string | number)[]): number | undefined {
  const declaration = new RegExp(`export\\s+const\\s+${name}\\b[^=]*=\\s*`).exec(source);
  if (!declaration) return undefined;
  let at = declaration.index + declaration[0].length;
  let found = declaration.index;
  for (const key of path) {
    const next = memberStart(source, at, key);
    if (next === undefined) break;
    found = next.key;
    if (next.value === undefined) break;
    at = next.value;
  }
  return lineAt(source, found);
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let index = source.indexOf('\n'); index >= 0 && index < offset; index = source.indexOf('\n', index + 1)) line += 1;
  return line;
}

/**
 * In the literal at `open` (an object or array), where member `key` starts, and where its value
 * starts when the value is itself a literal there.
 */
function memberStart(source: string, open: number, key: string | number): { key: number; value?: number } | undefined {
  const bracket = source[open];
  if ((bracket === '{') === (typeof key === 'number') || (bracket !== '{' && bracket !== '[')) return undefined;
  const parts = partsOf(source, open);
  if (typeof key === 'number') {
    // A spread before the element makes its position unknowable from the text.
    const before = parts.slice(0, key + 1);
    if (before.length <= key || before.some((part) => source.startsWith('...', part))) return undefined;
    const start = before[key] as number;
    return { key: start, value: isLiteralStart(source[start]) ? start : undefined };
  }
  for (const start of parts) {
    const match = /^(?:([A-Za-z_$][\w$]*)|'([^'\\]*)'|"([^"\\]*)")\s*(:?)\s*/.exec(source.slice(start, start + 200));
    if (!match || (match[1] ?? match[2] ?? match[3]) !== key) continue;
    const value = start + match[0].length;
    return { key: start, value: match[4] && isLiteralStart(source[value]) ? value : undefined };
  }
  return undefined;
}

function isLiteralStart(character: string | undefined): boolean {
  return character === '{' || character === '[';
}

/** The offsets where each comma-separated member of the literal at `open` starts, past spaces and comments. */
function partsOf(source: string, open: number): number[] {
  const close = source[open] === '{' ? '}' : ']';
  const parts: number[] = [];
  let start = open + 1;
  for (let index = open + 1; index < source.length; index += 1) {
    const character = source[index];
    if (character === ',' || character === close) {
      const first = skipBlank(source, start);
      if (first < index) parts.push(first);
      if (character === close) return parts;
      start = index + 1;
    } else {
      index = endOf(source, index);
    }
  }
  return parts;
}

/** The offset of the first character at or after `index` that is neither space nor comment. */
function skipBlank(source: string, index: number): number {
  for (;;) {
    while (/\s/.test(source[index] ?? '')) index += 1;
    if (source.startsWith('//', index) || source.startsWith('/*', index)) index = endOf(source, index) + 1;
    else return index;
  }
}

/**
 * The offset of the last character of the token or bracketed group that starts at `index`: a
 * string, a template literal (with its `${...}` parts), a comment, or (...), [...], {...}; for
 * any other character, `index` itself.
 */
function endOf(source: string, index: number): number {
  const character = source[index];
  if (character === "'" || character === '"') {
    for (let at = index + 1; at < source.length; at += 1) {
      if (source[at] === '\\') at += 1;
      else if (source[at] === character || source[at] === '\n') return at;
    }
    return source.length;
  }
  if (character === '`') {
    for (let at = index + 1; at < source.length; at += 1) {
      if (source[at] === '\\') at += 1;
      else if (source[at] === '`') return at;
      else if (source.startsWith('${', at)) at = endOf(source, at + 1);
    }
    return source.length;
  }
  if (source.startsWith('//', index)) {
    const end = source.indexOf('\n', index);
    return end < 0 ? source.length : end;
  }
  if (source.startsWith('/*', index)) {
    const end = source.indexOf('*/', index + 2);
    return end < 0 ? source.length : end + 1;
  }
  const close = ({ '(': ')', '[': ']', '{': '}' } as Record<string, string>)[character ?? ''];
  if (!close) return index;
  for (let at = index + 1; at < source.length; at += 1) {
    if (source[at] === close) return at;
    at = endOf(source, at);
  }
  return source.length;
}

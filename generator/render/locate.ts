/** Where an owner wrote a value: the bundle tags each object a module exports with its file; the line is parsed only for an error. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArrayExpression, Expression, ObjectExpression, ObjectProperty } from 'oxc-parser';
import type { Located } from './protocol';

export type Keys = readonly (string | number)[];

type Source = { file: string; name: string };

const sources = new WeakMap<object, Source>();

/** The first module to export an object owns it. */
export function tagExports(exports: Readonly<Record<string, unknown>>, file: string): void {
  for (const [name, value] of Object.entries(exports))
    if (typeof value === 'object' && value !== null && !sources.has(value)) sources.set(value, { file, name });
}

/** From the deepest object on the way that a module exports; undefined when none does. */
export async function locate(root: string, value: unknown, keys: Keys): Promise<Located | undefined> {
  let found: (Source & { rest: Keys }) | undefined;
  let at: unknown = value;
  for (let depth = 0; depth <= keys.length; depth += 1) {
    const source = typeof at === 'object' && at !== null ? sources.get(at) : undefined;
    if (source) found = { ...source, rest: keys.slice(depth) };
    if (depth === keys.length || typeof at !== 'object' || at === null) break;
    at = (at as Record<string | number, unknown>)[keys[depth] as string | number];
  }
  if (!found) return undefined;
  const text = await readFile(path.join(root, found.file), 'utf8').catch(() => undefined);
  const line = text === undefined ? undefined : await lineOfPath(text, found.name, found.rest);
  return { file: found.file, ...(line === undefined ? {} : { line }) };
}

export function findText(value: unknown, matches: (text: string) => boolean, keys: Keys = [], seen = new Set<object>()): Keys | undefined {
  if (typeof value === 'string') return matches(value) ? keys : undefined;
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined;
  seen.add(value);
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const found = findText(item, matches, [...keys, key], seen);
    if (found) return found;
  }
  return undefined;
}

/** Else of the deepest part of the path the file spells out (a missing key: its object; a value built elsewhere: its key). */
export async function lineOfPath(source: string, name: string, keys: Keys): Promise<number | undefined> {
  const { parseSync } = await import('oxc-parser');
  const { program, errors } = parseSync('content.ts', source, { lang: 'ts' });
  if (errors.length > 0) return undefined;
  const exported = program.body.flatMap((statement) => {
    if (statement.type === 'ExportDefaultDeclaration' && name === 'default')
      return [{ start: statement.start, init: statement.declaration as Expression }];
    return statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration'
      ? statement.declaration.declarations.flatMap((declarator) =>
          declarator.id.type === 'Identifier' && declarator.id.name === name ? [{ start: statement.start, init: declarator.init }] : [],
        )
      : [];
  });
  const found = exported[0];
  if (!found) return undefined;
  let at = found.start;
  let value = literal(found.init);
  for (const key of keys) {
    const member = typeof key === 'number' ? element(value, key) : property(value, key);
    if (!member) break;
    at = member.start;
    value = literal(member.type === 'Property' ? member.value : member);
  }
  return source.slice(0, at).split('\n').length;
}

/** Through `satisfies`, `as`, parentheses and a `defineX(...)` call. */
function literal(node: Expression | null | undefined): ObjectExpression | ArrayExpression | undefined {
  while (
    node?.type === 'TSSatisfiesExpression' ||
    node?.type === 'TSAsExpression' ||
    node?.type === 'ParenthesizedExpression' ||
    node?.type === 'CallExpression'
  ) {
    node = node.type === 'CallExpression' ? (node.arguments[0]?.type === 'SpreadElement' ? undefined : node.arguments[0]) : node.expression;
  }
  return node?.type === 'ObjectExpression' || node?.type === 'ArrayExpression' ? node : undefined;
}

function element(value: ObjectExpression | ArrayExpression | undefined, index: number) {
  if (value?.type !== 'ArrayExpression') return undefined;
  // A spread before the element makes its position unknowable from the text.
  if (value.elements.slice(0, index + 1).some((item) => item?.type === 'SpreadElement')) return undefined;
  const item = value.elements[index];
  return item && item.type !== 'SpreadElement' ? item : undefined;
}

function property(value: ObjectExpression | ArrayExpression | undefined, key: string) {
  if (value?.type !== 'ObjectExpression') return undefined;
  return value.properties.find(
    (member): member is ObjectProperty =>
      member.type === 'Property' &&
      !member.computed &&
      (member.key.type === 'Identifier' ? member.key.name : member.key.type === 'Literal' ? String(member.key.value) : undefined) === key,
  );
}

/**
 * Where a value of an exported object literal is written in a TypeScript file, by the path to it
 * (["sections", 2, "cards", 0, "title"]): the line of that key or element, or of the deepest part
 * of the path the file spells out (a missing key: its object; a value built elsewhere: the key that
 * refers to it). Only used to word an error, so a file that does not parse gives no line.
 */
import type { ArrayExpression, Expression, ObjectExpression, ObjectProperty, Program } from '@oxc-project/types';

export async function lineOfPath(source: string, name: string, path: readonly (string | number)[]): Promise<number | undefined> {
  // Rolldown's parser (oxc), loaded only when there is an error to word.
  const { parseAst } = await import('rolldown/parseAst');
  let program: Program;
  try {
    program = parseAst(source, { lang: 'ts' });
  } catch {
    return undefined;
  }
  const exported = program.body.flatMap((statement) =>
    statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration'
      ? statement.declaration.declarations.map((declarator) => ({ statement, declarator }))
      : [],
  );
  const found = exported.find(({ declarator }) => declarator.id.type === 'Identifier' && declarator.id.name === name);
  if (!found) return undefined;
  let at = found.statement.start;
  let value = literal(found.declarator.init);
  for (const key of path) {
    const member = typeof key === 'number' ? element(value, key) : property(value, key);
    if (!member) break;
    at = member.start;
    value = literal(member.type === 'Property' ? member.value : member);
  }
  return source.slice(0, at).split('\n').length;
}

/** The object or array literal an expression is, through `satisfies`, `as` and parentheses. */
function literal(node: Expression | null | undefined): ObjectExpression | ArrayExpression | undefined {
  while (node?.type === 'TSSatisfiesExpression' || node?.type === 'TSAsExpression' || node?.type === 'ParenthesizedExpression') {
    node = node.expression;
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

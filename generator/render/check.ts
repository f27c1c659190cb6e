/** What is wrong with what an owner wrote, naming file, line and field: esbuild strips types, so a misspelled field would ship empty. */
import * as v from 'valibot';
import { BuildError } from '../failure';
import type { Keys } from './locate';
import type { Located } from './protocol';

/** Problems listed in one message; the rest are counted. */
const SHOWN = 5;

export interface Problem extends Located {
  /** "hero.title is missing (found "titel")". */
  text: string;
  route?: string;
}

export type Where = (keys: Keys) => Promise<Located>;

export async function problemsOf(value: unknown, schema: v.GenericSchema, where: Where, prefix: Keys = []): Promise<Problem[]> {
  const result = v.safeParse(schema, value);
  if (result.success) return [];
  const issues = result.issues;
  const problems: Problem[] = [];
  for (const issue of issues) {
    const described = describeIssue(issue, issues, schema);
    if (described === undefined) continue;
    const keys = keysOf(issue);
    // A missing key is shown where its misspelling is, else at its object.
    const at = isMissingKey(issue) ? [...keys.slice(0, -1), ...(described.found === undefined ? [] : [described.found])] : keys;
    const { file, line } = await where(at);
    problems.push({ file, ...(line === undefined ? {} : { line }), text: `${dotPath([...prefix, ...keys])} ${described.text}` });
  }
  // In the order a reader of the file meets them.
  return problems.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

/** "file:line", or the file alone. */
export function placeOf({ file, line }: Located): string {
  return line === undefined ? file : `${file}:${line}`;
}

export function problemsError(problems: readonly Problem[]): BuildError {
  const lines = problems.slice(0, SHOWN).map(({ text, route, ...at }) => `${placeOf(at)}: ${text}${route ? ` (route ${route})` : ''}`);
  if (problems.length > SHOWN) lines.push(`and ${problems.length - SHOWN} more`);
  const [first] = problems;
  const message = lines.length === 1 ? (lines[0] ?? '') : `${problems.length} problems in the site's content:\n  ${lines.join('\n  ')}`;
  return new BuildError(message, first ? { file: first.file, route: first.route } : {});
}

type Issue = v.BaseIssue<unknown>;

const isMissingKey = (issue: Issue) => issue.type === 'strict_object' && issue.expected !== 'never' && issue.received === 'undefined';
const isUnknownKey = (issue: Issue) => issue.type === 'strict_object' && issue.expected === 'never';
const keysOf = (issue: Issue) => (issue.path ?? []).map((item) => item.key as string | number);
const parentOf = (issue: Issue) => dotPath(keysOf(issue).slice(0, -1));
const lastKey = (issue: Issue) => String(keysOf(issue).at(-1) ?? '');

/** `sections[2].heading`. */
export function dotPath(keys: readonly (string | number)[]): string {
  let written = '';
  for (const key of keys) written += typeof key === 'number' ? `[${key}]` : `${written ? '.' : ''}${key}`;
  return written || 'the content';
}

function misspellingOf(missing: Issue, all: readonly Issue[]): string | undefined {
  return closest(lastKey(missing), all.filter((other) => isUnknownKey(other) && parentOf(other) === parentOf(missing)).map(lastKey));
}

/** Undefined for an issue another one already tells (a missing key's misspelling). */
function describeIssue(issue: Issue, all: readonly Issue[], schema: unknown): { text: string; found?: string } | undefined {
  if (isMissingKey(issue)) {
    const found = misspellingOf(issue, all);
    return found === undefined ? { text: 'is missing' } : { text: `is missing (found "${found}")`, found };
  }
  if (isUnknownKey(issue)) {
    const key = lastKey(issue);
    if (all.some((other) => isMissingKey(other) && misspellingOf(other, all) === key && parentOf(other) === parentOf(issue)))
      return undefined;
    const known = knownKeys(issue, schema);
    const suggestion = closest(key, known);
    if (suggestion !== undefined) return { text: `is not a field here (did you mean "${suggestion}"?)` };
    return { text: known.length > 0 ? `is not a field here (the fields are ${known.join(', ')})` : 'is not a field here' };
  }
  if (issue.type === 'variant' || issue.type === 'picklist' || issue.type === 'literal') {
    const options = optionsOf(issue.expected);
    if (issue.received === 'undefined') return { text: `is missing (one of ${options.join(', ')})` };
    const wording = issue.message.startsWith('Invalid ') ? 'is not one of the choices' : issue.message;
    const suggestion = closest(String(issue.input), options);
    if (suggestion !== undefined) return { text: `${issue.received} ${wording} (did you mean "${suggestion}"?)` };
    return { text: options.length <= 12 ? `${issue.received} ${wording} (one of ${options.join(', ')})` : `${issue.received} ${wording}` };
  }
  if (issue.kind === 'schema') {
    if (issue.received === 'undefined') return { text: 'is missing' };
    // "title:" with nothing after it, in YAML.
    if (issue.received === 'null') return { text: 'has no value' };
    // A schema's own words ("should be a date such as …"), else the kind of value it takes.
    const wanted =
      issue.message.startsWith('Invalid ') || issue.message.startsWith('is not ') ? `should be ${nounOf(issue)}` : issue.message;
    return { text: `${wanted}, not ${receivedNoun(issue.received)}` };
  }
  // The text rules (schema.ts) say what they found themselves.
  return {
    text: /^(?:is empty|holds (?:the control character|U\+)|is \d+ characters long|is shorter than|names )/.test(issue.message)
      ? issue.message
      : `${issue.message} (found ${issue.received})`,
  };
}

const NOUNS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list [...]',
  strict_object: 'a group of fields {...}',
  object: 'a group of fields {...}',
  record: 'a group of fields {...}',
};

function nounOf(issue: Issue): string {
  return (
    NOUNS[issue.type] ?? (issue.message.startsWith('Invalid ') ? (issue.expected ?? issue.type) : issue.message.replace(/^is not /, ''))
  );
}

function receivedNoun(received: string): string {
  if (received === 'Array') return 'a list';
  if (received === 'Object') return 'a group of fields';
  if (/^-?\d/.test(received)) return `the number ${received}`;
  if (received.startsWith('"')) return `the text ${received}`;
  return received;
}

/** From Valibot's "(\"a\" | \"b\")". */
function optionsOf(expected: string | null): string[] {
  return (expected ?? '')
    .replace(/^\((.*)\)$/, '$1')
    .split(' | ')
    .map((option) => option.replace(/^"(.*)"$/, '$1'))
    .filter(Boolean);
}

function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.min(2, Math.floor(word.length / 2)) ? best : undefined;
}

/** Inserts, deletes, replacements and swaps of two neighbours. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = distance;
    }
  }
  return at(a.length, b.length);
}

interface SchemaShape {
  type: string;
  entries?: Record<string, SchemaShape>;
  item?: SchemaShape;
  wrapped?: SchemaShape;
  key?: string;
  options?: readonly SchemaShape[];
  literal?: unknown;
  getter?: (input: unknown) => SchemaShape;
}

function knownKeys(issue: Issue, root: unknown): string[] {
  const steps = issue.path ?? [];
  let schema: SchemaShape | undefined = root as SchemaShape;
  for (const item of steps.slice(0, -1)) {
    schema = unwrap(schema, item.input);
    schema = item.type === 'array' ? schema?.item : schema?.entries?.[String(item.key)];
  }
  const parent = unwrap(schema, steps.at(-1)?.input);
  return Object.keys(parent?.entries ?? {});
}

function unwrap(schema: SchemaShape | undefined, input: unknown): SchemaShape | undefined {
  while (schema) {
    if (schema.wrapped) schema = schema.wrapped;
    else if (schema.getter) schema = schema.getter(input);
    else if (schema.type === 'variant' && schema.key) {
      const key = schema.key;
      const kind = (input as Record<string, unknown> | undefined)?.[key];
      schema = schema.options?.find((option) => option.entries?.[key]?.literal === kind);
    } else return schema;
  }
  return undefined;
}

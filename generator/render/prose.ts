/** A page's text in Markdown (`markdown()` fields): checked and rendered as an entry's body is, named by the content file's line. */
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { type MarkdownSource, markdownSource } from '../schema';
import { dotPath, type Problem, type Where } from './check';
import type { Keys } from './locate';
import { type BodyContext, bodyProblems, bodyTokens, imagesOf, parseBody, renderBody } from './markdown';

/** Each `markdown()` field of a checked value, with where it is. */
function proseIn(value: unknown, keys: Keys = []): { keys: Keys; prose: MarkdownSource }[] {
  const prose = markdownSource(value);
  if (prose) return [{ keys, prose }];
  if (typeof value !== 'object' || value === null) return [];
  return (Array.isArray(value) ? [...value.entries()] : Object.entries(value)).flatMap(([key, item]) => proseIn(item, [...keys, key]));
}

/** Of content that passed its schema: its Markdown's mistakes, at the line of the content file where each is. */
export async function proseProblems(content: unknown, schema: v.GenericSchema, where: Where): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const { keys, prose } of proseIn(v.parse(schema, content))) {
    const tokens = parseBody(prose.source);
    const at = await where(keys);
    const found = [
      ...(await bodyProblems(tokens, undefined, prose.under)),
      // No folder holds a page's images: an illustration is a section of its own.
      ...imagesOf(tokens).map((image) => ({
        line: image.line,
        text: `shows the image ${image.src}: a page's text has no images of its own; give the page a section with an illustration`,
      })),
    ];
    problems.push(
      ...found.map((problem) => ({
        ...at,
        ...(at.line === undefined ? {} : { line: at.line + problem.line }),
        text: `${dotPath(keys)} ${problem.text}`,
      })),
    );
  }
  return problems;
}

/** Each route's content as its schema gives it, once a worker: the site's own constants, the same on every page that shows them. */
const checked = new WeakMap<v.GenericSchema, WeakMap<object, unknown>>();

function parsed(schema: v.GenericSchema, content: unknown): unknown {
  if (typeof content !== 'object' || content === null) return v.parse(schema, content);
  const bySchema = checked.get(schema) ?? new WeakMap<object, unknown>();
  checked.set(schema, bySchema);
  if (!bySchema.has(content)) bySchema.set(content, v.parse(schema, content));
  return bySchema.get(content);
}

/** A route's content as its schema gives it, each `markdown()` field rendered: what the site's content page lays out. */
export async function withProse(content: unknown, schema: v.GenericSchema, context: Pick<BodyContext, 'link' | 'lang'>): Promise<unknown> {
  const value = parsed(schema, content);
  const found = proseIn(value);
  if (found.length === 0) return value;
  const body = { ...context, images: {}, folder: '', sizes: '' };
  const rendered = new Map<MarkdownSource, ReactNode>();
  for (const { prose } of found) rendered.set(prose, await renderBody(bodyTokens({ source: prose.source, bodyStart: 0 }, body), body));
  // Walked without a wait: an await for every value of a page's content was a twentieth of a render worker's time.
  const replace = (item: unknown): unknown => {
    const prose = markdownSource(item);
    if (prose) return rendered.get(prose);
    if (typeof item !== 'object' || item === null) return item;
    return Array.isArray(item) ? item.map(replace) : Object.fromEntries(Object.entries(item).map(([key, field]) => [key, replace(field)]));
  };
  return replace(value);
}

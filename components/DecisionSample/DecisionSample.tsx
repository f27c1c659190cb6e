import type { ReactNode } from 'react';
import * as v from 'valibot';
import { Badge } from '../Badge/Badge';
import { list, text } from '../site/schema';

export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** Any value JSON can write; the annotation holds the schema to the type. */
const json: v.GenericSchema<Json> = v.lazy(() =>
  v.union(
    [v.string(), v.number(), v.boolean(), v.null(), v.pipe(v.array(json), v.readonly()), jsonObject],
    'is not a JSON value (text, a number, true, false, null, a list or an object)',
  ),
);
const jsonObject = v.pipe(v.record(v.string(), json), v.readonly());

export const decisionSampleContent = v.strictObject({
  /** Shown above the code, e.g. "SME credit decision". */
  title: text,
  /** States that the sample is illustrative, not an API contract. */
  disclaimer: text,
  sample: jsonObject,
  /** What the main fields mean, shown beside the code. */
  notes: v.optional(list(v.strictObject({ field: text, text }))),
});

export type DecisionSampleProps = v.InferOutput<typeof decisionSampleContent>;

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(?:true|false)\b|\bnull\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Pretty-printed JSON with each token wrapped in a class for colour; the text stays valid JSON. */
export function highlightJson(value: Json): ReactNode[] {
  const text = JSON.stringify(value, null, 2);
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [token, string, colon] = match;
    const kind = string ? (colon ? 'key' : 'string') : /^-?\d/.test(token) ? 'number' : token === 'null' ? 'null' : 'boolean';
    nodes.push(
      <span className={`c-decision-sample__${kind}`} key={index}>
        {string ?? token}
      </span>,
    );
    if (colon) nodes.push(colon);
    last = index + token.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** An example decision as formatted, highlighted JSON, clearly labelled as illustrative. */
export function DecisionSample({ title, disclaimer, sample, notes }: DecisionSampleProps) {
  return (
    <div className={notes ? 'c-decision-sample c-decision-sample--with-notes' : 'c-decision-sample'} data-module="reveal">
      <figure className="c-decision-sample__figure">
        <figcaption className="c-decision-sample__caption">
          <span className="c-decision-sample__title">{title}</span>
          <Badge tone="warning" icon="file">
            {disclaimer}
          </Badge>
        </figcaption>
        <pre className="c-decision-sample__code">
          <code data-sample="">{highlightJson(sample)}</code>
        </pre>
      </figure>
      {notes ? (
        <dl className="c-decision-sample__notes">
          {notes.map((note) => (
            <div className="c-decision-sample__note" key={note.field}>
              <dt>
                <code>{note.field}</code>
              </dt>
              <dd>{note.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/**
 * The building blocks of the content model. Each component that shows copy describes the copy it
 * takes as a Valibot schema in its own file and infers its Props from it; pages/types.ts puts them
 * together into the model of a page. Every build checks each page's content against that model
 * (generator/render/content-check.ts): the type check alone would let a misspelled field ship.
 */
import * as v from 'valibot';

/** Words a reader sees: a string with something in it besides spaces. */
export const text = v.pipe(
  v.string(),
  v.check((value) => value.trim() !== '', 'is empty'),
);

/** One or more items, which components only read. */
export function list<Item extends v.GenericSchema>(item: Item) {
  return v.pipe(v.array(item), v.minLength(1, 'is empty'), v.readonly());
}

/** A short name for ids and anchors: lower-case letters, digits and single hyphens ("how-it-works"). */
export const slug = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'is not a lower-case name such as "how-it-works"'));

/**
 * The building blocks of the content model. Each component that shows copy describes the copy it
 * takes as a Valibot schema in its own file and infers its Props from it; pages/types.ts puts them
 * together into the model of a page. Every build checks each page's content against that model,
 * with the generator's rules for text and links: the type check alone would let a misspelled
 * field, an invisible heading or a link off the site ship.
 */
import * as v from 'valibot';
import { slug, text as textOf } from '../../generator/site';

export { sitePath, slug } from '../../generator/site';

/** Words a reader sees: a sentence or a paragraph. */
export const text = textOf(600);

/** A heading or a title: a line, two at most. */
export const heading = textOf(140);

/** A button's, a link's or a navigation label: a few words. */
export const label = textOf(48);

/** One or more items, which components only read. */
export function list<Item extends v.GenericSchema>(item: Item) {
  return v.pipe(v.array(item), v.minLength(1, 'is empty'), v.readonly());
}

/** Kept for the schemas that name it so: a section's anchor. */
export const anchor = slug;

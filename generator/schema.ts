/** The rules every field an owner writes is held to, by the generator and the site alike: one rule for what text and a link are. */
import type { ReactNode } from 'react';
import * as v from 'valibot';

/** Control characters but tab and line breaks: nothing a page shows, and a bell or an escape in a heading is a mistake. */
const CONTROL = /[^\P{Cc}\t\n\r]/u;
/** Noncharacters (U+FFFE) and half a surrogate pair (YAML's "\uD800"): no font draws them, and XML (the share image) refuses them. */
const NONCHARACTER = /[\p{Noncharacter_Code_Point}\p{Cs}]/u;
/** What draws nothing: white space, format characters (zero-width spaces and joiners, direction marks), the Hangul and Braille blanks. */
const INVISIBLE = /^[\s\p{Cf}\u115f\u1160\u3164\uffa0\u2800]*$/u;

/** A check that words its own problem: `mistake` says what is wrong with a text, or undefined where nothing is. */
export function worded(mistake: (value: string) => string | undefined) {
  return v.check(
    (value: string) => mistake(value) === undefined,
    (issue) => mistake(issue.input) ?? '',
  );
}

/** Words a reader sees: something visible, no control character, at most `maxLength` characters. */
export function text(maxLength: number) {
  return v.pipe(
    v.string(),
    worded(unshowable),
    v.check((value) => !INVISIBLE.test(value), 'is empty'),
    worded((value) => (value.length > maxLength ? `is ${value.length} characters long; it may be ${maxLength} at most` : undefined)),
  );
}

/** What is wrong with a character of `value` that no page can show, in the words of a field's problem; a body's too (collection.ts). */
export function unshowable(value: string): string | undefined {
  const control = CONTROL.exec(value)?.[0];
  if (control !== undefined) return `holds the control character ${codePoint(control)}, which no page can show: delete it`;
  const nonCharacter = NONCHARACTER.exec(value)?.[0];
  if (nonCharacter !== undefined) return `holds ${codePoint(nonCharacter)}, which is not a character and no page can show: delete it`;
  return undefined;
}

export function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A page's `<title>`: search engines show some 60–70 characters in full. */
export const title = text(70);

/** A page's meta description: search engines show some 160 characters. */
export const description = v.pipe(
  text(160),
  v.check(
    (value) => value.trim().length >= 50,
    'is shorter than 50 characters: say what the page offers, for search results and shared links',
  ),
);

/** A short name for ids and anchors: lower-case letters, digits and single hyphens ("how-it-works"). */
export const slug = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'is not a lower-case name such as "how-it-works"'));

/** A root-relative link to a page of this site: nothing that leaves it passes; a link elsewhere is a field of its own. */
export const sitePath = v.pipe(
  v.string(),
  v.regex(
    /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)*(?:[a-z0-9]+(?:-[a-z0-9]+)*\/?)?(?:#[a-z][a-z0-9-]*)?$/,
    'is not a link to a page of this site such as "/about-us/" or "/about-us/#team" (a link to another site needs a field of its own)',
  ),
);

/** An address on another site: https only, a host name, nothing hidden in it. */
export const outsideUrl = v.pipe(
  v.string(),
  v.check((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && /^[a-z0-9.-]+$/.test(url.hostname) && url.hostname.includes('.');
  }, 'is not an https:// address on another site'),
);

/** Global: the site's bundle and the generator each hold a copy of this module. */
const MARKDOWN = Symbol.for('site-generator.markdown');

/** As a checked value holds a `markdown()` field until the page is rendered. */
type MarkdownField = { readonly [MARKDOWN]: MarkdownSource };

export interface MarkdownSource {
  source: string;
  /** The level of the heading the text sits under: its own start one below. */
  under: number;
}

/** Text in Markdown under a heading of level `under`: checked as an entry's body is, and rendered by the same renderer. */
export function markdown(maxLength: number, { under = 2 }: { under?: number } = {}): v.GenericSchema<string, ReactNode> {
  // Rendered in the render worker, where the page is (render/prose.ts): this module loads on the main thread too, without React.
  return v.pipe(
    text(maxLength),
    v.transform((source) => ({ [MARKDOWN]: { source, under } }) satisfies MarkdownField as unknown as ReactNode),
  );
}

/** The Markdown a checked value holds at this place, if it is a `markdown()` field's. */
export function markdownSource(value: unknown): MarkdownSource | undefined {
  return typeof value === 'object' && value !== null && MARKDOWN in value ? (value as MarkdownField)[MARKDOWN] : undefined;
}

/**
 * Reads built files: what an HTML page or a stylesheet refers to, for the link check (every URL
 * in a page's attributes, srcset candidates, social meta tags, JSON-LD and inline stylesheet, and
 * every id a fragment can point at), and, in the same pass, the characters a page shows, for the
 * font. HTML is read by htmlparser2's streaming tokenizer, which knows HTML's character
 * references and raw-text elements as a browser does: pages a maintainer puts in public/ are
 * HTML of any kind.
 */
import { Parser } from 'htmlparser2';
import type { FoundReference } from './render/protocol';

/** Attributes that hold a URL, on any element; data-src names the script the page script loads. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'xlink:href', 'data-src']);
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
/** <meta> tags whose content is a URL on the site. */
const URL_METAS = new Set(['og:url', 'og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image']);
/** Elements whose content is text up to their end tag, never markup; a textarea's is shown. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

/** Attributes whose value a reader meets on any element: a text alternative, a tooltip, a field's hint, or read aloud. */
const SHOWN_ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder'];
/**
 * Inputs whose `value` is not shown as text: hidden ones, choices (their label is), masked ones.
 * Anywhere else `value` is data (an option's, a button's, a list item's number) and never drawn.
 */
const UNSHOWN_INPUT_VALUES = new Set(['hidden', 'checkbox', 'radio', 'password', 'file', 'image', 'color', 'range']);

export interface HtmlScan {
  ids: Set<string>;
  /**
   * Each distinct reference once, in the order first met; a JSON-LD block that does not parse is
   * a reference with a problem of its own.
   */
  references: FoundReference[];
  /**
   * The characters the page shows, once each, in code point order (with `{ shown: true }`): its
   * text outside the head and outside script, style and title, a textarea's text, and its text
   * alternatives (SHOWN_ATTRIBUTES, and the value of an input that shows it); control characters
   * (line breaks, tabs) left out, since no font draws them.
   */
  characters: string;
}

/**
 * The ids and references of an HTML document. `origin` is the site's: strings in JSON-LD that
 * are URLs on it are references too.
 */
export function scanHtml(html: string, origin: string, { shown = false } = {}): HtmlScan {
  const ids = new Set<string>();
  const seen = new Set<string>();
  const references: FoundReference[] = [];
  const characters = new Set<string>();
  const add = (where: string, value: string) => {
    const key = `${where}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    references.push({ where, value });
  };
  const show = (text: string) => {
    if (shown && !inHead) for (const character of text) characters.add(character);
  };
  let inHead = false;
  /** The raw-text element being read, its attributes, and its text so far. */
  let raw: { tag: string; attributes: Record<string, string>; text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (tag === 'head') inHead = true;
        else if (tag === 'body') inHead = false;
        readReferences(tag, attributes, ids, add);
        for (const name of SHOWN_ATTRIBUTES) show(attributes[name] ?? '');
        if (tag === 'input' && !UNSHOWN_INPUT_VALUES.has((attributes.type ?? 'text').toLowerCase())) show(attributes.value ?? '');
        if (RAW_TEXT.has(tag)) raw = { tag, attributes, text: '' };
      },
      ontext(text) {
        if (raw) raw.text += text;
        else show(text);
      },
      onclosetag(tag) {
        if (tag === 'head') inHead = false;
        if (raw?.tag !== tag) return;
        const { attributes, text } = raw;
        raw = undefined;
        if (tag === 'style') {
          // The inline stylesheet's fonts and images must exist like any other reference.
          for (const reference of scanCss(text)) add(`<style> ${reference.where}`, reference.value);
        } else if (tag === 'script' && attributes.type === 'application/ld+json') {
          for (const reference of scanJsonLd(text, origin)) {
            if (reference.problem) references.push(reference);
            else add(reference.where, reference.value);
          }
        } else if (tag === 'textarea') {
          show(text);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { ids, references, characters: sorted(characters) };
}

/** The characters a page shows (HtmlScan.characters): what its font must draw. */
export function shownCharacters(html: string): string {
  return scanHtml(html, '', { shown: true }).characters;
}

/** Characters in code point order, control characters (below space, and DEL) left out. */
function sorted(characters: ReadonlySet<string>): string {
  return [...characters]
    .filter((character) => !/\p{Cc}/u.test(character))
    .sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0))
    .join('');
}

/** The ids an element defines and the references its attributes hold. */
function readReferences(
  tag: string,
  attributes: Readonly<Record<string, string>>,
  ids: Set<string>,
  add: (where: string, value: string) => void,
): void {
  const id = attributes.id;
  if (id !== undefined) ids.add(id);
  if (tag === 'a' && attributes.name !== undefined) ids.add(attributes.name);
  for (const [name, value] of Object.entries(attributes)) {
    if (URL_ATTRIBUTES.has(name)) {
      add(`<${tag} ${name}="${value}">`, value);
    } else if (SRCSET_ATTRIBUTES.has(name)) {
      for (const candidate of value.split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) add(`<${tag} ${name}> candidate "${url}"`, url);
      }
    }
  }
  if (tag === 'meta') {
    const property = attributes.property;
    const meta = property ?? attributes.name;
    const content = attributes.content;
    if (meta && URL_METAS.has(meta) && content !== undefined) add(`<meta ${property ? 'property' : 'name'}="${meta}">`, content);
  }
}

/** Structured data: every string that is a URL on the site's own origin must exist. */
function scanJsonLd(json: string, origin: string): FoundReference[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    return [{ where: 'JSON-LD block', value: '', problem: `JSON-LD block is not valid JSON: ${String(error)}` }];
  }
  const found: FoundReference[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string' && value.startsWith(`${origin}/`)) found.push({ where: `JSON-LD value "${value}"`, value });
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) walk(item);
  };
  walk(data);
  return found;
}

/** Every url(...) and @import of a stylesheet, as written, but fragments (SVG filters and clip paths in the document). */
export function scanCss(css: string): FoundReference[] {
  const references: FoundReference[] = [];
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)|@import\s+["']([^"']+)["']/g)) {
    const value = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    if (!value.startsWith('#')) references.push({ where: `url(${value})`, value });
  }
  return references;
}

/** Text as it may stand in HTML or XML, in an element or a quoted attribute. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The id a fragment names: percent-decoded when that is well-formed. */
export function fragmentId(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The id a same-page reference ("#team", spaces around it allowed) names; undefined for any other reference and for a bare "#". */
export function samePageFragment(value: string): string | undefined {
  const reference = value.trim();
  return reference.startsWith('#') && reference !== '#' ? fragmentId(reference.slice(1)) : undefined;
}

/** The ids that a page's same-page references name but that no element of the page has. */
export function missingFragments(ids: ReadonlySet<string>, references: readonly FoundReference[]): string[] {
  return references.flatMap(({ value }) => {
    const id = samePageFragment(value);
    return id === undefined || ids.has(id) ? [] : [id];
  });
}

/** Whether a reference resolves against the page it is in: no scheme, and not root-relative. */
export function isPageRelative(value: string): boolean {
  return !/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(value.trim());
}

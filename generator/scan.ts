/**
 * Finds what a built file refers to, for the link check: every URL in an HTML page's attributes,
 * srcset candidates, social meta tags, JSON-LD and inline stylesheet, and every id a fragment can
 * point at; and, in the same pass, the characters the page shows, for the font (text.ts). A
 * single pass over the text rather than a DOM: it runs on every page while the workers render
 * them, and costs a fraction of a millisecond a page.
 */
import type { FoundReference } from './render/protocol';
import type { CharacterSet } from './text';

/** Attributes that hold a URL, on any element; data-src names the script the page script loads. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'xlink:href', 'data-src']);
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
/** <meta> tags whose content is a URL on the site. */
const URL_METAS = new Set(['og:url', 'og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image']);
/** Elements whose content is text up to their end tag, never markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

/** Attributes whose value a reader meets: as a text alternative, a tooltip, a field's text, or read aloud. */
const SHOWN_ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder', 'value'];

/** The attributes scanHtml reads; every other attribute is skipped without being copied. */
const WANTED = new Set([...URL_ATTRIBUTES, ...SRCSET_ATTRIBUTES, 'id', 'name', 'property', 'content', 'type', ...SHOWN_ATTRIBUTES]);
/** Their lengths: a name of any other length (class, aria-hidden...) is passed over unread. */
const WANTED_LENGTHS = new Set([...WANTED].map((name) => name.length));

export interface HtmlScan {
  ids: Set<string>;
  /**
   * Each distinct reference once, in the order first met; a JSON-LD block that does not parse is
   * a reference with a problem of its own.
   */
  references: FoundReference[];
}

/**
 * The ids and references of an HTML document. `origin` is the site's: strings in JSON-LD that
 * are URLs on it are references too. Given `shown`, it also collects the characters the page
 * shows: its text outside the head and outside script, style and title, a textarea's text, and
 * the attributes in SHOWN_ATTRIBUTES. A hand-written scanner rather than regular expressions
 * over each tag: it reads each character once, and is the link check's whole cost per page.
 */
export function scanHtml(html: string, origin: string, shown?: CharacterSet): HtmlScan {
  const ids = new Set<string>();
  const seen = new Set<string>();
  const references: FoundReference[] = [];
  const add = (where: string, value: string) => {
    const key = `${where}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    references.push({ where, value });
  };
  const length = html.length;
  const attributes = new Map<string, string>();
  /** Where the text since the last tag began; none of the head's is shown. */
  let textFrom = 0;
  let inHead = false;
  let at = html.indexOf('<');
  while (at !== -1 && at < length) {
    if (shown && !inHead) shown.addText(html, textFrom, at);
    const first = html.charCodeAt(at + 1);
    if (first === 33 /* ! */ || first === 47 /* / */) {
      // A comment runs to -->; a doctype or an end tag to >.
      const comment = html.startsWith('<!--', at);
      const end = comment ? html.indexOf('-->', at + 4) : html.indexOf('>', at);
      if (first === 47 && html.slice(at + 2, at + 6).toLowerCase() === 'head' && !isNameCharacter(html.charCodeAt(at + 6))) inHead = false;
      textFrom = end === -1 ? length : end + (comment ? 3 : 1);
      at = end === -1 ? -1 : html.indexOf('<', textFrom);
      continue;
    }
    if (!isLetter(first)) {
      // A "<" that starts no tag is text.
      textFrom = at;
      at = html.indexOf('<', at + 1);
      continue;
    }
    let cursor = at + 1;
    while (cursor < length && isNameCharacter(html.charCodeAt(cursor))) cursor += 1;
    const tag = html.slice(at + 1, cursor).toLowerCase();
    if (tag === 'head') inHead = true;
    else if (tag === 'body') inHead = false;
    attributes.clear();
    cursor = readAttributes(html, cursor, attributes);
    if (attributes.size > 0) {
      readReferences(tag, attributes, ids, add);
      if (shown && !inHead) for (const name of SHOWN_ATTRIBUTES) shown.addDecoded(attributes.get(name) ?? '');
    }
    if (RAW_TEXT.has(tag)) {
      // The element's text runs to its end tag; nothing in it is markup.
      const end = indexOfEndTag(html, tag, cursor);
      if (tag === 'style') {
        // The inline stylesheet's fonts and images must exist like any other reference.
        for (const reference of scanCss(html.slice(cursor, end))) add(`<style> ${reference.where}`, reference.value);
      } else if (tag === 'script' && attributes.get('type') === 'application/ld+json') {
        for (const reference of scanJsonLd(html.slice(cursor, end), origin)) {
          if (reference.problem) references.push(reference);
          else add(reference.where, reference.value);
        }
      } else if (tag === 'textarea' && shown && !inHead) {
        shown.addText(html, cursor, end);
      }
      cursor = end;
    }
    textFrom = cursor;
    at = html.indexOf('<', cursor);
  }
  if (shown && !inHead) shown.addText(html, textFrom, length);
  return { ids, references };
}

/** The ids an element defines and the references its attributes hold. */
function readReferences(tag: string, attributes: Map<string, string>, ids: Set<string>, add: (where: string, value: string) => void): void {
  const id = attributes.get('id');
  if (id !== undefined) ids.add(id);
  if (tag === 'a' && attributes.has('name')) ids.add(attributes.get('name') ?? '');
  for (const [name, value] of attributes) {
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
    const property = attributes.get('property');
    const meta = property ?? attributes.get('name');
    const content = attributes.get('content');
    if (meta && URL_METAS.has(meta) && content !== undefined) add(`<meta ${property ? 'property' : 'name'}="${meta}">`, content);
  }
}

/**
 * Reads the attributes of a start tag from just after its name, keeping those scanHtml wants
 * (values decoded), and returns the position after the tag's ">".
 */
function readAttributes(html: string, from: number, into: Map<string, string>): number {
  const length = html.length;
  let cursor = from;
  for (;;) {
    while (cursor < length && isSpaceOrSlash(html.charCodeAt(cursor))) cursor += 1;
    if (cursor >= length) return length;
    if (html.charCodeAt(cursor) === 62 /* > */) return cursor + 1;
    const nameStart = cursor;
    while (cursor < length && !isNameEnd(html.charCodeAt(cursor))) cursor += 1;
    const name = WANTED_LENGTHS.has(cursor - nameStart) ? html.slice(nameStart, cursor).toLowerCase() : '';
    while (cursor < length && isSpace(html.charCodeAt(cursor))) cursor += 1;
    let value = '';
    if (html.charCodeAt(cursor) === 61 /* = */) {
      cursor += 1;
      while (cursor < length && isSpace(html.charCodeAt(cursor))) cursor += 1;
      const quote = html.charCodeAt(cursor);
      let valueStart: number;
      let valueEnd: number;
      if (quote === 34 || quote === 39) {
        valueStart = cursor + 1;
        valueEnd = html.indexOf(quote === 34 ? '"' : "'", valueStart);
        if (valueEnd === -1) valueEnd = length;
        cursor = valueEnd + 1;
      } else {
        valueStart = cursor;
        while (cursor < length && !isSpace(html.charCodeAt(cursor)) && html.charCodeAt(cursor) !== 62) cursor += 1;
        valueEnd = cursor;
      }
      if (WANTED.has(name)) value = decodeEntities(html.slice(valueStart, valueEnd));
    }
    if (WANTED.has(name) && !into.has(name)) into.set(name, value);
    // A lone "/", "=" or quote where a name should be: step over it.
    if (cursor === nameStart) cursor += 1;
  }
}

/** Where the end tag of a raw-text element starts, matched without regard to case. */
function indexOfEndTag(html: string, tag: string, from: number): number {
  let at = html.indexOf('</', from);
  while (at !== -1) {
    if (html.slice(at + 2, at + 2 + tag.length).toLowerCase() === tag) return at;
    at = html.indexOf('</', at + 2);
  }
  return html.length;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isNameCharacter(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45 /* - */ || code === 58 /* : */;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

function isSpaceOrSlash(code: number): boolean {
  return isSpace(code) || code === 47;
}

/** What ends an attribute name: space, "/", "=", ">", or a quote. */
function isNameEnd(code: number): boolean {
  return isSpace(code) || code === 47 || code === 61 || code === 62 || code === 34 || code === 39;
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

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references an attribute value may hold (React writes &amp; &quot; &#x27;). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z]+));/g, (whole, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return (name && NAMED_ENTITIES[name]) ?? whole;
  });
}

/** Text as it may stand in HTML or XML, in an element or a quoted attribute: the inverse of decodeEntities(). */
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

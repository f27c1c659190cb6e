/**
 * Reads built files: what a page or a stylesheet refers to, for the link check, and in the same
 * pass the characters a page shows, for the font. htmlparser2 reads HTML as a browser does
 * (character references, raw-text elements): pages a maintainer puts in public/ are HTML of any kind.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import { Tokenizer } from 'htmlparser2';
import type { FoundReference } from './render/protocol';

/** On any element; data-src names the script the page script loads. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'xlink:href', 'data-src']);
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
const URL_METAS = new Set(['og:url', 'og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image']);
/** Elements whose content is text up to their end tag, never markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

/** Text alternatives, tooltips, hints: shown or read aloud on any element. */
const SHOWN_ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder'];
/** What the scan reads of an element; the rest (classes, SVG geometry) it passes over unread. */
const READ_ATTRIBUTES = new Set([
  ...URL_ATTRIBUTES,
  ...SRCSET_ATTRIBUTES,
  ...SHOWN_ATTRIBUTES,
  'id',
  'name',
  'property',
  'content',
  'type',
  'value',
]);
/** READ_ATTRIBUTES by length and first letter, so that most attribute names are passed over without being copied out of the page. */
const READ_KEYS = new Set([...READ_ATTRIBUTES].map((name) => readKey(name.length, name.charCodeAt(0))));

function readKey(length: number, firstCode: number): number {
  // | 0x20: an ASCII letter in lower case, as attribute names match.
  return length * 128 + (firstCode | 0x20);
}

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/** Inputs whose `value` is not shown as text (a choice's label is); on any other element `value` is data, never drawn. */
const UNSHOWN_INPUT_VALUES = new Set(['hidden', 'checkbox', 'radio', 'password', 'file', 'image', 'color', 'range']);

export interface HtmlScan {
  ids: Set<string>;
  /**
   * Each distinct reference once, in the order first met, but fragments of the page itself that
   * name one of its elements; a JSON-LD block that does not parse is one with a problem of its own.
   */
  references: FoundReference[];
}

export interface ScanOptions {
  /** Hears each piece of text the page shows: its text outside the head, script, style and title, and its text alternatives. */
  onText?: (text: string) => void;
  /** A <style> element holding only `placeholder` holds `references` (a stylesheet every page shares, read once). */
  stylesheet?: { placeholder: string; references: readonly FoundReference[] };
}

/** `origin` is the site's: strings in JSON-LD that are URLs on it are references too. */
export function scanHtml(html: string, origin: string, { onText, stylesheet }: ScanOptions = {}): HtmlScan {
  const ids = new Set<string>();
  const seen = new Set<string>();
  const references: FoundReference[] = [];
  const add = (where: string, value: string) => {
    const key = `${where}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    references.push({ where, value });
  };
  const show = (text: string) => {
    if (onText && !inHead && text) onText(text);
  };
  let inHead = false;
  /** The raw-text element being read, its attributes, and its text so far. */
  let raw: { tag: string; attributes: Record<string, string>; text: string } | undefined;
  let tag = '';
  /** The element's attributes the scan reads: most elements (SVG shapes, a div with a class) have none. */
  let attributes: Record<string, string> = NONE;
  /** The attribute being read, if the scan reads it. */
  let name: string | undefined;
  let value = '';
  const open = () => {
    if (tag === 'head') inHead = true;
    else if (tag === 'body') inHead = false;
    if (attributes !== NONE) {
      readReferences(tag, attributes, ids, add);
      for (const shown of SHOWN_ATTRIBUTES) show(attributes[shown] ?? '');
      if (tag === 'input' && !UNSHOWN_INPUT_VALUES.has((attributes.type ?? 'text').toLowerCase())) show(attributes.value ?? '');
    }
    if (RAW_TEXT.has(tag)) raw = { tag, attributes, text: '' };
  };
  const close = (closed: string) => {
    if (closed === 'head') inHead = false;
    if (raw?.tag !== closed) return;
    const { attributes, text } = raw;
    raw = undefined;
    if (closed === 'style') {
      // The inline stylesheet's fonts and images must exist like any other reference.
      const found = text === stylesheet?.placeholder ? stylesheet.references : scanCss(text);
      for (const reference of found) add(`<style> ${reference.where}`, reference.value);
    } else if (closed === 'script' && attributes.type === 'application/ld+json') {
      for (const reference of scanJsonLd(text, origin)) {
        if (reference.problem) references.push(reference);
        else add(reference.where, reference.value);
      }
    } else if (closed === 'textarea') {
      show(decoded(text));
    }
  };
  const ignore = () => {};
  // htmlparser2's tokenizer, without its tree-building parser: character references are decoded
  // only in the text and values read, by the same decoder, which costs a page half as much.
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
        attributes = NONE;
      },
      onattribname(start, end) {
        value = '';
        if (!READ_KEYS.has(readKey(end - start, html.charCodeAt(start)))) {
          name = undefined;
          return;
        }
        const read = html.slice(start, end).toLowerCase();
        name = READ_ATTRIBUTES.has(read) ? read : undefined;
      },
      onattribdata(start, end) {
        if (name) value += html.slice(start, end);
      },
      onattribend() {
        // The first of two attributes of one name counts, as in a browser.
        if (!name || Object.hasOwn(attributes, name)) return;
        if (attributes === NONE) attributes = {};
        attributes[name] = value.includes('&') ? decodeHTMLAttribute(value) : value;
      },
      onopentagend: open,
      // "/>" closes nothing in HTML: a <script/> is open all the same. (In SVG it would close; with
      // no tree, the scan cannot tell, as the parser in foreign content could.)
      onselfclosingtag: open,
      onclosetag(start, end) {
        // Only the end of the head or of a raw-text element changes anything.
        if (raw || inHead) close(html.slice(start, end).toLowerCase());
      },
      ontext(start, end) {
        if (raw) raw.text += html.slice(start, end);
        else if (onText && !inHead) show(decoded(html.slice(start, end)));
      },
      onattribentity: ignore,
      ontextentity: ignore,
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onprocessinginstruction: ignore,
      onend: ignore,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  const resolved = (reference: string) => {
    const id = samePageFragment(reference);
    return id !== undefined && ids.has(id);
  };
  return { ids, references: references.filter(({ value: reference }) => !resolved(reference)) };
}

function decoded(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}

/** What its font must draw: the characters the page shows, in code point order, but control characters, which no font draws. */
export function shownCharacters(html: string): string {
  const texts: string[] = [];
  scanHtml(html, '', { onText: (text) => texts.push(text) });
  return charactersOf(texts);
}

/** The distinct characters of `texts`, in code point order, but control characters. */
export function charactersOf(texts: readonly string[]): string {
  return [...new Set(texts.join(''))]
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
  for (const name in attributes) {
    const value = attributes[name] ?? '';
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

/** What the link check reads in a stylesheet, the web manifest, the sitemap or robots.txt. */
export function scanFile(file: string, text: string, origin: string): FoundReference[] {
  if (file.endsWith('.css')) return scanCss(text);
  if (file === 'robots.txt')
    return [...text.matchAll(/^sitemap:\s*(\S+)/gim)].map(([, url = '']) => ({ where: `Sitemap: ${url}`, value: url }));
  if (file === 'sitemap.xml') {
    return [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc = '']) => {
      const url = loc.replace(/&amp;/g, '&');
      const where = `<loc>${url}</loc>`;
      return url.startsWith(`${origin}/`)
        ? { where, value: url }
        : { where, value: url, problem: `${where} is not on the site's origin ${origin}` };
    });
  }
  let manifest: { start_url?: unknown; icons?: { src?: unknown }[] };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch (error) {
    return [{ where: 'manifest', value: '', problem: `not valid JSON: ${String(error)}` }];
  }
  const urls = [['start_url', manifest.start_url], ...(manifest.icons ?? []).map((icon) => ['icon', icon.src])];
  return urls.flatMap(([name, url]) => (typeof url === 'string' ? [{ where: `${name} "${url}"`, value: url }] : []));
}

/** Every url(...) and @import as written, but fragments (SVG filters and clip paths in the document). */
export function scanCss(css: string): FoundReference[] {
  const references: FoundReference[] = [];
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)|@import\s+["']([^"']+)["']/g)) {
    const value = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    if (!value.startsWith('#')) references.push({ where: `url(${value})`, value });
  }
  return references;
}

/** For an element or a quoted attribute, in HTML or XML. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Percent-decoded when that is well-formed. */
export function fragmentId(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The id "#team" (spaces around it allowed) names; undefined for any other reference, and a bare "#". */
export function samePageFragment(value: string): string | undefined {
  const reference = value.trim();
  return reference.startsWith('#') && reference !== '#' ? fragmentId(reference.slice(1)) : undefined;
}

/** The same for a reference wherever it is, but one that resolves against its page, whose key `page` is part of. */
export function referenceKey({ where, value }: FoundReference, page: string): string {
  const pageRelative = !/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(value.trim());
  return `${pageRelative ? `${page} ` : ''}${where}\u0000${value}`;
}

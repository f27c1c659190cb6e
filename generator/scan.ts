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
  /** With `text`, each piece of text the page shows, in order: its text outside the head, script, style and title, and its text alternatives. */
  texts: string[];
  /**
   * Each distinct reference once, in the order first met, but fragments of the page itself that
   * name one of its elements; a JSON-LD block that does not parse is one with a problem of its own.
   */
  references: FoundReference[];
}

export interface ScanOptions {
  /** Whether to keep the text the page shows (HtmlScan.texts). */
  text?: boolean;
  /** A <style> element holding only `placeholder` holds `references` (a stylesheet every page shares, read once). */
  stylesheet?: { placeholder: string; references: readonly FoundReference[] };
}

/** `origin` is the site's: strings in JSON-LD that are URLs on it are references too. */
export function scanHtml(html: string, origin: string, options: ScanOptions = {}): HtmlScan {
  return scan(html, origin, options, true);
}

/** The same as scanHtml, always through htmlparser2's tokenizer: for the tests. */
export function scanAnyHtml(html: string, origin: string, options: ScanOptions = {}): HtmlScan {
  return scan(html, origin, options, false);
}

/** Whether scanHtml reads `html` as React's markup, without the tokenizer: for the tests. */
export function readsAsRenderedMarkup(html: string): boolean {
  return readRenderedMarkup(html, new PageReader('', false, undefined));
}

function scan(html: string, origin: string, { text = false, stylesheet }: ScanOptions, rendered: boolean): HtmlScan {
  // React's markup is read at the speed of a regular expression; a page that is not only that
  // (markup written by hand, in public/ or inserted raw) is read again from the start as any HTML.
  if (rendered) {
    const reader = new PageReader(origin, text, stylesheet);
    if (readRenderedMarkup(html, reader)) return reader.result();
  }
  const reader = new PageReader(origin, text, stylesheet);
  readAnyHtml(html, reader);
  return reader.result();
}

/**
 * What the scan keeps of a page while a lexer hands it the page's elements, attributes and text
 * in order: the ids, the references, and the text shown.
 */
class PageReader {
  readonly ids = new Set<string>();
  readonly texts: string[] = [];
  /** The element being opened. */
  tag = '';
  /** The element's attributes the scan reads: most elements (SVG shapes, a div with a class) have none. */
  attributes: Record<string, string> = NONE;
  inHead = false;
  /** The raw-text element being read, its attributes, and its text so far. */
  raw: { tag: string; attributes: Record<string, string>; text: string } | undefined;
  private readonly references: FoundReference[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly origin: string,
    /** Whether to keep the text shown. */
    readonly keepsText: boolean,
    private readonly stylesheet: ScanOptions['stylesheet'],
  ) {}

  start(tag: string): void {
    this.tag = tag;
    this.attributes = NONE;
  }

  /** `name` in lower case, `value` as written. The first of two attributes of one name counts, as in a browser. */
  attribute(name: string, value: string): void {
    if (Object.hasOwn(this.attributes, name)) return;
    if (this.attributes === NONE) this.attributes = {};
    this.attributes[name] = value.includes('&') ? decodeHTMLAttribute(value) : value;
  }

  open(): void {
    const { tag, attributes } = this;
    if (tag === 'head') this.inHead = true;
    else if (tag === 'body') this.inHead = false;
    if (attributes !== NONE) {
      readReferences(tag, attributes, this.ids, this.add);
      for (const shown of SHOWN_ATTRIBUTES) this.show(attributes[shown] ?? '');
      if (tag === 'input' && !UNSHOWN_INPUT_VALUES.has((attributes.type ?? 'text').toLowerCase())) this.show(attributes.value ?? '');
    }
    if (RAW_TEXT.has(tag)) this.raw = { tag, attributes, text: '' };
  }

  /** Only the end of the head or of a raw-text element changes anything: a lexer may tell no other. */
  close(closed: string): void {
    if (closed === 'head') this.inHead = false;
    const { raw, stylesheet } = this;
    if (raw?.tag !== closed) return;
    this.raw = undefined;
    if (closed === 'style') {
      // The inline stylesheet's fonts and images must exist like any other reference.
      const found = raw.text === stylesheet?.placeholder ? stylesheet.references : scanCss(raw.text);
      for (const reference of found) this.add(`<style> ${reference.where}`, reference.value);
    } else if (closed === 'script' && raw.attributes.type === 'application/ld+json') {
      for (const reference of scanJsonLd(raw.text, this.origin)) {
        if (reference.problem) this.references.push(reference);
        else this.add(reference.where, reference.value);
      }
    } else if (closed === 'textarea') {
      this.show(decoded(raw.text));
    }
  }

  /** Whether the lexer must hand over the text it meets now: a lexer may pass over any other. */
  get readsText(): boolean {
    return this.raw !== undefined || (this.keepsText && !this.inHead);
  }

  /** Text as written, character references and all. */
  text(text: string): void {
    if (this.raw) this.raw.text += text;
    else if (this.keepsText && !this.inHead) this.show(decoded(text));
  }

  result(): HtmlScan {
    const { ids } = this;
    const resolved = (reference: string) => {
      const id = samePageFragment(reference);
      return id !== undefined && ids.has(id);
    };
    return { ids, references: this.references.filter(({ value: reference }) => !resolved(reference)), texts: this.texts };
  }

  private readonly add = (where: string, value: string) => {
    const key = `${where}\u0000${value}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.references.push({ where, value });
  };

  private show(text: string): void {
    if (this.keepsText && !this.inHead && text) this.texts.push(text);
  }
}

/**
 * React's markup, and only that: a doctype; start tags of ` name="value"` and ` name` attributes,
 * whose values hold no `"`, `<` or `>` (React escapes all three); end tags; text without `<`; and
 * raw-text elements up to their end tag. Where htmlparser2's tokenizer would read anything else
 * (a comment, an unquoted value, a stray `<`), this reads nothing and says so.
 */
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?: [^\s"'<>/=]+(?:="[^"<>]*")?)*)(\/?)>/y;
const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)>/y;
const ATTRIBUTE = / ([^\s"'<>/=]+)(?:="([^"<>]*)")?/y;
const DOCTYPE = /^<!doctype html>/i;
/** Whether a start tag's attributes may hold one the scan reads (a class's value may match too: then they are read one by one). */
const READ_HINT = new RegExp(` (?:${[...READ_ATTRIBUTES].join('|')})(?:[= ]|$)`, 'i');
/** Where a raw-text element may end: htmlparser2's tokenizer looks for these, in any case. */
const RAW_END = new Map([...RAW_TEXT].map((tag) => [tag, new RegExp(`</${tag}`, 'gi')]));
/** Also raw text to htmlparser2's tokenizer (an obsolete element), which this lexer leaves to it. */
const XMP = 'xmp';

function readRenderedMarkup(html: string, reader: PageReader): boolean {
  let at = DOCTYPE.test(html) ? html.indexOf('>') + 1 : 0;
  while (at < html.length) {
    const next = html.indexOf('<', at);
    const end = next < 0 ? html.length : next;
    if (end > at && reader.readsText) reader.text(html.slice(at, end));
    if (next < 0) break;
    START_TAG.lastIndex = next;
    const start = START_TAG.exec(html);
    if (start) {
      const [whole, name = '', attributes = '', selfClosing] = start;
      const tag = name.toLowerCase();
      if (tag === XMP) return false;
      reader.start(tag);
      if (attributes && READ_HINT.test(attributes))
        readAttributes(html, next + 1 + name.length, next + 1 + name.length + attributes.length, reader);
      reader.open();
      at = next + whole.length;
      if (!RAW_TEXT.has(tag)) continue;
      // "/>" ends no raw-text element in HTML, and htmlparser2's tokenizer then reads on as text.
      if (selfClosing) return false;
      const rawEnd = RAW_END.get(tag);
      if (!rawEnd) return false;
      rawEnd.lastIndex = at;
      const closing = rawEnd.exec(html);
      // Unclosed, or closed in a way (`</script >`) this leaves to the tokenizer.
      if (!closing || html.charCodeAt(closing.index + closing[0].length) !== GREATER_THAN) return false;
      if (closing.index > at) reader.text(html.slice(at, closing.index));
      reader.close(tag);
      at = closing.index + closing[0].length + 1;
      continue;
    }
    END_TAG.lastIndex = next;
    const closing = END_TAG.exec(html);
    if (!closing) return false;
    if (reader.raw || reader.inHead) reader.close((closing[1] ?? '').toLowerCase());
    at = next + closing[0].length;
  }
  return true;
}

const GREATER_THAN = 0x3e;

function readAttributes(html: string, from: number, to: number, reader: PageReader): void {
  ATTRIBUTE.lastIndex = from;
  while (ATTRIBUTE.lastIndex < to) {
    const attribute = ATTRIBUTE.exec(html);
    if (!attribute) return;
    const name = (attribute[1] ?? '').toLowerCase();
    if (READ_ATTRIBUTES.has(name)) reader.attribute(name, attribute[2] ?? '');
  }
}

/** Any HTML, through htmlparser2's tokenizer. */
function readAnyHtml(html: string, reader: PageReader): void {
  /** The attribute being read, if the scan reads it. */
  let name: string | undefined;
  let value = '';
  const open = () => reader.open();
  const ignore = () => {};
  // htmlparser2's tokenizer, without its tree-building parser: character references are decoded
  // only in the text and values read, by the same decoder, which costs a page half as much.
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        reader.start(html.slice(start, end).toLowerCase());
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
        if (name) reader.attribute(name, value);
      },
      onopentagend: open,
      // "/>" closes nothing in HTML: a <script/> is open all the same. (In SVG it would close; with
      // no tree, the scan cannot tell, as the parser in foreign content could.)
      onselfclosingtag: open,
      onclosetag(start, end) {
        if (reader.raw || reader.inHead) reader.close(html.slice(start, end).toLowerCase());
      },
      ontext(start, end) {
        if (reader.readsText) reader.text(html.slice(start, end));
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
}

function decoded(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}

/** What its font must draw: the characters the page shows, in code point order, but control characters, which no font draws. */
export function shownCharacters(html: string): string {
  return charactersOf(scanHtml(html, '', { text: true }).texts);
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

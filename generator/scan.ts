/** The one HTML reader: one pass of htmlparser2's tokenizer, which reads HTML as a browser does, whoever wrote it. */
import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import { QuoteType, Tokenizer } from 'htmlparser2';

export interface FoundReference {
  where: string;
  value: string;
  /** Found while reading it (a JSON-LD block that does not parse). */
  problem?: string;
}

/** On any element; data-src names the script the page script loads. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'action', 'xlink:href', 'data-src']);
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
const URL_METAS = new Set(['og:url', 'og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
/** Text alternatives, tooltips, hints: shown or read aloud on any element. */
const SHOWN_ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder'];
/** The rest (SVG geometry, ARIA states) is passed over unread. */
const READ_ATTRIBUTES = new Set(
  [...URL_ATTRIBUTES, ...SRCSET_ATTRIBUTES, ...SHOWN_ATTRIBUTES].concat('class id name property content type value'.split(' ')),
);
/** On any other element `value` is data, never drawn. */
const UNSHOWN_INPUT_VALUES = new Set(['hidden', 'checkbox', 'radio', 'password', 'file', 'image', 'color', 'range']);

export interface HtmlScan {
  ids: Set<string>;
  duplicateIds: string[];
  characters: string;
  /** The class names the page's markup gives, for its own stylesheet. */
  classes: Set<string>;
  /** Each distinct one once, but fragments of the page itself that name one of its elements; not those in `styles`. */
  references: FoundReference[];
  /** The page's own `<style>` texts, for the CSS reader (css.ts, `pageReferences`): not loaded where pages are read. */
  styles: string[];
}

const ignored = () => {};
/** What neither reader needs: entities are decoded where text is read, comments and declarations are nobody's text. */
const UNREAD = {
  onattribentity: ignored,
  ontextentity: ignored,
  oncomment: ignored,
  ondeclaration: ignored,
  onprocessinginstruction: ignored,
  onend: ignored,
};

/** Void elements: React closes them XML's way (`<br/>`), HTML writes them open (`<br>`). */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** React writes them `defer=""`; HTML needs the name alone. And crossorigin, whose empty value means "anonymous" too. */
const BOOLEAN_ATTRIBUTES = new Set(
  'async|defer|hidden|disabled|checked|selected|readonly|required|multiple|open|novalidate|inert|crossorigin'.split('|'),
);
/** React writes them as JSX names them; HTML's names are lower case. */
const JSX_NAMES = new Set(['dateTime', 'srcSet']);

/**
 * The page read once, and (`html5`) its markup as HTML5 writes it, for React's XHTML-flavoured output, which validators and byte
 * budgets dislike. Strings in JSON-LD that are URLs on `origin` are references too; `ignore` passes over the build's stand-ins.
 */
export function scanHtml(html: string, origin: string, ignore?: (value: string) => boolean): HtmlScan & { html5: string } {
  const reader = new PageReader(origin, ignore);
  let name: string | undefined;
  let value = '';
  let tag = '';
  // The attribute being read (lower case), where its name ends, whether it is its element's first: no object an attribute.
  let [attribute, attributeEnd, first] = ['', 0, true];
  /** The markup as HTML5: written up to `copied`, in pieces joined once. */
  const out: string[] = [];
  let copied = 0;
  const copyTo = (index: number) => {
    out.push(html.slice(copied, index));
    copied = index;
  };
  const open = () => reader.open();
  // Character references are decoded only in what is read.
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end);
        first = true;
        reader.start(tag.toLowerCase());
      },
      onattribname(start, end) {
        value = '';
        const written = html.slice(start, end);
        attribute = written.toLowerCase();
        name = READ_ATTRIBUTES.has(attribute) ? attribute : undefined;
        if (JSX_NAMES.has(written) || (first && written === 'charSet' && tag === 'meta')) {
          copyTo(start);
          out.push(attribute);
          copied = end;
        }
        attributeEnd = end;
        first = false;
      },
      onattribdata(start, end) {
        if (name) value += html.slice(start, end);
      },
      onattribend(quote, end) {
        if (name) reader.attribute(name, value);
        // `defer=""` is `defer`.
        if (end === attributeEnd + 3 && quote === QuoteType.Double && BOOLEAN_ATTRIBUTES.has(attribute)) {
          copyTo(attributeEnd);
          copied = end;
        }
      },
      onopentagend: open,
      // "/>" closes nothing in HTML: a <script/> is open all the same.
      onselfclosingtag(end) {
        if (VOID_ELEMENTS.has(tag)) {
          let slash = end - 1;
          while (slash > copied && /\s/.test(html[slash - 1] ?? '')) slash -= 1;
          copyTo(slash);
          copied = end;
        }
        open();
      },
      onclosetag(start, end) {
        reader.close(html.slice(start, end).toLowerCase());
      },
      ontext(start, end) {
        reader.text(html.slice(start, end));
      },
      oncdata: ignored,
      ...UNREAD,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  copyTo(html.length);
  return { ...reader.result(), html5: out.length === 1 ? (out[0] ?? '') : out.join('') };
}

/** A `<text>` of an SVG: its attributes, the runs it draws (its own text, or each `<tspan>`'s), and where it is in the markup. */
export interface SvgText {
  start: number;
  end: number;
  attributes: Record<string, string>;
  runs: { attributes: Record<string, string>; text: string }[];
  /** Only text and `<tspan>`s of text: what the card drawer outlines (images/outline-text.ts); anything else is left to resvg. */
  plain: boolean;
}

/** An SVG's `<text>` elements, read with the same tokenizer as a page, their text and attributes decoded. */
export function svgTexts(svg: string): SvgText[] {
  const found: SvgText[] = [];
  let current: SvgText | undefined;
  let span: SvgText['runs'][number] | undefined;
  let tag = '';
  let opened = 0;
  let attributes: Record<string, string> = {};
  let name = '';
  let value = '';
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = svg.slice(start, end).toLowerCase();
        opened = start - 1;
        attributes = {};
      },
      onattribname(start, end) {
        name = svg.slice(start, end).toLowerCase();
        value = '';
      },
      onattribdata(start, end) {
        value += svg.slice(start, end);
      },
      onattribend() {
        if (!Object.hasOwn(attributes, name)) attributes[name] = decodeHTMLAttribute(value);
      },
      onopentagend() {
        if (tag === 'text' && !current) current = { start: opened, end: opened, attributes, runs: [], plain: true };
        else if (current && tag === 'tspan' && !span) {
          span = { attributes, text: '' };
          current.runs.push(span);
        } else if (current) current.plain = false;
      },
      onselfclosingtag() {
        if (current) current.plain = false;
      },
      onclosetag(start, end) {
        const closed = svg.slice(start, end).toLowerCase();
        if (closed === 'tspan' && span) span = undefined;
        else if (closed === 'text' && current) {
          current.end = end + 1;
          found.push(current);
          current = undefined;
        }
      },
      ontext(start, end) {
        if (!current) return;
        const text = decodeHTML(svg.slice(start, end));
        if (span) span.text += text;
        else if (current.runs.length === 0 || current.runs.at(-1)?.attributes !== current.attributes)
          current.runs.push({ attributes: current.attributes, text });
        else (current.runs.at(-1) as SvgText['runs'][number]).text += text;
      },
      oncdata() {
        if (current) current.plain = false;
      },
      ...UNREAD,
    },
  );
  tokenizer.write(svg);
  tokenizer.end();
  return found;
}

class PageReader {
  private readonly ids = new Set<string>();
  private readonly classes = new Set<string>();
  private readonly duplicateIds = new Set<string>();
  private readonly texts: string[] = [];
  private readonly references: FoundReference[] = [];
  private readonly styles: string[] = [];
  private readonly seen = new Set<string>();
  /** Class attributes already split: most repeat, element after element. */
  private readonly classLists = new Set<string>();
  private tag = '';
  /** The element's attributes that are read (READ_ATTRIBUTES), by lower-case name: one map, cleared for each element. */
  private readonly attributes = new Map<string, string>();
  private inHead = false;
  private raw: { tag: string; type: string | undefined; text: string } | undefined;

  constructor(
    private readonly origin: string,
    private readonly ignore: ((value: string) => boolean) | undefined,
  ) {}

  start(tag: string): void {
    this.tag = tag;
    // A cleared map is a new table: only one that holds something.
    if (this.attributes.size > 0) this.attributes.clear();
  }

  /** The first of two attributes of one name counts, as in a browser. */
  attribute(name: string, value: string): void {
    if (!this.attributes.has(name)) this.attributes.set(name, value.includes('&') ? decodeHTMLAttribute(value) : value);
  }

  open(): void {
    const { tag, attributes } = this;
    if (tag === 'head') this.inHead = true;
    else if (tag === 'body') this.inHead = false;
    if (RAW_TEXT.has(tag)) this.raw = { tag, type: attributes.get('type'), text: '' };
    if (attributes.size === 0) return;
    this.readReferences(tag, attributes);
    const classList = attributes.get('class');
    if (classList && !this.classLists.has(classList)) {
      this.classLists.add(classList);
      for (const name of classList.split(/\s+/)) if (name) this.classes.add(name);
    }
    for (const shown of SHOWN_ATTRIBUTES) this.show(attributes.get(shown) ?? '');
    if (tag === 'input' && !UNSHOWN_INPUT_VALUES.has((attributes.get('type') ?? 'text').toLowerCase()))
      this.show(attributes.get('value') ?? '');
  }

  close(closed: string): void {
    if (closed === 'head') this.inHead = false;
    const { raw } = this;
    if (raw?.tag !== closed) return;
    this.raw = undefined;
    if (closed === 'style') {
      // The build's stand-in for the stylesheet is not read.
      if (!this.ignore?.(raw.text)) this.styles.push(raw.text);
    } else if (closed === 'script' && raw.type === 'application/ld+json') {
      for (const reference of scanJsonLd(raw.text, this.origin)) {
        if (reference.problem) this.references.push(reference);
        else this.add(reference.where, reference.value);
      }
    } else if (closed === 'textarea') {
      this.show(decoded(raw.text));
    }
  }

  text(text: string): void {
    if (this.raw) this.raw.text += text;
    else this.show(decoded(text));
  }

  result(): HtmlScan {
    const { ids } = this;
    const resolved = (reference: string) => {
      const id = samePageFragment(reference);
      return id !== undefined && ids.has(id);
    };
    return {
      ids,
      duplicateIds: [...this.duplicateIds],
      characters: charactersOf(this.texts),
      classes: this.classes,
      references: this.references.filter(({ value }) => !resolved(value)),
      styles: this.styles,
    };
  }

  private readReferences(tag: string, attributes: ReadonlyMap<string, string>): void {
    for (const id of [attributes.get('id'), tag === 'a' ? attributes.get('name') : undefined]) {
      if (id === undefined) continue;
      if (this.ids.has(id)) this.duplicateIds.add(id);
      this.ids.add(id);
    }
    attributes.forEach((value, name) => {
      if (URL_ATTRIBUTES.has(name)) {
        this.add(`<${tag} ${name}="${value}">`, value);
      } else if (SRCSET_ATTRIBUTES.has(name)) {
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) this.add(`<${tag} ${name}> candidate "${url}"`, url);
        }
      }
    });
    if (tag === 'meta') {
      const [property, content] = [attributes.get('property'), attributes.get('content')];
      const meta = property ?? attributes.get('name');
      if (meta && URL_METAS.has(meta) && content !== undefined) this.add(`<meta ${property ? 'property' : 'name'}="${meta}">`, content);
    }
  }

  private add(where: string, value: string): void {
    if (this.ignore?.(value)) return;
    const key = `${where}\u0000${value}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.references.push({ where, value });
  }

  private show(text: string): void {
    if (!this.inHead && text) this.texts.push(text);
  }
}

function decoded(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}

/**
 * Each once, in code point order, but control characters, which no font draws. By char code (a string's iterator took a third of a
 * page's scan); most of a page is ASCII: a table for it, a set for the rest.
 */
function charactersOf(texts: readonly string[]): string {
  const ascii = new Uint8Array(128);
  const others = new Set<number>();
  for (const text of texts) {
    for (let at = 0; at < text.length; at++) {
      const unit = text.charCodeAt(at);
      if (unit < 128) {
        ascii[unit] = 1;
        continue;
      }
      const code = text.codePointAt(at) ?? unit;
      if (code > 0x9f) others.add(code);
      if (code > 0xffff) at++;
    }
  }
  let characters = '';
  for (let code = 0x20; code < 0x7f; code++) if (ascii[code]) characters += String.fromCharCode(code);
  for (const code of [...others].sort((a, b) => a - b)) characters += String.fromCodePoint(code);
  return characters;
}

/** The same, of characters from elsewhere (the font's own, a safety set). */
export function sortedCharacters(characters: Iterable<string>): string {
  return charactersOf([[...characters].join('')]);
}

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

/** A file of the output but a page or a stylesheet. */
export function scanFile(file: string, text: string, origin: string): FoundReference[] {
  if (file === 'robots.txt')
    return [...text.matchAll(/^sitemap:\s*(\S+)/gim)].map(([, url = '']) => ({ where: `Sitemap: ${url}`, value: url }));
  if (file.endsWith('.xml'))
    return [...text.matchAll(/<loc>([^<]*)<\/loc>|<link[^>]* href="([^"]*)"/g)].map((match) => {
      const url = decodeHTML(match[1] ?? match[2] ?? '');
      const where = match[1] === undefined ? `<link href="${url}">` : `<loc>${url}</loc>`;
      return url.startsWith(`${origin}/`)
        ? { where, value: url }
        : { where, value: url, problem: `${where} is not on the site's origin ${origin}` };
    });
  let manifest: { start_url?: unknown; icons?: { src?: unknown }[] };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch (error) {
    return [{ where: 'manifest', value: '', problem: `not valid JSON: ${String(error)}` }];
  }
  const urls = [['start_url', manifest.start_url], ...(manifest.icons ?? []).map((icon) => ['icon', icon.src])];
  return urls.flatMap(([name, url]) => (typeof url === 'string' ? [{ where: `${name} "${url}"`, value: url }] : []));
}

export function fragmentId(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** Spaces around "#team" allowed; a bare "#" names nothing. */
export function samePageFragment(value: string): string | undefined {
  const reference = value.trim();
  return reference.startsWith('#') && reference !== '#' ? fragmentId(reference.slice(1)) : undefined;
}

/** "b.md", "./chart.png": neither another site's address (a scheme, "//") nor one from the site's root. */
export function isPageRelative(value: string): boolean {
  return !/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(value.trim());
}

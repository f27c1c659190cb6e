/**
 * An Atom feed as a strict XML parser reads it (saxes: any well-formedness error fails, with its line and column), held to what
 * RFC 4287 requires of a feed and its entries: what a feed reader would refuse or misread fails here.
 */
import { SaxesParser } from 'saxes';

const ATOM = 'http://www.w3.org/2005/Atom';
/** RFC 3339's date-time, as Atom's dates are. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

export interface AtomEntry {
  id: string;
  title: string;
  link: string;
  published: string;
  updated: string;
  summary: string;
  /** `type="html"`: the text is the markup. */
  content: { type: string; base: string; html: string };
}

export interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  self: string;
  entries: AtomEntry[];
}

/** An element as the parser resolved it: its namespace, local name, attributes by name ("xml:base" included) and text. */
interface Element {
  namespace: string;
  localName: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
}

/** The document's root element, or the parser's first error, with its line and column. */
function parse(xml: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Element[] = [];
  let root: Element | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const element: Element = {
      namespace: tag.uri ?? '',
      localName: tag.local ?? tag.name,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value])),
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    for (const element of stack) element.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (failure) throw new Error(`The feed is not well-formed XML: ${failure.message}`);
  if (!root) throw new Error('The feed has no root element');
  return root;
}

/** The children of `parent` in Atom's namespace named `name`. */
function children(parent: Element, name: string): Element[] {
  return parent.children.filter((child) => child.namespace === ATOM && child.localName === name);
}

/** The one child of that name (RFC 4287 allows exactly one), else a failure naming it. */
function one(parent: Element, name: string, where: string): Element {
  const found = children(parent, name);
  if (found.length !== 1) throw new Error(`${where} has ${found.length} <${name}> elements, where Atom wants exactly one`);
  return found[0] as Element;
}

function date(element: Element, where: string): string {
  const { text } = element;
  if (!RFC_3339.test(text)) throw new Error(`${where}'s <${element.localName}> "${text}" is not an RFC 3339 date-time`);
  return text;
}

function absolute(url: string, where: string): string {
  if (!URL.canParse(url)) throw new Error(`${where} "${url}" is not an absolute IRI`);
  return url;
}

export function readAtom(xml: string): AtomFeed {
  const feed = parse(xml);
  if (feed.namespace !== ATOM || feed.localName !== 'feed') throw new Error('the root is not an Atom <feed>');
  const self = children(feed, 'link').find((link) => link.attributes.rel === 'self')?.attributes.href;
  if (!self) throw new Error('the feed has no link rel="self"');
  const feedAuthor = children(feed, 'author').length > 0;
  const entries = children(feed, 'entry').map((entry, index): AtomEntry => {
    const where = `entry ${index + 1}`;
    if (!feedAuthor && children(entry, 'author').length === 0) throw new Error(`${where} has no author, nor has the feed`);
    const link = children(entry, 'link').find((item) => (item.attributes.rel ?? 'alternate') === 'alternate');
    const content = one(entry, 'content', where);
    return {
      id: absolute(one(entry, 'id', where).text, `${where}'s id`),
      title: one(entry, 'title', where).text,
      link: absolute(link?.attributes.href ?? '', `${where}'s link`),
      published: date(one(entry, 'published', where), where),
      updated: date(one(entry, 'updated', where), where),
      summary: one(entry, 'summary', where).text,
      content: { type: content.attributes.type ?? 'text', base: content.attributes['xml:base'] ?? '', html: content.text },
    };
  });
  return {
    id: absolute(one(feed, 'id', 'the feed').text, "the feed's id"),
    title: one(feed, 'title', 'the feed').text,
    updated: date(one(feed, 'updated', 'the feed'), 'the feed'),
    self: absolute(self, "the feed's self link"),
    entries,
  };
}

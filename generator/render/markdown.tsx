/**
 * Entries' bodies rendered to React elements, so that no raw HTML string enters a page and the strict CSP holds; raw HTML is
 * refused, not escaped, so that an editor's tag never shows up as text.
 */
import path from 'node:path';
import markdownIt, { type Token } from 'markdown-it';
import { createElement, type ReactNode } from 'react';
import type { ImageInfo } from '../site';
import { slugOf } from '../urls';
import type { LoadedEntry, Located } from './protocol';

// A bare https:// or e-mail address is a link, as GitHub, Hugo and Astro make it; a bare name such as example.com stays text.
const parser = markdownIt('default', { html: true, linkify: true, typographer: false });
parser.linkify.set({ fuzzyLink: false }).add('ftp:', null).add('//', null);

/** A body's tokens, for the checks (collection.ts) and the page. */
export function parseBody(body: string): Token[] {
  return parser.parse(body, {});
}

/** Parsed again where it is rendered: a thousand entries' tokens, kept, were a worker's largest holding, and a parse is 0.1 ms. */
function tokensOf(entry: Pick<LoadedEntry, 'source' | 'bodyStart'>): Token[] {
  return parseBody(entry.source.slice(entry.bodyStart));
}

/** Lines are 0-based, in the body; `top` is the level of the heading the text sits under (a page's section: 2). */
export function bodyProblems(tokens: readonly Token[], top = 1): { line: number; text: string }[] {
  const problems: { line: number; text: string }[] = [];
  // The entry's title is the page's h1.
  let level = top;
  let line = 0;
  for (const token of tokens) {
    if (token.map) line = token.map[0];
    if (token.type === 'html_block' && !COMMENTS.test(token.content)) problems.push({ line, text: rawHtml(token.content) });
    // One a paragraph: its closing tags are the same mistake.
    const inline = token.children?.find((child) => child.type === 'html_inline' && !COMMENTS.test(child.content));
    if (inline) problems.push({ line, text: rawHtml(inline.content) });
    if (token.type === 'heading_open') {
      const next = Number(token.tag.slice(1));
      if (next === 1 && top === 1)
        problems.push({ line, text: "has a level-1 heading (# …): the entry's title is the page's heading; start its sections at ## …" });
      else if (next <= top)
        problems.push({
          line,
          text: `has a level-${next} heading (${'#'.repeat(next)} …), as high as the section's own: start its headings at ${'#'.repeat(top + 1)} …`,
        });
      else if (next > level + 1)
        problems.push({
          line,
          text: `skips from heading level ${level} to ${next} (${'#'.repeat(next)} …): use ${'#'.repeat(level + 1)} …`,
        });
      level = next;
    }
  }
  return problems;
}

/** A note to other editors, or another generator's marker (Hugo's <!--more-->): nothing of it reaches the page. */
const COMMENTS = /^(?:\s*<!--[\s\S]*?-->)+\s*$/;

function attribute(token: Token, name: string): string {
  return String(token.attrGet(name) ?? '');
}

function rawHtml(content: string): string {
  return `holds raw HTML (${content.trim().slice(0, 40)}), which the site does not publish: write it in Markdown`;
}

/** The file an image's address names: markdown-it writes `café.png` or `<my cover.png>` percent-encoded. */
function imageFile(token: Token): string {
  return safeDecodeURI(attribute(token, 'src'));
}

function safeDecodeURI(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

export function imagesOf(tokens: readonly Token[]): { src: string; alt: string; line: number }[] {
  return tokens.flatMap((token) =>
    (token.children ?? []).flatMap((child) => {
      const src = imageFile(child);
      return child.type === 'image' && src ? [{ src, alt: child.content, line: token.map?.[0] ?? 0 }] : [];
    }),
  );
}

export function lineOfValue(entry: LoadedEntry, value: string, whole = false): Located {
  // An id is a heading's: the source holds its words, not the id.
  const heading = whole ? [...headingIds(tokensOf(entry))].find(([, id]) => id === value)?.[0].map : undefined;
  if (heading) return { file: entry.file, line: entry.bodyLine + heading[0] };
  // markdown-it percent-encodes a link's address: the editor wrote #straße, the page has #stra%C3%9Fe.
  const found = entry.source.indexOf(value);
  const index = found >= 0 ? found : entry.source.indexOf(safeDecodeURI(value));
  return { file: entry.file, ...(index >= 0 ? { line: entry.source.slice(0, index).split('\n').length } : {}) };
}

/** A heading's inline token's words as a reader sees them: a link's address or an emphasis's stars are not the heading's. */
export function headingText(inline: Token | undefined): string {
  // A heading underlined with "---" may run over two lines.
  return (inline?.children ?? [])
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' ? ' ' : ''))
    .join('');
}

/** Stable: the heading's words, without accents; a repeated one numbered as GitHub numbers it (notes, notes-1), never as another is named. */
export function headingIds(tokens: readonly Token[]): Map<Token, string> {
  const ids = new Map<Token, string>();
  const repeats = new Map<string, number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const words = slugOf(headingText(tokens[index + 1]));
    const base = /^[a-z]/.test(words) ? words : `section-${words || index}`;
    let id = base;
    while (repeats.has(id)) {
      const count = (repeats.get(base) ?? 0) + 1;
      repeats.set(base, count);
      id = `${base}-${count}`;
    }
    repeats.set(id, 0);
    ids.set(token, id);
  });
  return ids;
}

export interface BodyContext {
  /** Under the base path. */
  link: (href: string) => string;
  images: Readonly<Record<string, Omit<ImageInfo, 'alt'>>>;
  /** Images are beside the entry. */
  folder: string;
  sizes: string;
}

export function renderBody(entry: Pick<LoadedEntry, 'source' | 'bodyStart'>, context: BodyContext): ReactNode {
  const tokens = tokensOf(entry);
  const ids = headingIds(tokens);
  let key = 0;
  // Block and inline tokens share one walk: no token type occurs in both.
  const walk = (tokens: readonly Token[], from: number, close: string | undefined): [ReactNode[], number] => {
    const nodes: ReactNode[] = [];
    let at = from;
    while (at < tokens.length) {
      const token = tokens[at] as Token;
      if (close !== undefined && token.type === close) return [nodes, at + 1];
      if (token.nesting === 1) {
        const [children, next] = walk(tokens, at + 1, token.type.replace(/_open$/, '_close'));
        // A tight list's paragraphs are hidden: CommonMark writes their text straight into the item.
        if (token.hidden) nodes.push(...children);
        else
          nodes.push(
            token.type === 'link_open'
              ? link(token, children)
              : createElement(token.tag, { key: key++, ...blockAttributes(token, ids) }, ...children),
          );
        at = next;
        continue;
      }
      if (token.type === 'inline') nodes.push(...walk(token.children ?? [], 0, undefined)[0]);
      else if (token.type === 'fence' || token.type === 'code_block') {
        const language = token.info.trim().split(/\s+/)[0];
        nodes.push(
          // Focusable as a wide table is: a long line scrolls sideways.
          createElement(
            'pre',
            { key: key++, tabIndex: 0 },
            createElement('code', language ? { 'data-language': language } : {}, token.content),
          ),
        );
      } else if (token.type === 'hr') nodes.push(createElement('hr', { key: key++ }));
      else if (token.type === 'text') nodes.push(token.content);
      else if (token.type === 'code_inline') nodes.push(createElement('code', { key: key++ }, token.content));
      else if (token.type === 'softbreak') nodes.push('\n');
      else if (token.type === 'hardbreak') nodes.push(createElement('br', { key: key++ }));
      else if (token.type === 'image') nodes.push(image(token));
      at += 1;
    }
    return [nodes, at];
  };
  const link = (token: Token, children: ReactNode[]) => {
    const href = attribute(token, 'href') ?? '';
    const title = attribute(token, 'title') || undefined;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href) && !/^(?:mailto|tel):/i.test(href)) {
      return createElement('a', { key: key++, href, title, rel: 'external noopener noreferrer' }, ...children);
    }
    return createElement('a', { key: key++, href: href.startsWith('/') ? context.link(href) : href, title }, ...children);
  };
  const image = (token: Token) => {
    const file = path.posix.join(context.folder, imageFile(token));
    const made = context.images[file];
    if (!made) return createElement('img', { key: key++, src: attribute(token, 'src') ?? '', alt: token.content });
    return picture({ ...made, alt: token.content, title: attribute(token, 'title') || undefined }, context.sizes, 'lazy', key++);
  };
  return walk(tokens, 0, undefined)[0];
}

function blockAttributes(token: Token, ids: ReadonlyMap<Token, string>): Record<string, string | number> {
  const id = ids.get(token);
  if (id) return { id };
  // A table wider than a phone scrolls sideways on its own: the keyboard must reach it to scroll it.
  if (token.type === 'table_open') return { tabIndex: 0 };
  // GFM's column alignment, as an attribute the site styles rather than the style attribute the CSP forbids.
  const align = /text-align:(\w+)/.exec(attribute(token, 'style') ?? '')?.[1];
  if (align) return { 'data-align': align };
  const start = attribute(token, 'start');
  return start ? { start } : {};
}

/** Its box set, so that nothing moves when it loads; `title` is a Markdown image's `![alt](file "title")`. */
export function picture(image: ImageInfo & { title?: string }, sizes: string, loading: 'lazy' | 'eager', key?: number): ReactNode {
  const fallback = image.sources.at(-1);
  return createElement(
    'picture',
    { key },
    ...image.sources
      .slice(0, -1)
      .map((source) => createElement('source', { key: source.type, type: source.type, srcSet: source.srcset, sizes })),
    createElement('img', {
      src: image.src,
      alt: image.alt,
      title: image.title,
      width: image.width,
      height: image.height,
      loading,
      decoding: 'async',
      ...(fallback ? { srcSet: fallback.srcset, sizes } : {}),
    }),
  );
}

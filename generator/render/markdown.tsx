/**
 * Entries rendered to React elements, so that no raw HTML string enters a page and the strict CSP holds; raw HTML is refused,
 * not escaped, so that an editor's tag never shows up as text.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import markdownIt, { type Token } from 'markdown-it';
import { createElement, type ReactNode } from 'react';
import * as v from 'valibot';
import { isMap, LineCounter, parseDocument, type YAMLError } from 'yaml';
import { description, text, title } from '../schema';
import type { Collection, ImageInfo, SitePath } from '../site';
import { canonicalPath, folderName, slugOf } from '../urls';
import { type Problem, problemsOf } from './check';
import type { DescribeInput, ImageSource, LoadedCollection, LoadedEntry, Located } from './protocol';

/** Nothing a reader could take two ways. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const date = v.pipe(
  v.string('should be a date such as 2025-06-01'),
  v.check(
    (value) => {
      const match = DATE.exec(value);
      if (!match) return false;
      const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return day.getUTCMonth() === Number(match[2]) - 1 && day.getUTCDate() === Number(match[3]) && !Number.isNaN(Date.parse(value));
    },
    (issue) =>
      // As some CMSs write a date and time: the hour would depend on where the build runs.
      /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::[\d.]+)?$/.test(String(issue.input))
        ? 'has a time but no time zone, so its hour depends on where the site is built: add one, such as 2025-06-01T09:30:00+02:00 or 2025-06-01T07:30:00Z'
        : 'is not a date such as 2025-06-01 or 2025-06-01T09:30:00+02:00',
  ),
);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// A bare https:// or e-mail address is a link, as GitHub, Hugo and Astro make it; a bare name such as example.com stays text.
const parser = markdownIt('default', { html: true, linkify: true, typographer: false });
parser.linkify.set({ fuzzyLink: false }).add('ftp:', null).add('//', null);

/** Parsed again where it is rendered: a thousand entries' tokens, kept, were a worker's largest holding, and a parse is 0.1 ms. */
function tokensOf(entry: LoadedEntry): Token[] {
  return parser.parse(entry.source.slice(entry.bodyStart), {});
}

export async function loadCollection(
  root: string,
  name: string,
  collection: Collection<unknown>,
  { now, mode }: Pick<DescribeInput, 'now' | 'mode'>,
): Promise<LoadedCollection & { problems: Problem[] }> {
  const folder = folderName(collection.folder);
  // Synchronous: a worker describing the site has nothing else to do, and a thousand entries' reads and stats, each without
  // a trip through libuv's thread pool, take a fraction of the time.
  const names = statSync(path.join(root, folder), { throwIfNoEntry: false })?.isDirectory()
    ? // By name, in code unit order: nothing depends on the file system's.
      readdirSync(path.join(root, folder), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : undefined;
  const missing = { file: folder, text: `collection "${name}": its folder ${folder} does not exist` };
  if (names === undefined) return { entries: [], problems: [missing], images: [], reads: [] };
  const problems: Problem[] = [];
  const inside = realpathSync(path.join(root, folder));
  // Markdown the collection would pass over unread: never silently.
  for (const item of names) {
    const at = `${folder}/${item.name}`;
    if (item.isDirectory() && readdirSync(path.join(root, at)).some((inner) => /\.md$/i.test(inner)))
      problems.push({ file: `${at}/`, text: `holds Markdown the collection does not read: its entries sit in ${folder}/ itself` });
    else if (/\.(md|markdown|mdx)$/i.test(item.name) && !item.name.endsWith('.md'))
      problems.push({ file: at, text: `is not read: a collection's entries are .md files (${item.name.replace(/\.\w+$/, '.md')})` });
  }
  const schema = v.strictObject({
    title,
    description,
    date,
    updated: v.optional(date),
    draft: v.optional(v.boolean()),
    publishDate: v.optional(date),
    expiryDate: v.optional(date),
    image: v.optional(
      v.strictObject({
        src: v.pipe(v.string(), v.regex(/^\.{0,2}\/?[^:]+$/, 'is not a file beside the entry, such as ./cover.jpg')),
        alt: text(300),
      }),
    ),
    ...collection.fields,
  });
  const entries: LoadedEntry[] = [];
  const images: ImageSource[] = [];
  const files = names.flatMap((item) => (!item.isDirectory() && item.name.endsWith('.md') ? [item.name] : []));
  for (const fileName of files) {
    const file = `${folder}/${fileName}`;
    const slug = fileName.slice(0, -3);
    // A byte order mark, as some editors on Windows save, would hide the frontmatter's first line.
    const source = readFileSync(path.join(root, file), 'utf8').replace(/^\uFEFF/, '');
    const entryPath = `${collection.path}/${slug}` as SitePath;
    const route = canonicalPath(entryPath);
    const add = (line: number | undefined, message: string) =>
      problems.push({ file, ...(line === undefined ? {} : { line }), text: message, route });
    if (!SLUG.test(slug))
      add(
        undefined,
        `the file name "${fileName}" is its address: use lower-case letters, digits and hyphens, such as "${slugOf(slug) || 'our-first-year'}.md"`,
      );
    const front = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
    if (!front) {
      // Hugo's TOML frontmatter, in a file brought from a Hugo site.
      const toml = /^\+\+\+\r?\n/.test(source) ? ' ("+++" starts TOML, as Hugo writes it: write the fields as YAML, title: …)' : '';
      add(1, `has no frontmatter: start the file with a "---" line, the fields (title, description, date), and another "---" line${toml}`);
      continue;
    }
    const lines = new LineCounter();
    const document = parseDocument(front[1] ?? '', { lineCounter: lines, uniqueKeys: true });
    if (document.errors.length > 0) {
      const [error] = document.errors;
      add((error?.linePos?.[0]?.line ?? 0) + 1, `the frontmatter is not valid YAML: ${yamlMistake(error)}`);
      continue;
    }
    const data = document.toJS() ?? {};
    const lineOf = (keys: readonly (string | number)[]): Located => {
      let node = document.getIn(keys, true) as { range?: [number, number, number] } | undefined;
      for (let depth = keys.length; !node?.range && depth > 0; depth -= 1)
        node = document.getIn(keys.slice(0, depth - 1), true) as typeof node;
      const pair =
        isMap(document.contents) && keys.length === 1
          ? document.contents.items.find((item) => (item.key as { value?: unknown }).value === keys[0])
          : undefined;
      const offset = (pair?.key as { range?: [number, number, number] } | undefined)?.range?.[0] ?? node?.range?.[0] ?? 0;
      return { file, line: lines.linePos(offset).line + 1 };
    };
    const found = await problemsOf(data, schema, async (keys) => lineOf(keys));
    problems.push(...found.map((problem) => ({ ...problem, route })));
    if (found.length > 0) continue;
    const checked = data as v.InferOutput<typeof schema> & Record<string, unknown>;
    const bodyLine = source.slice(0, front[0].length).split('\n').length;
    const tokens = parser.parse(source.slice(front[0].length), {});
    for (const problem of bodyProblems(tokens)) add(problem.line + bodyLine, problem.text);
    const entryImages = [
      ...(checked.image ? [{ src: checked.image.src, alt: checked.image.alt, line: lineOf(['image', 'src']).line ?? 1, cover: true }] : []),
      ...imagesOf(tokens).map((image) => ({ ...image, line: image.line + bodyLine, cover: false })),
    ];
    const imageSources: ImageSource[] = [];
    for (const image of entryImages) {
      const imageFile = path.posix.join(folder, image.src);
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(image.src))
        add(
          image.line,
          `the image ${image.src} is on another site: put the file beside the entry (the site makes no third-party requests)`,
        );
      else if (!image.alt.trim())
        add(
          image.line,
          `the image ${image.src} has no text alternative: write what it shows between the brackets, ![like this](${image.src})`,
        );
      else if (!statSync(path.join(root, imageFile), { throwIfNoEntry: false })?.isFile())
        add(image.line, `the image ${image.src} is missing: there is no ${imageFile}`);
      else {
        // As public/ is: by a path or a link, no file of the machine reaches the output.
        const real = realpathSync(path.join(root, imageFile));
        if (real.startsWith(inside + path.sep))
          imageSources.push({ file: imageFile, from: `${file}:${image.line}`, ...(image.cover ? { cover: true } : {}) });
        else
          add(
            image.line,
            `the image ${image.src} is ${real}, outside ${folder}/: only the site's own files are published; put the file beside the entry`,
          );
      }
    }
    // Dates out of order are a slip of the keyboard that would ship silently: a lastmod before the date, an entry never shown.
    const { date: published, updated, publishDate, expiryDate } = checked;
    // A day without a time is that whole day: an update written 2025-03-01 may follow a date of 2025-03-01T10:00.
    const earlier = updated !== undefined && (updated.length === 10 ? updated < published.slice(0, 10) : time(updated) < time(published));
    if (earlier)
      add(lineOf(['updated']).line, `updated (${updated}) is before date (${published}): an entry is updated after it is published`);
    if (expiryDate !== undefined && publishDate !== undefined && time(expiryDate) <= time(publishDate))
      add(
        lineOf(['expiryDate']).line,
        `expiryDate (${expiryDate}) is not after publishDate (${publishDate}): the entry would never be shown`,
      );
    const scheduled = (checked.publishDate === undefined ? Number.NEGATIVE_INFINITY : time(checked.publishDate)) > now;
    const expired = (checked.expiryDate === undefined ? Number.POSITIVE_INFINITY : time(checked.expiryDate)) <= now;
    const draft = checked.draft === true || scheduled || expired;
    const extra = Object.fromEntries(Object.keys(collection.fields).flatMap((key) => (key in checked ? [[key, checked[key]]] : [])));
    const entry: LoadedEntry = {
      file,
      path: entryPath,
      info: {
        slug,
        title: checked.title,
        description: checked.description,
        date: checked.date,
        ...(checked.updated ? { updated: checked.updated } : {}),
        draft,
        ...(checked.image ? { image: { src: path.posix.join(folder, checked.image.src), alt: checked.image.alt } } : {}),
        data: extra,
      },
      shown: mode === 'development' || !draft,
      bodyLine,
      bodyStart: front[0].length,
      source,
    };
    entries.push(entry);
    // A draft's images are checked, never published: an embargoed picture must not wait in the output for its article.
    if (entry.shown) images.push(...imageSources);
  }
  // Entries of one date by title: the order never depends on the file system.
  entries.sort((a, b) => time(b.info.date) - time(a.info.date) || a.info.title.localeCompare(b.info.title));
  return {
    entries,
    problems,
    images,
    reads: [`${folder}/`, ...files.map((fileName) => `${folder}/${fileName}`), ...images.map((image) => image.file)],
  };
}

/** YAML's words without its position (the file's line is given), and what an editor most often did to earn them. */
function yamlMistake(error: YAMLError | undefined): string {
  const words = (error?.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  if (error?.code === 'BLOCK_AS_IMPLICIT_KEY')
    return `${words}. A value that holds ": " needs quotes (title: "Report: the first quarter"), and each field starts a line`;
  if (error?.code === 'DUPLICATE_KEY') return `${words}: a field is given twice; keep one`;
  if (error?.code === 'TAB_AS_INDENT') return `${words}: indent with spaces`;
  return words;
}

/** A date written as a day means midnight UTC: the instant as RFC 3339 text, as a feed gives it. */
export function instant(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}

function time(value: string): number {
  return Date.parse(instant(value));
}

/** Lines are 0-based, in the body. */
function bodyProblems(tokens: readonly Token[]): { line: number; text: string }[] {
  const problems: { line: number; text: string }[] = [];
  // The entry's title is the page's h1.
  let level = 1;
  let line = 0;
  for (const token of tokens) {
    if (token.map) line = token.map[0];
    if (token.type === 'html_block' && !COMMENTS.test(token.content)) problems.push({ line, text: rawHtml(token.content) });
    // One a paragraph: its closing tags are the same mistake.
    const inline = token.children?.find((child) => child.type === 'html_inline' && !COMMENTS.test(child.content));
    if (inline) problems.push({ line, text: rawHtml(inline.content) });
    if (token.type === 'heading_open') {
      const next = Number(token.tag.slice(1));
      if (next === 1)
        problems.push({ line, text: "has a level-1 heading (# …): the entry's title is the page's heading; start its sections at ## …" });
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

function imagesOf(tokens: readonly Token[]): { src: string; alt: string; line: number }[] {
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

/** Stable: the heading's words, without accents; a repeated one numbered as GitHub numbers it (notes, notes-1), never as another is named. */
function headingIds(tokens: readonly Token[]): Map<Token, string> {
  const ids = new Map<Token, string>();
  const repeats = new Map<string, number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    // The words a reader sees: a link's address or an emphasis's stars are not the heading's.
    // A heading underlined with "---" may run over two lines.
    const shown = (tokens[index + 1]?.children ?? []).map((child) =>
      child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' ? ' ' : '',
    );
    const words = slugOf(shown.join(''));
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

export function renderBody(entry: LoadedEntry, context: BodyContext): ReactNode {
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

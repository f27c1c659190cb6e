/**
 * Entries' bodies rendered to React elements, so that no raw HTML string enters a page and the strict CSP holds; raw HTML is
 * refused, not escaped, so that an editor's tag never shows up as text. What editors write beyond CommonMark is read by
 * markdown-it's plugins (footnotes, definition lists, task lists, an image alone in its paragraph as a figure); fenced code is
 * highlighted by Shiki into the site's classes; syntax that no plugin reads is refused rather than printed as typed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { tasklist } from '@mdit/plugin-tasklist';
import markdownIt, { type MarkdownIt, type Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import { createElement, type ReactNode } from 'react';
import type { HighlighterCore } from 'shiki/core';
import { entryKey, lookupMeta, store } from '../cache.mjs';
import { BuildError } from '../failure';
import { CODE_TOKEN_KINDS, type ImageInfo, type MarkdownSettings } from '../site';
import { slugOf } from '../urls';
import type { EntryText, Located } from './protocol';

// Neither has types, of its own or on DefinitelyTyped: each is a markdown-it plugin, a function of the parser.
const load = createRequire(import.meta.url);
const deflist = load('markdown-it-deflist') as (parser: MarkdownIt) => void;
const figures = load('markdown-it-image-figures') as (parser: MarkdownIt, options: { figcaption: 'title' }) => void;

type Quotes = readonly [string, string, string, string];

/** Double quotes opening and closing, then single, as each language prints them (CLDR): by the site's `lang`, its region first (de-CH). */
const QUOTES: Readonly<Record<string, string | Quotes>> = {
  // French sets its guillemets apart from the words with a space that never breaks.
  fr: ['«\u00A0', '\u00A0»', '“', '”'],
  ...Object.fromEntries(
    Object.entries({
      '“”‘’': 'en nl pt ga tr',
      '„“‚‘': 'de cs sk sl et lt is',
      '«»‹›': 'de-ch fr-ch',
      '«»“”': 'es it pt-pt ca el',
      '””’’': 'sv fi',
      '»«›‹': 'da',
      '«»‘’': 'no nb nn',
      '„”«»': 'pl ro',
      '„“‘’': 'hr',
      '„”»«': 'hu',
      '«»„“': 'ru uk',
    }).flatMap(([quotes, tags]) => tags.split(' ').map((tag) => [tag, quotes])),
  ),
};

/** Where the language is not known: quotes stay as typed, rather than another language's; dashes and ellipses still turn. */
const STRAIGHT: Quotes = ['"', '"', "'", "'"];

function quotesFor(lang: string, settings?: MarkdownSettings): Quotes {
  if (settings?.quotes) return settings.quotes;
  const tag = lang.toLowerCase();
  const found = QUOTES[tag] ?? QUOTES[tag.split('-')[0] ?? ''];
  if (found === undefined) return STRAIGHT;
  return typeof found === 'string' ? ([...found] as unknown as Quotes) : found;
}

const parsers = new Map<string, MarkdownIt>();

/** One a set of quotes, made when first asked: a worker renders one site, in one language. */
function parserFor(quotes: Quotes): MarkdownIt {
  const key = quotes.join('\u0000');
  let parser = parsers.get(key);
  if (!parser) {
    parser = markdownIt('default', { html: true, linkify: true, typographer: true, quotes: [...quotes] })
      .use(footnote)
      .use(deflist)
      .use(tasklist, { disabled: true, label: true })
      .use(figures, { figcaption: 'title' });
    // A bare https:// or e-mail address is a link, as GitHub, Hugo and Astro make it; a bare name such as example.com stays text.
    parser.linkify.set({ fuzzyLink: false }).add('ftp:', null).add('//', null);
    parsers.set(key, parser);
  }
  return parser;
}

/** A body's tokens, for the checks (collection.ts) and the page: the quotes are the page's, the checks' any. */
export function parseBody(body: string, quotes: Quotes = STRAIGHT): Token[] {
  return parserFor(quotes).parse(body, {});
}

/**
 * What markdown-it, with the plugins above, would print as typed: a slip, or another tool's syntax, looked for in the words (never
 * code) that markdown-it read as nothing else, and named; one anchored with ^ only where a line starts.
 */
const UNREAD: readonly { pattern: RegExp; text: (match: RegExpExecArray) => string }[] = [
  {
    pattern: /\[\^([^\]\s]+)\]/,
    text: ([written, label]) =>
      `refers to the footnote ${written}, which has no definition: add a line "[^${label}]: the note" below the text`,
  },
  {
    pattern: /\[([^\]]+)\]\[([^\]]*)\]/,
    text: ([written, words, label]) =>
      `links by a reference (${written}) that no line defines: add a line "[${label || words}]: https://…" below the text, or write [${words}](address)`,
  },
  {
    pattern: /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/,
    text: ([written]) =>
      `holds ${written}, a shortcode or template tag of another generator, which this site does not run: write it in Markdown`,
  },
  {
    pattern: /\{[:#.][^}\s][^}]*\}/,
    text: ([written]) =>
      `sets attributes (${written}) as another generator reads them, which this site does not: a heading's id is made of its words`,
  },
  {
    pattern: /^\[!(?:note|tip|important|warning|caution)\]/i,
    text: ([written]) => `is a GitHub alert (${written}), which this site does not publish: write it as a quote, > **Note:** …`,
  },
  {
    pattern: /^(?::::|!!!)/,
    text: ([written]) =>
      `opens a block (${written}) as another generator writes an admonition, which this site does not publish: write it as a quote, > …`,
  },
  {
    pattern: /^\*\[[^\]]+\]:/,
    text: ([written]) =>
      `defines an abbreviation (${written} …), which this site does not publish: write the words out where they are first used`,
  },
  {
    pattern: /\[\[[^\]]*\]\]/,
    text: ([written]) =>
      `holds ${written}, a wiki link or another generator's marker, which this site does not read: write a link, [words](/page/)`,
  },
  {
    pattern: /==[^=\s](?:[^=]*[^=\s])?==/,
    text: ([written]) => `marks text as ${written}, which this site does not publish: use *emphasis* or **strong**`,
  },
];

/** Plain text, no highlighting, in any site. */
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext']);

/** What a site highlights unless it says: the languages of a company's articles, each loaded only once a block needs it. */
const COMMON_LANGUAGES = 'typescript tsx javascript jsx json shellscript yaml toml html css sql python diff markdown xml'.split(' ');

const languageMaps = new WeakMap<NonNullable<MarkdownSettings['code']>, ReadonlyMap<string, string>>();

/**
 * Shiki's language id by each name an editor may write (its id and aliases), for the languages the site highlights. Shiki's list
 * of languages is loaded here: a worker that meets no code block, or checks no body, never loads it.
 */
async function codeLanguages(code: NonNullable<MarkdownSettings['code']>): Promise<ReadonlyMap<string, string>> {
  let map = languageMaps.get(code);
  if (map) return map;
  const { bundledLanguagesInfo } = await import('shiki/langs');
  const byName = new Map<string, string>();
  for (const info of bundledLanguagesInfo) for (const name of [info.id, ...(info.aliases ?? [])]) byName.set(name, info.id);
  const wanted = new Set<string>();
  for (const name of code.languages ?? COMMON_LANGUAGES) {
    const id = byName.get(name.toLowerCase());
    if (!id)
      throw new BuildError(
        `markdown.code.languages names "${name}", a language Shiki does not know: use its name or an alias from https://shiki.style/languages`,
      );
    wanted.add(id);
  }
  map = new Map([...byName].filter(([, id]) => wanted.has(id)));
  languageMaps.set(code, map);
  return map;
}

/** A fence's language as written, lower case: "" for none. */
function fenceLanguage(token: Token): string {
  return (token.info.trim().split(/\s+/)[0] ?? '').toLowerCase();
}

type Problem = { line: number; text: string };

/** Lines are 0-based, in the body; `top` is the level of the heading the text sits under (a page's section: 2). */
export async function bodyProblems(tokens: readonly Token[], settings?: MarkdownSettings, top = 1): Promise<Problem[]> {
  const problems: Problem[] = [];
  const languages = settings?.code ? await codeLanguages(settings.code) : undefined;
  // The entry's title is the page's h1.
  let level = top;
  let line = 0;
  const add = (text: string) => problems.push({ line, text });
  for (const token of tokens) {
    if (token.map) line = token.map[0];
    if (token.type === 'html_block' && !COMMENTS.test(token.content)) add(htmlBlockProblem(token.content));
    // One a paragraph: its closing tags are the same mistake.
    const inline = token.children?.find((child) => child.type === 'html_inline' && !COMMENTS.test(child.content));
    if (inline) add(rawHtml(inline.content));
    if (token.children) problems.push(...unread(token.children, line));
    if (token.type === 'fence' && languages && settings?.code) {
      const language = fenceLanguage(token);
      if (language && !PLAIN.has(language) && !languages.has(language)) {
        const named = (settings.code.languages ?? COMMON_LANGUAGES).join(', ');
        add(
          `has a code block in "${language}", which the site does not highlight (its languages: ${named}): write one of them after the \`\`\`, or text`,
        );
      }
    }
    if (token.type === 'heading_open') {
      const next = Number(token.tag.slice(1));
      if (next === 1 && top === 1) add("has a level-1 heading (# …): the entry's title is the page's heading; start its sections at ## …");
      else if (next <= top)
        add(
          `has a level-${next} heading (${'#'.repeat(next)} …), as high as the section's own: start its headings at ${'#'.repeat(top + 1)} …`,
        );
      else if (next > level + 1)
        add(`skips from heading level ${level} to ${next} (${'#'.repeat(next)} …): use ${'#'.repeat(level + 1)} …`);
      level = next;
    }
  }
  return problems;
}

/** The syntax of UNREAD in a paragraph's (or heading's, or cell's) words, at its line: once a paragraph, as its closing ::: is the same slip. */
function unread(children: readonly Token[], first: number): Problem[] {
  const found = new Map<(typeof UNREAD)[number], Problem>();
  let line = first;
  let lineStart = true;
  for (const child of children) {
    if (child.type === 'softbreak' || child.type === 'hardbreak') {
      line += 1;
      lineStart = true;
      continue;
    }
    if (child.type === 'text')
      for (const slip of UNREAD) {
        const match = found.has(slip) || (!lineStart && slip.pattern.source.startsWith('^')) ? null : slip.pattern.exec(child.content);
        if (match) found.set(slip, { line, text: slip.text(match) });
      }
    lineStart = false;
  }
  return [...found.values()];
}

/** A note to other editors, or another generator's marker (Hugo's <!--more-->): nothing of it reaches the page. */
const COMMENT = /<!--(?:(?!-->)[\s\S])*-->/g;
/** Comments alone: a comment's end is its first "-->", so that no text between two comments passes for one. */
const COMMENTS = /^(?:\s*<!--(?:(?!-->)[\s\S])*-->)+\s*$/;

/** A line that starts with a comment is an HTML block, left out whole: text beside a comment, or after one never closed, would be lost. */
function htmlBlockProblem(content: string): string {
  const rest = content.replace(COMMENT, '');
  if (rest.includes('<!--')) return 'opens a comment (<!--) that is never closed: everything after it would be left out; end it with -->';
  if (rest.length < content.length && !/<[a-z/!?]/i.test(rest))
    return `has text on the line of a comment (${rest.trim().slice(0, 40)}): a line that starts with a comment is left out whole; put the comment on a line of its own`;
  return rawHtml(content);
}

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

export function lineOfValue(entry: EntryText, value: string, whole = false): Located {
  // An id is a heading's: the source holds its words, not the id.
  const heading = whole && [...headingIds(parseBody(entry.source.slice(entry.bodyStart)))].find(([, id]) => id === value)?.[0].map;
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
  /** The site's language: the quotes are its. */
  lang: string;
  markdown?: MarkdownSettings;
  /** The project, whose cache keeps each code block's highlighting: none, none kept. */
  root?: string;
  /** A link beside each heading (default): not in a feed, whose reader shows the body away from its page. */
  headingLinks?: boolean;
}

const THEME = 'token-kinds';
/** Shiki's css-variables theme names a token's colour `var(--shiki-token-<kind>)`: the kind is all the page keeps, as a class. */
const KIND_OF_COLOR: ReadonlyMap<string, number> = new Map(CODE_TOKEN_KINDS.map((kind, index) => [`var(--shiki-token-${kind})`, index]));

/** A highlighted block: each line's runs of text, with their kind's index in CODE_TOKEN_KINDS, or -1 for the block's own colour. */
type Runs = [text: string, kind: number][][];

/** One a worker, made when a page first shows code the cache does not hold: the site's code, loaded once, as React is. */
let highlighter: Promise<HighlighterCore> | undefined;

async function highlighterFor(id: string): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore, createCssVariablesTheme }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    // JavaScript's own regular expressions: no WebAssembly to start, and as quick as Oniguruma's on the grammars a site uses.
    return createHighlighterCore({
      themes: [createCssVariablesTheme({ name: THEME, variablePrefix: '--shiki-', fontStyle: false })],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    });
  })();
  const ready = await highlighter;
  const { bundledLanguagesInfo } = await import('shiki/langs');
  const info = bundledLanguagesInfo.find((language) => language.id === id);
  if (info && !ready.getLoadedLanguages().includes(id)) await ready.loadLanguage(await info.import());
  return ready;
}

/**
 * A block's runs, from the cache where a build before made them: a grammar's first block in a worker costs a third of a second,
 * each block a millisecond, which a warm build of a thousand articles would pay for unchanged code. Shiki's version is the lockfile's.
 */
async function runsOf(id: string, code: string, root: string | undefined): Promise<Runs> {
  const key = root === undefined ? undefined : entryKey(root, 'code', [id, code]);
  const kept = root !== undefined && key !== undefined ? lookupMeta(root, 'code', key)?.meta : undefined;
  if (Array.isArray(kept)) return kept as Runs;
  const ready = await highlighterFor(id);
  // No time limit (Shiki's leaves a line plain past 500 ms, which a worker's first block may take on a busy machine): the page
  // would depend on the machine's load.
  const { tokens } = ready.codeToTokens(code, { lang: id, theme: THEME, tokenizeTimeLimit: 0 });
  const runs: Runs = tokens.map((line) =>
    line.map((token) => [token.content, (token.color === undefined ? undefined : KIND_OF_COLOR.get(token.color)) ?? -1]),
  );
  // As many as the site has blocks, as images are kept.
  if (root !== undefined && key !== undefined) store(root, 'code', key, { meta: runs });
  return runs;
}

/** An entry's body's tokens as its page renders them, parsed there again (0.1 ms): kept, a thousand entries' were a worker's largest. */
export function bodyTokens(entry: Pick<EntryText, 'source' | 'bodyStart'>, context: Pick<BodyContext, 'lang' | 'markdown'>): Token[] {
  return parseBody(entry.source.slice(entry.bodyStart), quotesFor(context.lang, context.markdown));
}

/** A body's tokens (bodyTokens), parsed once for the page's renderer and for what the page says of them. */
export async function renderBody(tokens: readonly Token[], context: BodyContext): Promise<ReactNode> {
  const { markdown: settings } = context;
  const ids = headingIds(tokens);
  const code = settings?.code;
  const languages = code && tokens.some((token) => token.type === 'fence') ? await codeLanguages(code) : undefined;
  // Each block's highlighting before the walk, which is synchronous: a page without code never loads the highlighter.
  const highlighted = new Map<Token, Runs>();
  for (const token of tokens) {
    const id = token.type === 'fence' ? languages?.get(fenceLanguage(token)) : undefined;
    if (id) highlighted.set(token, await runsOf(id, token.content, context.root));
  }
  const labels = settings?.labels ?? {};
  const classes = settings?.classes ?? {};
  let key = 0;
  // Block and inline tokens share one walk: no token type occurs in both.
  const walk = (tokens: readonly Token[], from: number, close: string | undefined): [ReactNode[], number] => {
    const nodes: ReactNode[] = [];
    let at = from;
    while (at < tokens.length) {
      const token = tokens[at] as Token;
      if (close !== undefined && token.type === close) return [nodes, at + 1];
      if (token.type === 'checkbox_input' && tokens[at + 1]?.type === 'label_open') {
        // A task: its box inside its label, which names it, with no id to clash with a heading's.
        const [words, next] = walk(tokens, at + 2, 'label_close');
        const box = createElement('input', { type: 'checkbox', disabled: true, defaultChecked: token.attrGet('checked') !== null });
        nodes.push(createElement('label', { key: key++ }, box, ...words));
        at = next;
        continue;
      }
      if (token.nesting === 1) {
        const [children, next] = walk(tokens, at + 1, token.type.replace(/_open$/, '_close'));
        // A tight list's paragraphs are hidden: CommonMark writes their text straight into the item. A figure stays one.
        if (token.hidden && token.type !== 'figure_open') nodes.push(...children);
        else nodes.push(block(token, children));
        at = next;
        continue;
      }
      if (token.type === 'inline') nodes.push(...walk(token.children ?? [], 0, undefined)[0]);
      else if (token.type === 'fence' || token.type === 'code_block') nodes.push(codeBlock(token));
      else if (token.type === 'hr') nodes.push(createElement('hr', { key: key++ }));
      else if (token.type === 'text') nodes.push(token.content);
      else if (token.type === 'code_inline') nodes.push(createElement('code', { key: key++ }, token.content));
      else if (token.type === 'softbreak') nodes.push('\n');
      else if (token.type === 'hardbreak') nodes.push(createElement('br', { key: key++ }));
      else if (token.type === 'image') nodes.push(image(token));
      else if (token.type === 'footnote_ref') nodes.push(noteReference(token));
      else if (token.type === 'footnote_anchor') nodes.push(' ', backlink(token));
      at += 1;
    }
    return [nodes, at];
  };
  const block = (token: Token, children: ReactNode[]): ReactNode => {
    if (token.type === 'link_open') return link(token, children);
    // The notes, numbered in the order they are first cited, as markdown-it-footnote counts them.
    if (token.type === 'footnote_block_open') {
      const notes = createElement('ol', null, ...children);
      return createElement('section', { key: key++, role: 'doc-endnotes', 'aria-label': labels.footnotes }, notes);
    }
    if (token.type === 'footnote_open')
      return createElement('li', { key: key++, id: `fn-${(token.meta as { id: number }).id + 1}` }, ...children);
    const id = ids.get(token);
    const element = createElement(token.tag, { key: key++, ...blockAttributes(token, id) }, ...children);
    if (!id || (token.tag !== 'h2' && token.tag !== 'h3') || context.headingLinks === false) return element;
    // A link a reader can copy, beside the heading rather than in it: named by the heading's words, which it does not repeat.
    const anchor = createElement('a', { href: `#${id}`, 'aria-labelledby': id, className: classes.headingLink }, '#');
    return createElement('div', { key: key++, className: classes.heading }, element, anchor);
  };
  const noteReference = (token: Token) => {
    const { id, subId } = token.meta as { id: number; subId: number };
    const link = createElement('a', { href: `#fn-${id + 1}`, id: referenceId(id, subId), role: 'doc-noteref' }, String(id + 1));
    return createElement('sup', { key: key++ }, link);
  };
  const backlink = (token: Token) => {
    const { id, subId } = token.meta as { id: number; subId: number };
    return createElement(
      'a',
      { key: key++, href: `#${referenceId(id, subId)}`, role: 'doc-backlink', 'aria-label': labels.backlink?.(id + 1, subId + 1) },
      '↩',
      subId > 0 ? createElement('sup', null, String(subId + 1)) : null,
    );
  };
  const codeBlock = (token: Token) => {
    const language = fenceLanguage(token);
    const runs = highlighted.get(token);
    const content: ReactNode[] = runs
      ? runs.flatMap((line, index) => [
          ...(index > 0 ? ['\n'] : []),
          ...line.map(([text, index]) => {
            const kind = CODE_TOKEN_KINDS[index];
            const className = kind && code?.classes[kind];
            return className ? createElement('span', { className }, text) : text;
          }),
        ])
      : [token.content];
    const lines = createElement('code', token.type === 'fence' && language ? { 'data-language': language } : {}, ...content);
    // Focusable as a wide table is: a long line scrolls sideways.
    return createElement('pre', { key: key++, tabIndex: 0 }, lines);
  };
  const link = (token: Token, children: ReactNode[]) => {
    const href = attribute(token, 'href');
    const title = attribute(token, 'title') || undefined;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href) && !/^(?:mailto|tel):/i.test(href))
      return createElement('a', { key: key++, href, title, rel: 'external noopener noreferrer' }, ...children);
    return createElement('a', { key: key++, href: href.startsWith('/') ? context.link(href) : href, title }, ...children);
  };
  const image = (token: Token) => {
    const file = path.posix.join(context.folder, imageFile(token));
    const made = context.images[file];
    if (!made) return createElement('img', { key: key++, src: attribute(token, 'src'), alt: token.content });
    return picture({ ...made, alt: token.content, title: attribute(token, 'title') || undefined }, context.sizes, 'lazy', key++);
  };
  return walk(tokens, 0, undefined)[0];
}

/** As GitHub numbers them: fn-1 for the first note; fnref-1, fnref-1-2 for its references. */
function referenceId(id: number, subId: number): string {
  return subId > 0 ? `fnref-${id + 1}-${subId + 1}` : `fnref-${id + 1}`;
}

function blockAttributes(token: Token, id: string | undefined): Record<string, string | number> {
  if (id) return { id };
  // A table wider than a phone scrolls sideways on its own: the keyboard must reach it to scroll it.
  if (token.type === 'table_open') return { tabIndex: 0 };
  // GFM's column alignment, as an attribute the site styles rather than the style attribute the CSP forbids.
  const align = /text-align:(\w+)/.exec(attribute(token, 'style'))?.[1];
  if (align) return { 'data-align': align };
  const start = attribute(token, 'start');
  return start ? { start } : {};
}

/** Its box set, so that nothing moves when it loads; `title` is a Markdown image's `![alt](file "title")`. */
export function picture(image: ImageInfo & { title?: string }, sizes: string, loading: 'lazy' | 'eager', key?: number): ReactNode {
  const fallback = image.sources.at(-1);
  const sources = image.sources.slice(0, -1).map(({ type, srcset }) => createElement('source', { key: type, type, srcSet: srcset, sizes }));
  return createElement(
    'picture',
    { key },
    ...sources,
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

/**
 * What a collection's entries make besides their own pages: each entry's tags, checked against the collection's list with the
 * file and line of a mistake; the lists of each tag, a page of them at a time, and their feeds; the entries an entry's page
 * leads to; why a build leaves an entry out. And what a body gives its page: its sections, for a table of contents, and its words.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCollection } from '../../generator/render/collection';
import { around, feedOf, listPages, type Shown, tagPath, tagProblems, tagsOf } from '../../generator/render/collection-pages';
import { parseBody } from '../../generator/render/markdown';
import { outlineOf, wordsOf } from '../../generator/render/outline';
import type { Collection } from '../../generator/site';

const roots: string[] = [];

afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

const NOW = Date.parse('2026-06-01T00:00:00Z');
const TAGS = ['Open banking', 'Credit decisions', 'Regulation'];

function collectionWith(overrides: Partial<Collection<unknown>> = {}): Collection<unknown> {
  return {
    folder: 'notes',
    path: '/notes',
    fields: {},
    feed: 'Notes',
    tags: {
      allowed: TAGS,
      list: (tag: string) => ({
        title: `Notes on ${tag}`,
        description: `Every note on ${tag}, newest first, for the readers of the tests.`,
        feed: tag,
      }),
    },
    ...overrides,
  } as Collection<unknown>;
}

/** Entries written as the files give them, loaded as a build loads them. */
async function load(files: Record<string, string>, collection = collectionWith(), mode: 'production' | 'development' = 'production') {
  const root = await mkdtemp(path.join(tmpdir(), 'collection-pages-'));
  roots.push(root);
  await mkdir(path.join(root, 'notes'));
  for (const [file, contents] of Object.entries(files)) await writeFile(path.join(root, 'notes', file), contents);
  return loadCollection(root, 'notes', collection, { now: NOW, mode });
}

const note = (date: string, frontmatter = '') =>
  `---\ntitle: A note of ${date}\ndescription: A note of the tests, written on ${date}, with a few tags of its own.\ndate: ${date}\n${frontmatter}---\n\nIts words.\n`;

describe("an entry's tags", () => {
  it('are those the collection allows: another is named with its file, line and the nearest allowed one', async () => {
    const loaded = await load({ 'a.md': note('2026-05-01', 'tags:\n  - Regulation\n  - Open bankng\n') });
    expect(loaded.problems.map((problem) => `${problem.file}:${problem.line}: ${problem.text}`)).toEqual([
      'notes/a.md:7: tags[1] "Open bankng" is not one of the tags the collection allows (its `tags` in the pages module) (did you mean "Open banking"?)',
    ]);
  });

  it('name each tag once, and are a list', async () => {
    const loaded = await load({
      'a.md': note('2026-05-01', 'tags: [Regulation, Regulation]\n'),
      'b.md': note('2026-05-02', 'tags: Regulation\n'),
    });
    expect(loaded.problems.map((problem) => `${problem.file}:${problem.line}: ${problem.text}`)).toEqual([
      'notes/a.md:5: tags names a tag twice: give each once',
      'notes/b.md:5: tags should be a list [...], not the text "Regulation"',
    ]);
  });

  it('are no field of a collection without tags', async () => {
    const loaded = await load({ 'a.md': note('2026-05-01', 'tags: [Regulation]\n') }, collectionWith({ tags: undefined }));
    expect(loaded.problems.map((problem) => problem.text)).toEqual([expect.stringMatching(/^tags is not a field here/)]);
  });
});

describe('why a build leaves an entry out', () => {
  it('is kept with the entry: a draft, the day it is scheduled for, or the day it expired (a draft first)', async () => {
    const loaded = await load(
      {
        'draft.md': note('2026-05-01', 'draft: true\npublishDate: 2026-12-05\n'),
        'scheduled.md': note('2026-05-02', 'publishDate: 2026-12-05\n'),
        'expired.md': note('2026-05-03', 'expiryDate: 2026-05-31\n'),
        'published.md': note('2026-05-04', 'expiryDate: 2026-12-31\n'),
      },
      collectionWith(),
      'development',
    );
    expect(loaded.problems).toEqual([]);
    expect(Object.fromEntries(loaded.entries.map((entry) => [entry.file, [entry.shown, entry.info.held]]))).toEqual({
      'notes/draft.md': [true, { reason: 'draft' }],
      'notes/scheduled.md': [true, { reason: 'scheduled', date: '2026-12-05' }],
      'notes/expired.md': [true, { reason: 'expired', date: '2026-05-31' }],
      'notes/published.md': [true, undefined],
    });
  });
});

/** Entries of these tags, newest first, as a build shows them. */
function shown(...tags: string[][]): Shown[] {
  return tags.map((own, index) => ({
    index,
    entry: {
      file: `notes/${index}.md`,
      path: `/notes/${index}`,
      info: {
        slug: String(index),
        title: `Note ${index}`,
        description: '',
        date: `2026-05-${String(28 - index).padStart(2, '0')}`,
        draft: index === 1,
        tags: own,
        data: {},
      },
      shown: true,
      bodyLine: 1,
      bodyStart: 0,
      hash: `note ${index}`,
    },
  }));
}

describe('the entries an entry’s page leads to', () => {
  const entries = shown(
    ['Regulation'],
    ['Open banking', 'Regulation'],
    [],
    ['Open banking'],
    ['Regulation', 'Open banking'],
    ['Regulation'],
  );

  it('are the newer and the older beside it, and those sharing most of its tags, the newest first among equals', () => {
    const { newer, older, related } = around(collectionWith(), entries, 4);
    expect([newer?.index, older?.index]).toEqual([3, 5]);
    // Note 1 shares both tags; notes 0, 3 and 5 one each, of which 0 and 3 are the newest.
    expect(related.map((other) => other.index)).toEqual([1, 0, 3]);
  });

  it('are as many related as the collection says, none sharing no tag, and none for an entry without tags', () => {
    expect(around(collectionWith({ related: 1 }), entries, 4).related.map((other) => other.index)).toEqual([1]);
    expect(around(collectionWith(), entries, 3).related.map((other) => other.index)).toEqual([1, 4]);
    const first = around(collectionWith(), entries, 2);
    expect([first.newer?.index, first.older?.index, first.related]).toEqual([1, 3, []]);
    const top = around(collectionWith(), entries, 0);
    expect(top.newer).toBeUndefined();
  });
});

describe("a tag's list and feed", () => {
  const entries = shown(['Regulation'], ['Regulation'], ['Regulation', 'Open banking'], ['Open banking'], ['Regulation']);

  it('count, in the order the collection allows them, the tags the entries give', () => {
    expect(tagsOf(collectionWith(), entries)).toEqual([
      { name: 'Open banking', count: 2 },
      { name: 'Regulation', count: 4 },
    ]);
  });

  it('lists a tag’s entries a page at a time, at its own address, each page knowing every tag', () => {
    const tags = tagsOf(collectionWith(), entries);
    const tagged = entries.filter(({ entry }) => entry.info.tags.includes('Regulation'));
    const path = tagPath(collectionWith(), 'Regulation');
    const pages = listPages(
      { collection: 'notes', path, title: 'Notes on Regulation', description: 'd', tag: 'Regulation', perPage: 3 },
      tagged,
      tags,
    );
    expect(pages.map((page) => [page.path, page.file, page.title])).toEqual([
      ['/notes/tags/regulation', 'notes/tags/regulation/index.html', 'Notes on Regulation'],
      ['/notes/tags/regulation/page/2', 'notes/tags/regulation/page/2/index.html', 'Notes on Regulation (page 2 of 2)'],
    ]);
    expect(pages.map((page) => page.target)).toEqual([
      { kind: 'list', collection: 'notes', page: 1, pages: 2, entries: [0, 1, 2], tag: 'Regulation', tags },
      { kind: 'list', collection: 'notes', page: 2, pages: 2, entries: [4], tag: 'Regulation', tags },
    ]);
  });

  it('feeds the newest published entries, as many as the collection’s feed length', () => {
    const feed = feedOf(collectionWith({ feedLength: 2 }), 'notes', '/notes/tags/regulation', 'Regulation', entries);
    // Note 1 is a draft, which the dev server alone shows.
    expect(feed.entries.map((entry) => [entry.path, entry.date])).toEqual([
      ['/notes/0', '2026-05-28T00:00:00Z'],
      ['/notes/2', '2026-05-26T00:00:00Z'],
    ]);
    expect(feedOf(collectionWith(), 'notes', '/notes', 'Notes', entries).entries).toHaveLength(4);
  });

  it('have an address each, a title and description as a page’s: a mistake in the config is named', async () => {
    const where = async () => ({ file: 'pages/site.tsx', line: 7 });
    const listOf = (tag: string) => ({
      title: `Notes on ${tag}`,
      description: `Every note on ${tag}, newest first, for the readers of the tests.`,
      feed: tag,
    });
    const problemsFor = async (allowed: string[], list: (tag: string) => { title: string; description: string; feed: string } = listOf) =>
      (await tagProblems('notes', collectionWith({ tags: { allowed, list } }), where)).map((problem) => problem.text);
    expect(await problemsFor(TAGS)).toEqual([]);
    expect(await problemsFor(['Open banking', 'Open Banking', '??'])).toEqual([
      'collections.notes.tags.allowed[1] "Open Banking" and "Open banking" would share one list, /notes/tags/open-banking/: keep one',
      'collections.notes.tags.allowed[2] "??" has no letter or digit to name its list\'s address by',
    ]);
    expect(await problemsFor(['Regulation'], (tag) => ({ title: tag, description: 'Too short.', feed: tag }))).toEqual([
      'collections.notes.tags.list("Regulation").description is shorter than 50 characters: say what the page offers, for search results and shared links',
    ]);
  });
});

describe('what a body gives its page', () => {
  it('lists its level-2 headings with the ids the body gives them, and the words a reader sees', () => {
    const tokens = parseBody('## The *first* part\n\nText.\n\n### A detail\n\n## The [second](/x/) part\n\n## The first part\n');
    expect(outlineOf(tokens)).toEqual([
      { id: 'the-first-part', text: 'The first part' },
      { id: 'the-second-part', text: 'The second part' },
      { id: 'the-first-part-1', text: 'The first part' },
    ]);
  });

  it('counts the words of its text and code, as each language divides them, not the Markdown around them', () => {
    expect(wordsOf(parseBody('## Two words\n\nThree **more** words, [and a link](https://example.com/).\n\n```\nlet x = 1;\n```\n'))).toBe(
      11,
    );
    // Japanese has no spaces between its words.
    expect(wordsOf(parseBody('私は学生です。'))).toBeGreaterThan(1);
  });

  it('counts as the language segmenter does, whatever the punctuation, script or marks around a word', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    const text = [
      "don't e.g. i.e., 3.5 1,000 v1.2.3 co-op a_b x² ½ Zürich naïve (word) “quoted” ‘single’ 'plain' end. … \"double\" (a), ?! ... 'tis' [1]:",
      'São Paulo İstanbul ﬁne C++ #tag @user --flag — – rock ’n’ roll ’tis a.b x: y https://example.com/a-b?c=d',
      '日本語のテキスト ภาษาไทย 한국어 문장 Ελληνικά русский עברית العربية emoji 😀 ok e\u0301clair [link]. ((nested))!?',
    ].join(' ');
    const expected = [...segmenter.segment(text)].filter((segment) => segment.isWordLike).length;
    expect(wordsOf(parseBody(text))).toBe(expected);
    for (const word of text.split(' '))
      expect([word, wordsOf(parseBody(word))]).toEqual([word, [...segmenter.segment(word)].filter((segment) => segment.isWordLike).length]);
  });
});

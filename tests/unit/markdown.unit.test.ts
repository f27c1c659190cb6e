/**
 * A collection's entries as the build reads them: every mistake an editor can make in the
 * frontmatter or the body is named with the Markdown file, the line and the field, and what is
 * drafted, scheduled or expired stays out of a production build.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import markdownIt from 'markdown-it';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCollection } from '../../generator/render/collection';
import { lineOfValue, renderBody } from '../../generator/render/markdown';
import { scanHtml } from '../../generator/scan';
import type { Collection, ImageInfo } from '../../generator/site';

const roots: string[] = [];

afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

const collection = { folder: 'notes', path: '/notes', fields: {} } as unknown as Collection<unknown>;
const NOW = Date.parse('2026-06-01T00:00:00Z');

/** The problems of one entry written as `source`, as "line: text" (the file checked too). */
async function problems(source: string, files: Record<string, string> = {}): Promise<string[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'markdown-'));
  roots.push(root);
  await mkdir(path.join(root, 'notes'));
  await writeFile(path.join(root, 'notes', 'entry.md'), source);
  for (const [file, contents] of Object.entries(files)) await writeFile(path.join(root, 'notes', file), contents);
  const loaded = await loadCollection(root, 'notes', collection, { now: NOW, mode: 'production' });
  for (const problem of loaded.problems) expect(problem.file).toBe('notes/entry.md');
  return loaded.problems.map((problem) => `${problem.line}: ${problem.text}`);
}

/** A notes folder of these files, loaded as a production build loads it. */
async function load(files: Record<string, string>) {
  const root = await mkdtemp(path.join(tmpdir(), 'markdown-'));
  roots.push(root);
  await mkdir(path.join(root, 'notes'));
  for (const [file, contents] of Object.entries(files)) await writeFile(path.join(root, 'notes', file), contents);
  return loadCollection(root, 'notes', collection, { now: NOW, mode: 'production' });
}

/** The entry's body as a page writes it. */
async function rendered(source: string, images: Record<string, ImageInfo> = {}): Promise<string> {
  const [entry] = (await load({ 'entry.md': source })).entries;
  if (!entry) throw new Error('The entry was not loaded.');
  const context = { link: (href: string) => href, images, folder: 'notes', sizes: '100vw' };
  // HTML's void elements, as a page has them.
  return scanHtml(renderToStaticMarkup(createElement(Fragment, null, renderBody(entry, context))), 'https://example.test').html5;
}

const front = (fields: string) => `---\n${fields}\n---\n`;
const good = 'title: A good title\ndescription: A description long enough for a search result to show it in full.\ndate: 2026-05-01';

describe("an entry's frontmatter", () => {
  it('is read whole when it is right', async () => {
    expect(await problems(`${front(good)}\nText.\n`)).toEqual([]);
  });

  it.each([
    [
      'a date that does not exist',
      'date: 2026-02-30',
      '4: date is not a date such as 2025-06-01 or 2025-06-01T09:30:00+02:00 (found "2026-02-30")',
    ],
    [
      'a date and time without a time zone, as some CMSs write it',
      'date: 2026-05-01T10:00',
      '4: date has a time but no time zone, so its hour depends on where the site is built: add one, such as 2025-06-01T09:30:00+02:00 or 2025-06-01T07:30:00Z (found "2026-05-01T10:00")',
    ],
    ['a date in words', 'date: 1 June 2026', '4: date is not a date such as 2025-06-01 or 2025-06-01T09:30:00+02:00 (found "1 June 2026")'],
    ['a date as a number', 'date: 2026', '4: date should be a date such as 2025-06-01, not the number 2026'],
    [
      'an unknown key',
      'auhtor: Someone',
      '5: auhtor is not a field here (the fields are title, description, date, updated, draft, publishDate, expiryDate, image)',
    ],
  ])('refuses %s, naming its line and field', async (_what, line, expected) => {
    const fields =
      good.replace(/^date: .*$/m, line.startsWith('date') ? line : 'date: 2026-05-01') + (line.startsWith('date') ? '' : `\n${line}`);
    expect(await problems(`${front(fields)}\nText.\n`)).toEqual([expected]);
  });

  it.each([
    [
      'an update before the date',
      'updated: 2026-04-30',
      '5: updated (2026-04-30) is before date (2026-05-01): an entry is updated after it is published',
    ],
    [
      'an expiry on the day of publication',
      'publishDate: 2026-06-02\nexpiryDate: 2026-06-02',
      '6: expiryDate (2026-06-02) is not after publishDate (2026-06-02): the entry would never be shown',
    ],
  ])('refuses %s, naming the line of the later field', async (_what, lines, expected) => {
    expect(await problems(`${front(`${good}\n${lines}`)}\nText.\n`)).toEqual([expected]);
  });

  it('takes an update written as a day on the day of a publication written with its time', async () => {
    expect(
      await problems(`${front(good.replace('date: 2026-05-01', 'date: 2026-05-01T10:00:00+02:00\nupdated: 2026-05-01'))}\nText.\n`),
    ).toEqual([]);
    expect(
      await problems(`${front(good.replace('date: 2026-05-01', 'date: 2026-05-01T10:00:00+02:00\nupdated: 2026-04-30'))}\nText.\n`),
    ).toEqual(['5: updated (2026-04-30) is before date (2026-05-01T10:00:00+02:00): an entry is updated after it is published']);
  });

  it('takes an update on the day of publication, and an expiry after it', async () => {
    expect(await problems(`${front(`${good}\nupdated: 2026-05-01\npublishDate: 2026-05-02\nexpiryDate: 2026-05-03`)}\nText.\n`)).toEqual(
      [],
    );
  });

  it.each([
    [
      'a value holding ": " without quotes',
      good.replace('title: A good title', 'title: Report: the first quarter'),
      '2: the frontmatter is not valid YAML: Nested mappings are not allowed in compact mappings. A value that holds ": " needs quotes (title: "Report: the first quarter"), and each field starts a line',
    ],
    [
      'a field given twice',
      `${good}\ndate: 2026-05-02`,
      '5: the frontmatter is not valid YAML: Map keys must be unique: a field is given twice; keep one',
    ],
    ['a field with nothing after its colon', good.replace('title: A good title', 'title:'), '2: title has no value'],
  ])("refuses %s, in an editor's words, at its line", async (_what, fields, expected) => {
    expect(await problems(`${front(fields)}\nText.\n`)).toEqual([expected]);
  });

  it('refuses Markdown the collection would pass over: a .markdown file, and entries in a folder of their own', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'markdown-'));
    roots.push(root);
    await mkdir(path.join(root, 'notes', '2026'), { recursive: true });
    await mkdir(path.join(root, 'notes', 'images'));
    await writeFile(path.join(root, 'notes', 'entry.md'), `${front(good)}\nText.\n`);
    await writeFile(path.join(root, 'notes', 'older.markdown'), `${front(good)}\nText.\n`);
    await writeFile(path.join(root, 'notes', '2026', 'in-a-folder.md'), `${front(good)}\nText.\n`);
    await writeFile(path.join(root, 'notes', 'images', 'chart.png'), 'x');
    const { entries, problems: found } = await loadCollection(root, 'notes', collection, { now: NOW, mode: 'production' });
    expect(entries.map((entry) => entry.file)).toEqual(['notes/entry.md']);
    expect(found.map((problem) => `${problem.file}: ${problem.text}`)).toEqual([
      'notes/2026/: holds Markdown the collection does not read: its entries sit in notes/ itself',
      "notes/older.markdown: is not read: a collection's entries are .md files (older.md)",
    ]);
  });

  it('reads an entry saved with a byte order mark and Windows line endings, as some editors save it', async () => {
    const source = `\uFEFF${front(good)}\nText.\n`.replace(/\n/g, '\r\n');
    const { entries, problems: found } = await load({ 'entry.md': source });
    expect(found).toEqual([]);
    expect(entries[0]?.info.title).toBe('A good title');
  });

  it("refuses a file name that is not an address, offering the editor's own words as one", async () => {
    const { problems: found } = await load({ 'Über Straße.md': `${front(good)}\nText.\n` });
    expect(found.map((problem) => problem.text)).toEqual([
      'the file name "Über Straße.md" is its address: use lower-case letters, digits and hyphens, such as "uber-strasse.md"',
    ]);
  });

  it('refuses a missing title, at the top of the frontmatter', async () => {
    expect(await problems(`${front(good.replace(/^title: .*\n/, ''))}\nText.\n`)).toEqual(['2: title is missing']);
  });

  it("refuses a file without frontmatter, Hugo's TOML frontmatter, and frontmatter that is not YAML", async () => {
    expect(await problems('# Just a heading\n')).toEqual([
      '1: has no frontmatter: start the file with a "---" line, the fields (title, description, date), and another "---" line',
    ]);
    expect((await problems(`${front(`${good}\ntitle: twice`)}\n`))[0]).toMatch(/^\d+: the frontmatter is not valid YAML/);
    expect(await problems(`${front(`${good}\nimage:\n\tsrc: cover.png\n\talt: The cover`)}\n`, { 'cover.png': 'x' })).toEqual([
      '6: the frontmatter is not valid YAML: Tabs are not allowed as indentation: indent with spaces',
    ]);
    // Brought from a Hugo site.
    expect(await problems('+++\ntitle = "A good title"\n+++\n\nText.\n')).toEqual([
      '1: has no frontmatter: start the file with a "---" line, the fields (title, description, date), and another "---" line ("+++" starts TOML, as Hugo writes it: write the fields as YAML, title: …)',
    ]);
  });
});

describe("an entry's body", () => {
  it.each([
    [
      'raw HTML',
      '<div class="x">Hi</div>',
      '7: holds raw HTML (<div class="x">Hi</div>), which the site does not publish: write it in Markdown',
    ],
    [
      'raw HTML inside a paragraph',
      'A <b>bold</b> word.',
      '7: holds raw HTML (<b>), which the site does not publish: write it in Markdown',
    ],
    [
      'a level-1 heading',
      '# Again the title',
      "7: has a level-1 heading (# …): the entry's title is the page's heading; start its sections at ## …",
    ],
    ['a skipped heading level', '## Part\n\n#### Detail', '9: skips from heading level 2 to 4 (#### …): use ### …'],
    ['an image that is not there', '![A chart](./chart.png)', '7: the image ./chart.png is missing: there is no notes/chart.png'],
    [
      'an image without alt text',
      '![](./chart.png)',
      '7: the image ./chart.png has no text alternative: write what it shows between the brackets, ![like this](./chart.png)',
    ],
    [
      'an image from another site',
      '![A chart](https://example.com/chart.png)',
      '7: the image https://example.com/chart.png is on another site: put the file beside the entry (the site makes no third-party requests)',
    ],
  ])('refuses %s, naming its line', async (_what, body, expected) => {
    expect(await problems(`${front(good)}\n${body}\n`)).toEqual([expected]);
  });

  it('takes comments, a note to other editors or the summary marker of another generator, and shows nothing of them', async () => {
    const body = '<!-- Checked by legal on 2 May -->\n\nThe lead.<!--more-->\n\nMore <!-- not this --> text.\n';
    expect(await problems(`${front(good)}\n${body}`)).toEqual([]);
    expect(await rendered(`${front(good)}\n${body}`)).toBe('<p>The lead.</p><p>More  text.</p>');
  });

  it("refuses an image outside the collection's folder, by a path or by a link: only the site's own files are published", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'markdown-'));
    roots.push(root);
    await mkdir(path.join(root, 'notes', 'images'), { recursive: true });
    const outside = path.join(await realpath(root), 'elsewhere.png');
    await writeFile(outside, 'x');
    await writeFile(path.join(root, 'notes', 'images', 'kept.png'), 'x');
    await symlink(outside, path.join(root, 'notes', 'linked.png'));
    await symlink(path.join(root, 'notes', 'images', 'kept.png'), path.join(root, 'notes', 'inside.png'));
    const body = '![Up](../elsewhere.png)\n\n![Linked](linked.png)\n\n![Kept](images/kept.png) ![Inside](inside.png)';
    await writeFile(path.join(root, 'notes', 'entry.md'), `${front(good)}\n${body}\n`);
    const loaded = await loadCollection(root, 'notes', collection, { now: NOW, mode: 'production' });
    const rule = "outside notes/: only the site's own files are published; put the file beside the entry";
    expect(loaded.problems.map((problem) => `${problem.line}: ${problem.text}`)).toEqual([
      `7: the image ../elsewhere.png is ${outside}, ${rule}`,
      `9: the image linked.png is ${outside}, ${rule}`,
    ]);
  });

  it('takes an image whose name has a space or an accent, as an editor names a file', async () => {
    const body = '![A chart](<our chart.png>) and ![A map](./café.png)';
    expect(await problems(`${front(good)}\n${body}\n`, { 'our chart.png': 'x', 'café.png': 'x' })).toEqual([]);
  });

  it('takes an image beside it with its text alternative, and a cover in the frontmatter that has one', async () => {
    const cover = `${good}\nimage:\n  src: ./cover.png\n  alt: The cover`;
    expect(await problems(`${front(cover)}\n![A chart](./chart.png)\n`, { 'chart.png': 'x', 'cover.png': 'x' })).toEqual([]);
    expect(await problems(`${front(cover.replace('  alt: The cover', '  alt: ""'))}\n`, { 'cover.png': 'x' })).toEqual([
      '7: image.alt is empty',
    ]);
  });
});

describe("an entry's body, rendered", () => {
  it.each([
    ['a tight list', '- one\n- *two*\n- three'],
    ['a loose list', '- one\n\n- two'],
    ['a tight list inside a loose one, in a quote', '> A quote:\n>\n> 1. first\n>\n> 2. second\n>    - inner\n>    - more'],
    ['emphasis, code, a break and strikethrough', 'Some *em*, **strong**, `code`,  \nand ~~struck~~ text\non two lines.'],
    ['a fenced block and a rule', '```\nconst x = 1;\n```\n\n---\n\nAfter.'],
  ])('writes %s as CommonMark does', async (_what, body) => {
    // markdown-it's own renderer, the parser's reference, without the line breaks it puts between blocks; ours differs on purpose
    // in one way: a code block is focusable, since a long line scrolls sideways.
    const ours = (await rendered(`${front(good)}\n${body}\n`)).replaceAll('<pre tabindex="0">', '<pre>');
    expect(ours).toBe(markdownIt().render(body).replace(/>\n/g, '>'));
  });

  it('gives a repeated heading a number, as GitHub does, and never the id of another heading', async () => {
    const headings = ['Notes', 'Notes', 'Notes 1', 'Notes', 'Notes 2'];
    const html = await rendered(`${front(good)}\n${headings.map((heading) => `## ${heading}\n\nText.\n`).join('\n')}`);
    const ids = [...html.matchAll(/<h2 id="([^"]*)">/g)].map((match) => match[1]);
    expect(ids).toHaveLength(headings.length);
    expect(new Set(ids).size).toBe(headings.length);
    expect(ids.slice(0, 2)).toEqual(['notes', 'notes-1']);
  });

  it('finds the line of a link whose address the page holds percent-encoded, as the editor wrote it with its accents', async () => {
    const [entry] = (await load({ 'entry.md': `${front(good)}\nText.\n\nSee [below](#straße-in-łódź).\n` })).entries;
    if (!entry) throw new Error('The entry was not loaded.');
    const written = (await rendered(entry.source)).match(/href="([^"]*)"/)?.[1] ?? '';
    expect(written).not.toContain('ß');
    const line = entry.source.split('\n').findIndex((text) => text.startsWith('See [below]')) + 1;
    expect(lineOfValue(entry, written)).toEqual({ file: 'notes/entry.md', line });
  });

  it('marks a link to another site as outside, and leaves a page of the site, an address and a number to call as they are', async () => {
    const body = '[a](https://example.com/x), [b](//example.org/y), [c](/about-us/), [d](mailto:hi@example.com), [e](tel:+441234567)';
    const html = await rendered(`${front(good)}\n${body}\n`);
    const links = [...html.matchAll(/<a ([^>]*)>(\w)<\/a>/g)].map(([, attributes = '', text]) => [
      text,
      /rel="([^"]*)"/.exec(attributes)?.[1],
    ]);
    expect(links).toEqual([
      ['a', 'external noopener noreferrer'],
      ['b', 'external noopener noreferrer'],
      ['c', undefined],
      ['d', undefined],
      ['e', undefined],
    ]);
  });

  it("keeps an image's title, as Markdown writes it after the file name", async () => {
    const chart: ImageInfo = {
      src: '/chart.png',
      alt: '',
      width: 640,
      height: 360,
      sources: [{ type: 'image/png', srcset: '/chart.png 640w' }],
    };
    const html = await rendered(`${front(good)}\n![A chart](chart.png "The first quarter")\n`, { 'notes/chart.png': chart });
    expect(html).toMatch(/<img src="\/chart\.png" alt="A chart" title="The first quarter" width="640"/);
  });

  it('links a bare web or e-mail address, as GitHub does, and leaves a bare domain name as text', async () => {
    const body = 'See https://example.com/report?q=1, write to team@example.com, or visit example.org.';
    expect(await rendered(`${front(good)}\n${body}\n`)).toBe(
      '<p>See <a href="https://example.com/report?q=1" rel="external noopener noreferrer">https://example.com/report?q=1</a>, ' +
        'write to <a href="mailto:team@example.com">team@example.com</a>, or visit example.org.</p>',
    );
  });

  it("makes a heading's id of the words it shows, not its link's address, and keeps them apart over two lines", async () => {
    expect(await rendered(`${front(good)}\n## The [decision engine](/decision-engine/), *explained*\n`)).toContain(
      '<h2 id="the-decision-engine-explained">',
    );
    // Underlined, over two lines: its words are still apart.
    expect(await rendered(`${front(good)}\nQuarterly\nresults\n---------\n`)).toContain('<h2 id="quarterly-results">');
  });

  it.each([
    ['Straße in Łódź', 'strasse-in-lodz'],
    ['Ørsted and Þingvellir', 'orsted-and-thingvellir'],
    ['Đakovo, Æbleskiver, Œuvre', 'dakovo-aebleskiver-oeuvre'],
    ['Kırklareli, Ħamrun, Málaga', 'kirklareli-hamrun-malaga'],
  ])('spells the heading "%s" in its id as its languages write it in ASCII', async (heading, id) => {
    expect(await rendered(`${front(good)}\n## ${heading}\n`)).toContain(`<h2 id="${id}">`);
  });
});

describe('what a production build shows', () => {
  it.each([
    ['a draft', 'draft: true', false],
    ['an entry scheduled for later', 'publishDate: 2026-06-02', false],
    ['an entry published today', 'publishDate: 2026-06-01', true],
    ['an entry that expired', 'expiryDate: 2026-06-01', false],
    ['an entry that expires later', 'expiryDate: 2026-06-02T00:00:00Z', true],
  ])('%s (%s): shown only where the build shows it, and its image with it', async (_what, field, shown) => {
    const root = await mkdtemp(path.join(tmpdir(), 'markdown-'));
    roots.push(root);
    await mkdir(path.join(root, 'notes'));
    await writeFile(path.join(root, 'notes', 'chart.png'), 'x');
    await writeFile(path.join(root, 'notes', 'entry.md'), `${front(`${good}\n${field}`)}\nText.\n\n![A chart](chart.png)\n`);
    for (const mode of ['production', 'development'] as const) {
      const { entries, images, problems: found } = await loadCollection(root, 'notes', collection, { now: NOW, mode });
      expect(found).toEqual([]);
      // The dev server shows every entry, marked when a build would not.
      expect(entries[0]?.shown).toBe(mode === 'development' || shown);
      expect(entries[0]?.info.draft).toBe(!shown);
      // An embargoed picture never waits in the output for its article.
      expect(images.map((image) => image.file)).toEqual(mode === 'development' || shown ? ['notes/chart.png'] : []);
    }
  });
});

/**
 * A collection's entries as the build reads them: every mistake an editor can make in the
 * frontmatter or the body is named with the Markdown file, the line and the field, and what is
 * drafted, scheduled or expired stays out of a production build.
 */
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import markdownIt from 'markdown-it';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCollection } from '../../generator/render/collection';
import { withText } from '../../generator/render/entry-text';
import { bodyTokens, lineOfValue, renderBody } from '../../generator/render/markdown';
import { scanHtml } from '../../generator/scan';
import { CODE_TOKEN_KINDS, type Collection, type ImageInfo, type MarkdownSettings } from '../../generator/site';

const roots: string[] = [];

afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

const collection = { folder: 'notes', path: '/notes', fields: {} } as unknown as Collection<unknown>;
const NOW = Date.parse('2026-06-01T00:00:00Z');

/** The problems of one entry written as `source`, as "line: text" (the file checked too). */
async function problems(source: string, files: Record<string, string> = {}, markdown?: MarkdownSettings): Promise<string[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'markdown-'));
  roots.push(root);
  await mkdir(path.join(root, 'notes'));
  await writeFile(path.join(root, 'notes', 'entry.md'), source);
  for (const [file, contents] of Object.entries(files)) await writeFile(path.join(root, 'notes', file), contents);
  const loaded = await loadCollection(
    root,
    'notes',
    { ...collection, ...(markdown ? { markdown } : {}) },
    { now: NOW, mode: 'production' },
  );
  for (const problem of loaded.problems) expect(problem.file).toBe('notes/entry.md');
  return loaded.problems.map((problem) => `${problem.line}: ${problem.text}`);
}

/** A notes folder of these files, loaded as a production build loads it, each entry with its text as a request carries it. */
async function load(files: Record<string, string>) {
  const root = await mkdtemp(path.join(tmpdir(), 'markdown-'));
  roots.push(root);
  await mkdir(path.join(root, 'notes'));
  for (const [file, contents] of Object.entries(files)) await writeFile(path.join(root, 'notes', file), contents);
  const loaded = await loadCollection(root, 'notes', collection, { now: NOW, mode: 'production' });
  return { ...loaded, entries: loaded.entries.map((entry) => withText(root, entry)) };
}

/** The entry's body as a page writes it. */
async function rendered(
  source: string,
  images: Record<string, ImageInfo> = {},
  { lang = 'en', markdown, root }: { lang?: string; markdown?: MarkdownSettings; root?: string } = {},
): Promise<string> {
  const [entry] = (await load({ 'entry.md': source })).entries;
  if (!entry) throw new Error('The entry was not loaded.');
  const context = {
    link: (href: string) => href,
    images,
    folder: 'notes',
    sizes: '100vw',
    lang,
    ...(markdown ? { markdown } : {}),
    ...(root ? { root } : {}),
  };
  // HTML's void elements, as a page has them.
  return scanHtml(
    renderToStaticMarkup(createElement(Fragment, null, await renderBody(bodyTokens(entry, context), context))),
    'https://example.test',
  ).html5;
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

describe('Markdown as editors write it', () => {
  const chart: ImageInfo = {
    src: '/chart.png',
    alt: '',
    width: 640,
    height: 360,
    sources: [{ type: 'image/png', srcset: '/chart.png 640w' }],
  };
  const picture =
    '<picture><img src="/chart.png" alt="A chart" width="640" height="360" loading="lazy" decoding="async" srcset="/chart.png 640w" sizes="100vw"></picture>';

  it('numbers footnotes, links each reference to its note and each note back to every reference, in the words the site gives', async () => {
    const body = 'A claim[^source] and another[^2], the first again[^source].\n\n[^source]: The *annual* report.\n[^2]: A survey.';
    const labels = { footnotes: 'Notes', backlink: (note: number, occurrence: number) => `Back to reference ${note}.${occurrence}` };
    const html = await rendered(`${front(good)}\n${body}\n`, {}, { markdown: { labels } });
    expect(html).toBe(
      '<p>A claim<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup> and another<sup><a href="#fn-2" id="fnref-2" role="doc-noteref">2</a></sup>, ' +
        'the first again<sup><a href="#fn-1" id="fnref-1-2" role="doc-noteref">1</a></sup>.</p>' +
        '<section role="doc-endnotes" aria-label="Notes"><ol>' +
        '<li id="fn-1"><p>The <em>annual</em> report. <a href="#fnref-1" role="doc-backlink" aria-label="Back to reference 1.1">↩</a> ' +
        '<a href="#fnref-1-2" role="doc-backlink" aria-label="Back to reference 1.2">↩<sup>2</sup></a></p></li>' +
        '<li id="fn-2"><p>A survey. <a href="#fnref-2" role="doc-backlink" aria-label="Back to reference 2.1">↩</a></p></li>' +
        '</ol></section>',
    );
  });

  it('refuses a footnote reference without its definition, at its line, and takes one whose note is defined', async () => {
    const body = 'First line.\nA claim[^1] and one more[^missing].\n\n[^1]: The note.';
    expect(await problems(`${front(good)}\n${body}\n`)).toEqual([
      '8: refers to the footnote [^missing], which has no definition: add a line "[^missing]: the note" below the text',
    ]);
    expect(await problems(`${front(good)}\nA claim[^1].\n\n[^1]: The note.\n`)).toEqual([]);
  });

  it.each([
    ['en', '“Risk” and ‘limits’'],
    ['en-GB', '“Risk” and ‘limits’'],
    ['de', '„Risk“ and ‚limits‘'],
    ['de-CH', '«Risk» and ‹limits›'],
    ['fr', '«\u00A0Risk\u00A0» and “limits”'],
    ['nl', '“Risk” and ‘limits’'],
    ['es', '«Risk» and “limits”'],
    ['it', '«Risk» and “limits”'],
    ['pt', '“Risk” and ‘limits’'],
    ['pt-PT', '«Risk» and “limits”'],
    ['sv', '”Risk” and ’limits’'],
    ['da', '»Risk« and ›limits‹'],
    ['no', '«Risk» and ‘limits’'],
    ['nb', '«Risk» and ‘limits’'],
    ['fi', '”Risk” and ’limits’'],
    ['pl', '„Risk” and «limits»'],
    ['cs', '„Risk“ and ‚limits‘'],
    // A language the table does not know keeps what was typed rather than take another's.
    ['xx', '&quot;Risk&quot; and &#x27;limits&#x27;'],
  ])("sets quotes as the site's language (%s) prints them", async (lang, expected) => {
    expect(await rendered(`${front(good)}\n"Risk" and 'limits'\n`, {}, { lang })).toBe(`<p>${expected}</p>`);
  });

  it('sets dashes, ellipses and apostrophes, and the quotes the site chooses over its language', async () => {
    expect(await rendered(`${front(good)}\nQ1--Q2 -- it's done... --- "yes"\n`, {}, { lang: 'xx' })).toBe(
      '<p>Q1–Q2 – it’s done… — &quot;yes&quot;</p>',
    );
    expect(await rendered(`${front(good)}\n"Risk"\n`, {}, { markdown: { quotes: ['<<', '>>', '<', '>'] } })).toBe(
      '<p>&lt;&lt;Risk&gt;&gt;</p>',
    );
  });

  it('makes an image with a title, alone in its paragraph, a figure with the title as its caption', async () => {
    const images = { 'notes/chart.png': chart };
    expect(await rendered(`${front(good)}\n![A chart](chart.png "The *first* quarter")\n`, images)).toBe(
      `<figure>${picture}<figcaption>The <em>first</em> quarter</figcaption></figure>`,
    );
    // Alone without a title: a figure without a caption. In a sentence: the title stays the image's.
    expect(await rendered(`${front(good)}\n![A chart](chart.png)\n`, images)).toBe(`<figure>${picture}</figure>`);
    expect(await rendered(`${front(good)}\nSee ![A chart](chart.png "Q1") here.\n`, images)).toContain(
      '<img src="/chart.png" alt="A chart" title="Q1" width="640"',
    );
    // In a tight list's item: still a figure, its caption inside it.
    expect(await rendered(`${front(good)}\n- ![A chart](chart.png "Q1")\n`, images)).toBe(
      `<ul><li><figure>${picture}<figcaption>Q1</figcaption></figure></li></ul>`,
    );
  });

  it('puts a link to each level-2 and level-3 heading beside it, named by its words, with the classes the site gives', async () => {
    const source = `${front(good)}\n## Our *results*\n\n### Detail\n\n#### Small print\n`;
    expect(await rendered(source)).toBe(
      '<div><h2 id="our-results">Our <em>results</em></h2><a href="#our-results" aria-labelledby="our-results">#</a></div>' +
        '<div><h3 id="detail">Detail</h3><a href="#detail" aria-labelledby="detail">#</a></div>' +
        '<h4 id="small-print">Small print</h4>',
    );
    const classes = { heading: 'x-heading', headingLink: 'x-heading__link' };
    expect(await rendered(source, {}, { markdown: { classes } })).toContain(
      '<div class="x-heading"><h2 id="our-results">Our <em>results</em></h2><a href="#our-results" aria-labelledby="our-results" class="x-heading__link">#</a></div>',
    );
  });

  it('shows a task list as a list of disabled checkboxes, each named by its words', async () => {
    expect(await rendered(`${front(good)}\n- [ ] Draft the policy\n- [x] Ask *legal*\n- Not a task\n`)).toBe(
      '<ul><li><label><input type="checkbox" disabled> Draft the policy</label></li>' +
        '<li><label><input type="checkbox" disabled checked> Ask <em>legal</em></label></li><li>Not a task</li></ul>',
    );
  });

  it('writes a definition list as one', async () => {
    expect(await rendered(`${front(good)}\nExposure\n: What a lender stands to lose.\n`)).toBe(
      '<dl><dt>Exposure</dt><dd>What a lender stands to lose.</dd></dl>',
    );
  });

  it.each([
    ['a reference link without its definition', 'See [the report][q1].', 'links by a reference ([the report][q1]) that no line defines'],
    ['a Hugo shortcode', '{{< figure src="x.png" >}}', 'holds {{< figure src="x.png" >}}, a shortcode or template tag'],
    ['a Liquid tag', 'Before {% include note.html %} after.', 'holds {% include note.html %}, a shortcode or template tag'],
    ['an attribute list', '## Results {#results}', 'sets attributes ({#results}) as another generator reads them'],
    ['a GitHub alert', '> [!WARNING]\n> Read this.', 'is a GitHub alert ([!WARNING])'],
    ['an admonition', ':::note\nRead this.\n:::', 'opens a block (:::) as another generator writes an admonition'],
    ['an abbreviation', '*[PD]: Probability of default', 'defines an abbreviation (*[PD]: …)'],
    ['a wiki link', 'See [[Credit policy]].', 'holds [[Credit policy]], a wiki link'],
    ['a highlight', 'This is ==important==.', 'marks text as ==important=='],
  ])('refuses %s, which markdown-it would print as typed, at its line', async (_what, body, expected) => {
    const found = await problems(`${front(good)}\nA first paragraph.\n\n${body}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^9: ${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('takes what only looks like those in code, and a reference link whose definition is given', async () => {
    const body = 'Write `[^1]`, `{{< x >}}` and `==x==` in code.\n\n```\n[[wiki]] {#id}\n```\n\nSee [the report][q1].\n\n[q1]: /news/';
    expect(await problems(`${front(good)}\n${body}\n`)).toEqual([]);
  });

  const code: MarkdownSettings['code'] = { languages: ['ts', 'json'], classes: { keyword: 'x-kw', string: 'x-str', constant: 'x-const' } };

  it('highlights code at build time into the classes the site gives, with no style attribute', async () => {
    const html = await rendered(`${front(good)}\n\`\`\`ts\nconst name = 'Kestrel';\n\`\`\`\n`, {}, { markdown: { code } });
    expect(html).toMatch(
      /^<pre tabindex="0"><code data-language="ts"><span class="x-kw">const<\/span> <span class="x-const">name<\/span> /,
    );
    // A kind the site gives no class (a quoted string is Shiki's string-expression) is the block's own colour.
    expect(html).toMatch(/ &#x27;Kestrel&#x27;;\n<\/code><\/pre>$/);
    expect(html).not.toContain('style=');
    // Every character of the block, and nothing else.
    expect(html.replace(/<[^>]*>/g, '')).toBe('const name = &#x27;Kestrel&#x27;;\n');
    expect(
      await rendered(
        `${front(good)}\n\`\`\`json\n{ "limit": 15000 }\n\`\`\`\n`,
        {},
        { markdown: { code: { ...code, classes: { keyword: 'x-key' } } } },
      ),
    ).toContain('<span class="x-key">&quot;limit&quot;</span>');
    // Without the setting, and in plain text, code is one colour.
    expect(await rendered(`${front(good)}\n\`\`\`ts\nconst x = 1;\n\`\`\`\n`)).toBe(
      '<pre tabindex="0"><code data-language="ts">const x = 1;\n</code></pre>',
    );
    expect(await rendered(`${front(good)}\n\`\`\`text\nconst x = 1;\n\`\`\`\n`, {}, { markdown: { code } })).toBe(
      '<pre tabindex="0"><code data-language="text">const x = 1;\n</code></pre>',
    );
  });

  it("keeps a block's highlighting in the project's cache, keyed by its code, and a warm build reads it from there", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'markdown-cache-'));
    roots.push(root);
    const records = path.join(root, 'node_modules', '.cache', 'site-generator', 'code');
    const source = (code: string) => `${front(good)}\n\`\`\`ts\n${code}\n\`\`\`\n`;
    const cold = await rendered(source('const a = 1;'), {}, { markdown: { code }, root });
    const kept = (await readdir(records)).filter((name) => name.endsWith('.json'));
    expect(kept).toHaveLength(1);
    // The same block again: no new record, the same page.
    expect(await rendered(source('const a = 1;'), {}, { markdown: { code }, root })).toBe(cold);
    expect((await readdir(records)).filter((name) => name.endsWith('.json'))).toEqual(kept);
    // Another block is another record.
    await rendered(source('const b = 2;'), {}, { markdown: { code }, root });
    expect((await readdir(records)).filter((name) => name.endsWith('.json'))).toHaveLength(2);
    // What the page shows is what the record holds: a record changed by hand shows, so a warm build does not highlight again.
    const record = path.join(records, kept[0] ?? '');
    const stored = JSON.parse(await readFile(record, 'utf8')) as { meta: unknown };
    await writeFile(record, JSON.stringify({ ...stored, meta: [[['const a = 1;', CODE_TOKEN_KINDS.indexOf('comment')]]] }));
    expect(await rendered(source('const a = 1;'), {}, { markdown: { code: { ...code, classes: { comment: 'x-comment' } } }, root })).toBe(
      '<pre tabindex="0"><code data-language="ts"><span class="x-comment">const a = 1;</span></code></pre>',
    );
  });

  it('refuses a code block in a language the site does not highlight, at its line, and a setting that names an unknown one', async () => {
    const body = 'Text.\n\n```rust\nfn main() {}\n```';
    expect(await problems(`${front(good)}\n${body}\n`, {}, { code })).toEqual([
      '9: has a code block in "rust", which the site does not highlight (its languages: ts, json): write one of them after the ```, or text',
    ]);
    // By another of its names: TypeScript's alias, written in capitals.
    expect(await problems(`${front(good)}\n\`\`\`TypeScript\nconst x = 1;\n\`\`\`\n`, {}, { code })).toEqual([]);
    await expect(problems(`${front(good)}\nText.\n`, {}, { code: { languages: ['typescrpt'], classes: {} } })).rejects.toThrow(
      'markdown.code.languages names "typescrpt", a language Shiki does not know',
    );
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

/**
 * A collection's Atom feed and the sitemap's line for it, written from the entries as the build describes them: each one's last
 * change and the feed's, and each entry's full text, read back by a strict XML parser.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../generator/outputs/feeds';
import { sitemap } from '../../generator/outputs/sitemap';
import type { FeedInfo, OutputInput } from '../../generator/site';
import { readAtom } from '../support/atom';

const address = { origin: 'https://example.test', base: '/' };

/** The feed of `entries`, each entry's body given by `body`. */
function feedFile(entries: FeedInfo['entries'], body: OutputInput['body'] = () => '<p>The body.</p>') {
  const feed: FeedInfo = { collection: 'notes', path: '/notes', title: 'Notes', entries };
  const input = { feeds: [feed], site: { name: 'A site', lang: 'en' }, address, body };
  const [file] = feeds.files(input as Partial<OutputInput> as OutputInput);
  expect(file?.path).toBe('notes/feed.xml');
  return file?.contents ?? '';
}

/** Each entry's published and updated, and the feed's updated, as the feed writes them. */
function datesOf(entries: FeedInfo['entries']) {
  const $ = cheerio.load(feedFile(entries), { xmlMode: true });
  return {
    updated: $('feed > updated').text(),
    entries: $('entry')
      .toArray()
      .map((entry) => [$(entry).find('published').text(), $(entry).find('updated').text()]),
  };
}

const entry = (path: `/${string}`, date: string, updated?: string) => ({
  path,
  title: path,
  description: 'An entry.',
  date,
  ...(updated ? { updated } : {}),
});

it('never says an entry was updated before it was published: an update written as a day may fall on the day of a timed date', () => {
  const feed = datesOf([entry('/notes/a', '2026-05-01T10:00:00+02:00', '2026-05-01')]);
  expect(feed.entries).toEqual([['2026-05-01T10:00:00+02:00', '2026-05-01T10:00:00+02:00']]);
});

it("gives the feed its latest entry's change, by the instant, whatever the zones they were written in", () => {
  // 23:00 in New York on 1 May is 04:00 on 2 May in UTC: later than 01:00 UTC that day, though its text sorts first.
  const feed = datesOf([entry('/notes/a', '2026-05-02T01:00:00Z'), entry('/notes/b', '2026-05-01T23:00:00-05:00')]);
  expect(feed.updated).toBe('2026-05-01T23:00:00-05:00');
});

describe('the full text', () => {
  // What an editor's words may hold that XML would choke on if written raw: markup's own characters, a CDATA end, an emoji.
  const tricky = '<p>Fish &amp; chips, a &lt;tag&gt;, “quotes”, ]]&gt; and 🙂</p><p><a href="https://example.test/notes/b/">B</a></p>';

  it('carries each entry’s body as type="html", escaped, which a strict XML parser reads back as it was written', () => {
    const bodies = new Map([
      ['/notes/a', tricky],
      ['/notes/b', '<p>The second body.</p>'],
    ]);
    const xml = feedFile(
      [entry('/notes/a', '2026-05-02T00:00:00Z'), entry('/notes/b', '2026-05-01T00:00:00Z')],
      (path) => bodies.get(path) ?? '',
    );
    const feed = readAtom(xml);
    expect(feed.self).toBe('https://example.test/notes/feed.xml');
    expect(feed.entries.map((item) => item.content)).toEqual([
      { type: 'html', base: 'https://example.test/notes/a/', html: tricky },
      { type: 'html', base: 'https://example.test/notes/b/', html: '<p>The second body.</p>' },
    ]);
    // The summary stays beside it, for readers that show one.
    expect(feed.entries.map((item) => item.summary)).toEqual(['An entry.', 'An entry.']);
  });

  it('is read by the parser that checks it, which refuses a feed with a body written raw', () => {
    const xml = feedFile([entry('/notes/a', '2026-05-02T00:00:00Z')], () => '<p>raw</p>');
    expect(() => readAtom(xml.replace('&lt;p&gt;raw&lt;/p&gt;', '<p>raw & more</p>'))).toThrow();
  });
});

it('lists each feed in the sitemap, with its latest entry’s change, and a feed with no entry nowhere', () => {
  const feedOf = (path: `/${string}`, entries: FeedInfo['entries']): FeedInfo => ({ collection: 'notes', path, title: path, entries });
  const input = {
    pages: [],
    feeds: [
      feedOf('/notes', [entry('/notes/a', '2026-05-02T00:00:00Z', '2026-05-09T00:00:00Z'), entry('/notes/b', '2026-05-01T00:00:00Z')]),
      feedOf('/notes/tags/empty', []),
    ],
    address,
  };
  const [file] = sitemap.files(input as Partial<OutputInput> as OutputInput);
  const $ = cheerio.load(file?.contents ?? '', { xmlMode: true });
  expect(
    $('url')
      .toArray()
      .map((url) => [$(url).find('loc').text(), $(url).find('lastmod').text()]),
  ).toEqual([['https://example.test/notes/feed.xml', '2026-05-09T00:00:00Z']]);
});

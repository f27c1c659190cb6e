/** A collection's Atom feed, written from the entries as the build describes them: each one's last change, and the feed's. */
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { feeds } from '../../generator/outputs/feeds';
import type { FeedInfo, OutputInput } from '../../generator/site';

/** Each entry's published and updated, and the feed's updated, as the feed writes them. */
async function feedOf(entries: FeedInfo['entries']) {
  const feed: FeedInfo = { collection: 'notes', path: '/notes', title: 'Notes', entries };
  const input = { feeds: [feed], site: { name: 'A site', lang: 'en' }, address: { origin: 'https://example.test', base: '/' } };
  const [file] = feeds.files(input as Partial<OutputInput> as OutputInput);
  expect(file?.path).toBe('notes/feed.xml');
  const $ = cheerio.load(file?.contents ?? '', { xmlMode: true });
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

it('never says an entry was updated before it was published: an update written as a day may fall on the day of a timed date', async () => {
  const feed = await feedOf([entry('/notes/a', '2026-05-01T10:00:00+02:00', '2026-05-01')]);
  expect(feed.entries).toEqual([['2026-05-01T10:00:00+02:00', '2026-05-01T10:00:00+02:00']]);
});

it("gives the feed its latest entry's change, by the instant, whatever the zones they were written in", async () => {
  // 23:00 in New York on 1 May is 04:00 on 2 May in UTC: later than 01:00 UTC that day, though its text sorts first.
  const feed = await feedOf([entry('/notes/a', '2026-05-02T01:00:00Z'), entry('/notes/b', '2026-05-01T23:00:00-05:00')]);
  expect(feed.updated).toBe('2026-05-01T23:00:00-05:00');
});

import { escapeUTF8 as escapeMarkup } from 'entities/escape';
import type { FeedInfo } from '../site';
import { absoluteUrl, publicPath, routeUrl } from '../urls';
import { defineOutput } from './output';

/** A collection's feed: `<path>/feed.xml`. */
export function feedPath(base: string, feed: Pick<FeedInfo, 'path'>): string {
  return publicPath(base, `${feed.path}/feed.xml`);
}

// By the instant, not the text: zones differ, and an update written as a day may precede a date written with its time.
const latest = (dates: readonly string[]) => dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
const changed = (entry: FeedInfo['entries'][number]) => latest([entry.date, ...(entry.updated ? [entry.updated] : [])]);

/** When a feed last changed: its latest entry's publication or update. */
export function latestChange(entries: FeedInfo['entries']): string {
  return latest(entries.map(changed));
}

/** Each collection's and each tag's Atom feed (RFC 4287), newest first, once it has an entry: each entry's full text, as HTML. */
export const feeds = defineOutput({
  files: ({ feeds, site, address: { origin, base }, body }) =>
    feeds.flatMap((feed) => {
      if (feed.entries.length === 0) return [];
      const self = absoluteUrl(origin, feedPath(base, feed));
      const home = absoluteUrl(origin, routeUrl(base, feed.path));
      const entries = feed.entries.map((entry) => {
        const url = escapeMarkup(absoluteUrl(origin, routeUrl(base, entry.path)));
        return [
          '  <entry>',
          `    <title>${escapeMarkup(entry.title)}</title>`,
          `    <link rel="alternate" type="text/html" href="${url}"/>`,
          `    <id>${url}</id>`,
          `    <published>${entry.date}</published>`,
          `    <updated>${changed(entry)}</updated>`,
          `    <summary>${escapeMarkup(entry.description)}</summary>`,
          // Its page is the base of the body's own links (a footnote's #fn1).
          `    <content type="html" xml:base="${url}">${escapeMarkup(body(entry.path))}</content>`,
          '  </entry>',
        ].join('\n');
      });
      const xml = [
        '<?xml version="1.0" encoding="utf-8"?>',
        `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeMarkup(site.lang)}">`,
        `  <title>${escapeMarkup(feed.title)}</title>`,
        `  <link rel="self" type="application/atom+xml" href="${escapeMarkup(self)}"/>`,
        `  <link rel="alternate" type="text/html" href="${escapeMarkup(home)}"/>`,
        `  <id>${escapeMarkup(home)}</id>`,
        `  <updated>${latestChange(feed.entries)}</updated>`,
        `  <author><name>${escapeMarkup(site.name)}</name></author>`,
        ...entries,
        '</feed>',
        '',
      ].join('\n');
      return [{ path: feedPath(base, feed).slice(base.length), contents: xml }];
    }),
});

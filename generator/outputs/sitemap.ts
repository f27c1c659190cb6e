import { escapeUTF8 as escapeMarkup } from 'entities/escape';
import { absoluteUrl, routeUrl } from '../urls';
import { feedPath, latestChange } from './feeds';
import { defineOutput } from './output';

/** sitemap.xml: every published page at its canonical URL, an entry with its last change; then each feed, with its latest entry's. */
export const sitemap = defineOutput({
  files: ({ pages, feeds, address: { origin, base } }) => {
    const url = (loc: string, lastmod: string | undefined) =>
      `  <url><loc>${escapeMarkup(absoluteUrl(origin, loc))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const urls = [
      ...pages.flatMap((page) => (page.path === undefined || page.draft ? [] : [url(routeUrl(base, page.path), page.lastmod)])),
      ...feeds.flatMap((feed) => (feed.entries.length === 0 ? [] : [url(feedPath(base, feed), latestChange(feed.entries))])),
    ];
    const urlset = ['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>'];
    return [{ path: 'sitemap.xml', contents: `<?xml version="1.0" encoding="UTF-8"?>\n${urlset.join('\n')}\n` }];
  },
});

import { escapeUTF8 as escapeMarkup } from 'entities/escape';
import { absoluteUrl, routeUrl } from '../urls';
import { defineOutput } from './output';

/** sitemap.xml: every published page at its canonical URL, an entry with its last change. */
export const sitemap = defineOutput({
  files: ({ pages, address: { origin, base } }) => {
    const urls = pages.flatMap((page) => {
      if (page.path === undefined || page.draft) return [];
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
      return [`  <url><loc>${escapeMarkup(absoluteUrl(origin, routeUrl(base, page.path)))}</loc>${lastmod}</url>`];
    });
    const urlset = ['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>'];
    return [{ path: 'sitemap.xml', contents: `<?xml version="1.0" encoding="UTF-8"?>\n${urlset.join('\n')}\n` }];
  },
});

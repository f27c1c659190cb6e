import { escapeMarkup } from '../scan';
import { absoluteUrl, publicPath, routeUrl } from '../urls';
import type { Writer } from '../writer';
import type { Site } from './routes';

/**
 * Under a base path both live in the site's folder: crawlers read robots.txt only at the root of
 * the origin, so its Sitemap line is what to copy into that one.
 */
export async function writeSitemap({ routes, address: { origin, base } }: Site, out: Writer): Promise<void> {
  const urls = routes.map((route) => `  <url><loc>${escapeMarkup(absoluteUrl(origin, routeUrl(base, route.path)))}</loc></url>`);
  const urlset = ['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>'];
  await out.write('sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n${urlset.join('\n')}\n`);
  await out.write('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(origin, publicPath(base, '/sitemap.xml'))}\n`);
}

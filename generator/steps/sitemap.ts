import type { BuildContext } from '../context';
import { writeOutput } from '../output';
import { absoluteUrl, canonicalPath, originOf, siteOf } from '../urls';

/** sitemap.xml with every route's absolute canonical URL (never the 404), and a robots.txt that names it. */
export async function sitemap(ctx: BuildContext): Promise<void> {
  const origin = originOf(ctx);
  const urls = siteOf(ctx).routes.map((route) => `  <url><loc>${escapeXml(absoluteUrl(origin, canonicalPath(route.path)))}</loc></url>`);
  await writeOutput(
    ctx,
    'sitemap.xml',
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n'),
  );
  await writeOutput(ctx, 'robots.txt', ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''].join('\n'));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

import { escapeUTF8 as escapeMarkup } from 'entities/escape';
import type { HostedSite } from '../hosting/redirects';
import { redirectPage } from '../hosting/redirects';
import type { FeedInfo, SiteDescription } from '../render/protocol';
import type { Site } from '../site';
import { absoluteUrl, publicPath, routeFile, routeUrl, type SiteAddress } from '../urls';
import { type OutputFile, writeOutput } from '../writer';

/** Under a base path crawlers read robots.txt only at the origin's root: its Sitemap line is what to copy into that one. */
export async function writeSitemap(described: SiteDescription, { origin, base }: SiteAddress, staging: string): Promise<OutputFile[]> {
  const urls = described.pages.flatMap((page) => {
    if (page.path === undefined || page.draft) return [];
    const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
    return [`  <url><loc>${escapeMarkup(absoluteUrl(origin, routeUrl(base, page.path)))}</loc>${lastmod}</url>`];
  });
  const urlset = ['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>'];
  return [
    await writeOutput(staging, 'sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n${urlset.join('\n')}\n`),
    await writeOutput(
      staging,
      'robots.txt',
      `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(origin, publicPath(base, '/sitemap.xml'))}\n`,
    ),
  ];
}

export function feedPath(base: string, feed: Pick<FeedInfo, 'path'>): string {
  return publicPath(base, `${feed.path}/feed.xml`);
}

/** Atom (RFC 4287). */
export async function writeFeeds(
  described: SiteDescription,
  site: Site,
  { origin, base }: SiteAddress,
  staging: string,
): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  // By the instant, not the text: zones differ, and an update written as a day may precede a date written with its time.
  const latest = (dates: readonly string[]) => dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
  const changed = (entry: FeedInfo['entries'][number]) => latest([entry.date, ...(entry.updated ? [entry.updated] : [])]);
  for (const feed of described.feeds) {
    if (feed.entries.length === 0) continue;
    const self = absoluteUrl(origin, feedPath(base, feed));
    const home = absoluteUrl(origin, routeUrl(base, feed.path));
    const updated = latest(feed.entries.map(changed));
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
      `  <updated>${updated}</updated>`,
      `  <author><name>${escapeMarkup(site.name)}</name></author>`,
      ...entries,
      '</feed>',
      '',
    ].join('\n');
    files.push(await writeOutput(staging, feedPath(base, feed).slice(base.length), xml));
  }
  return files;
}

/** What a bare file server serves at each redirect's source. */
export async function writeRedirectPages(
  described: SiteDescription,
  hosted: HostedSite,
  origin: string,
  csp: string,
  favicon: string,
  staging: string,
): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  for (const [index, redirect] of described.redirects.entries()) {
    const rule = hosted.redirects[index];
    const target = described.pages.find((page) => page.path === redirect.to);
    if (!rule || !target) continue;
    const html = redirectPage({ rule, title: target.title, canonicalUrl: absoluteUrl(origin, rule.to), csp, favicon });
    files.push(await writeOutput(staging, routeFile(redirect.from), html, rule.to));
  }
  return files;
}

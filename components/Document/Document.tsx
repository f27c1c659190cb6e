import type { ShellProps } from '../../generator/site';
import type { SiteConfig } from '../../site.config';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { HeadMeta } from '../HeadMeta/HeadMeta';
import { IconSprite } from '../Icon/Icon';
import { SkipLink } from '../SkipLink/SkipLink';
import { LatestContext } from '../site/Latest';
import { navigationFrom, type RouteFields } from '../site/navigation';
import { SiteContext, useSite } from '../site/SiteContext';
import { type SitePaths, SitePathsContext } from '../site/SitePaths';

/** The page's main content: the skip link's target. */
export const MAIN_ID = 'main';
/** The footer: once the parser reaches it, the header and main content are whole, and may be painted. */
export const FOOTER_ID = 'footer';

/**
 * The site's document shell, which the generator renders every page into: head, skip link,
 * header, main content and footer, with the site's links under the base path it is built for.
 * The site's configuration is the context's: site.config.ts's, unless a test provides another.
 */
export function Document({ page, site: built, assets, csp, children }: ShellProps<RouteFields>) {
  const site = useSite();
  const link = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? `${built.base}${href.slice(1)}` : href);
  const paths: SitePaths = {
    home: built.base,
    link,
    routes: built.paths ?? built.routes.map((route) => route.url),
    redirects: built.redirects,
  };
  const config: SiteConfig = {
    ...site,
    ...(site.ctaHref === undefined ? {} : { ctaHref: link(site.ctaHref) }),
    social: site.social.map((item) => (item.href === undefined ? item : { ...item, href: link(item.href) })),
    legal: site.legal.map((item) => (item.href === undefined ? item : { ...item, href: link(item.href) })),
  };
  const navigation = navigationFrom(built.routes, built.base);
  const absolute = (url: string) => `${built.origin}${url}`;
  const landing = page.kind === 'route' && page.url === built.base;
  // The route table writes its titles whole; an entry's and a list's get the brand, as every page's tab shows it.
  const title = page.title.includes(site.name) ? page.title : `${page.title} | ${site.name}`;
  // Every page leads feed readers to each feed, its own first (a tag's list's).
  const feeds = [...(page.feed ? [page.feed] : []), ...built.feeds.filter((feed) => feed.url !== page.feed?.url)];
  return (
    <SiteContext.Provider value={config}>
      <IconSprite.Provider value={assets.icons}>
        <SitePathsContext.Provider value={paths}>
          <LatestContext.Provider value={built.latest ?? {}}>
            <html lang="en">
              <head>
                {/* First, so that it governs everything after it: for hosts that cannot send the header. */}
                <meta httpEquiv="Content-Security-Policy" content={csp} />
                <meta charSet="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <title>{title}</title>
                <meta name="description" content={page.description} />
                {assets.fonts.map((font) => (
                  // Fonts are fetched in CORS mode; every browser that preloads reads WOFF2, so no type to skip by.
                  <link key={font} rel="preload" href={font} as="font" crossOrigin="" />
                ))}
                {/* The stylesheet is in the page, so nothing else holds the first paint: without this, a busy
                  browser paints a half-parsed page, and the rest of the content then moves what it shows.
                  Chromium lifts the block at the target's start tag, so the target is what follows main. */}
                <link rel="expect" href={`#${FOOTER_ID}`} blocking="render" />
                {'inline' in assets.stylesheet ? (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, allowed by its hash in the CSP
                  <style dangerouslySetInnerHTML={{ __html: assets.stylesheet.inline }} />
                ) : (
                  <link rel="stylesheet" href={assets.stylesheet.href} integrity={assets.stylesheet.integrity} />
                )}
                <script
                  data-src={assets.script.href}
                  data-integrity={assets.script.integrity}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's minified client/first-paint.ts, allowed by its hash in the CSP
                  dangerouslySetInnerHTML={{ __html: assets.inlineScript }}
                />
                <HeadMeta
                  title={page.title}
                  description={page.description}
                  siteName={site.name}
                  canonicalUrl={page.canonical}
                  image={{ ...page.socialImage, url: absolute(page.socialImage.url) }}
                  themeColor={site.themeColor}
                  icons={{ svg: assets.brand.favicon, touch: assets.brand.touchIcon }}
                  manifest={assets.brand.manifest}
                  noindex={page.kind === 'not-found' || page.draft}
                  feeds={feeds}
                  dates={page.dates}
                  jsonLd={
                    landing
                      ? organization(config, absolute(built.base), absolute(assets.brand.logo))
                      : page.dates && page.canonical
                        ? article(config, page, absolute(built.base), absolute(assets.brand.logo), absolute(page.socialImage.url))
                        : undefined
                  }
                />
              </head>
              <body>
                <SkipLink targetId={MAIN_ID} />
                <Header links={navigation.main} currentPath={page.url} homeHref={navigation.home} />
                <main id={MAIN_ID} tabIndex={-1}>
                  {children}
                </main>
                <Footer lists={navigation.footer} year={built.year} id={FOOTER_ID} homeHref={navigation.home} />
              </body>
            </html>
          </LatestContext.Provider>
        </SitePathsContext.Provider>
      </IconSprite.Provider>
    </SiteContext.Provider>
  );
}

/** schema.org Organization for the landing page: who publishes the site. */
function organization(config: SiteConfig, url: string, logo: string): Record<string, unknown> {
  const profiles = config.social.flatMap((link) => (link.href ? [link.href] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.name,
    url,
    logo,
    description: config.tagline,
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

/** What a search engine shows of an entry: its headline, dates and image, and who published it. */
function article(
  config: SiteConfig,
  page: ShellProps<RouteFields>['page'],
  url: string,
  logo: string,
  image: string,
): Record<string, unknown> {
  const publisher = { '@type': 'Organization', name: config.name, url };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: page.title,
    description: page.description,
    datePublished: page.dates?.published,
    ...(page.dates?.modified ? { dateModified: page.dates.modified } : {}),
    image: [image],
    mainEntityOfPage: page.canonical,
    author: publisher,
    publisher: { ...publisher, logo: { '@type': 'ImageObject', url: logo } },
  };
}

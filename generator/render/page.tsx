/** One page as a complete HTML document, in a render worker: the route's body inside the shared Document. */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document } from '../../components/Document/Document';
import { HeadMeta } from '../../components/HeadMeta/HeadMeta';
import { IconSprite } from '../../components/Icon/Icon';
import { type Navigation, navigationFrom } from '../../components/site/navigation';
import { SiteContext } from '../../components/site/SiteContext';
import { type SitePaths, SitePathsContext } from '../../components/site/SitePaths';
import { PageBody } from '../../pages/ContentPage';
import type { PageEntry, Redirect, Route } from '../../pages/routes';
import type { SiteConfig } from '../../site.config';
import { absoluteUrl, publicPath, routeUrl } from '../urls';
import { toHtml5 } from './html';
import type { RenderSettings } from './protocol';

/** What every page of a route table shares, for one base path: computed once, not once a page. */
interface Shared {
  base: string;
  navigation: Navigation;
  paths: SitePaths;
  /** Its root-relative links under the base path. */
  site: SiteConfig;
}

const shared = new WeakMap<readonly Route[], Shared>();

function sharedBy({ routes, redirects = [], site }: SiteModule, base: string): Shared {
  let found = shared.get(routes);
  if (found?.base !== base) {
    const link = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? publicPath(base, href) : href);
    found = {
      base,
      navigation: navigationFrom(routes, base, (routePath) => routeUrl(base, routePath)),
      paths: {
        home: base,
        link,
        routes: routes.map((route) => routeUrl(base, route.path)),
        redirects: redirects.map((redirect) => [routeUrl(base, redirect.from), routeUrl(base, redirect.to)] as const),
      },
      site: {
        ...site,
        ...(site.ctaHref === undefined ? {} : { ctaHref: link(site.ctaHref) }),
        social: site.social.map((item) => (item.href === undefined ? item : { ...item, href: link(item.href) })),
        legal: site.legal.map((item) => (item.href === undefined ? item : { ...item, href: link(item.href) })),
      },
    };
    shared.set(routes, found);
  }
  return found;
}

/** The route table and site.config.ts, as a worker loads them. */
export interface SiteModule {
  routes: readonly Route[];
  redirects?: readonly Redirect[] | undefined;
  notFound: PageEntry;
  site: SiteConfig;
}

/** `pagePath` is undefined for the 404 page, which answers for any path and so has no URL of its own. */
export function renderPage(module: SiteModule, settings: RenderSettings, entry: PageEntry, pagePath: string | undefined): string {
  const { navigation, paths, site } = sharedBy(module, settings.base);
  return (
    '<!DOCTYPE html>' +
    toHtml5(
      renderToStaticMarkup(
        <SiteContext.Provider value={site}>
          <IconSprite.Provider value={settings.assets.icons}>
            <SitePathsContext.Provider value={paths}>
              <Document
                title={entry.title}
                description={entry.description}
                path={pagePath === undefined ? '/404' : publicPath(settings.base, pagePath)}
                assets={settings.assets}
                navigation={navigation}
                year={settings.year}
                csp={settings.csp}
                head={pageHead(site, settings, entry, pagePath)}
              >
                <PageBody entry={entry} />
              </Document>
            </SitePathsContext.Provider>
          </IconSprite.Provider>
        </SiteContext.Provider>,
      ),
    )
  );
}

function pageHead(site: SiteConfig, settings: RenderSettings, entry: PageEntry, pagePath: string | undefined): ReactNode {
  const { brand, origin, base } = settings;
  return (
    <HeadMeta
      title={entry.title}
      description={entry.description}
      siteName={site.name}
      canonicalUrl={pagePath === undefined ? undefined : absoluteUrl(origin, publicPath(base, pagePath))}
      image={{ ...brand.socialImage, url: absoluteUrl(origin, brand.socialImage.url) }}
      themeColor={site.themeColor}
      icons={{ svg: brand.favicon, touch: brand.touchIcon }}
      manifest={brand.manifest}
      noindex={pagePath === undefined}
      jsonLd={pagePath === '/' ? organization(site, absoluteUrl(origin, base), absoluteUrl(origin, brand.logo)) : undefined}
    />
  );
}

/** schema.org Organization for the landing page: who publishes the site. */
function organization(site: SiteConfig, url: string, logo: string): Record<string, unknown> {
  const profiles = site.social.flatMap((link) => (link.href ? [link.href] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url,
    logo,
    description: site.tagline,
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

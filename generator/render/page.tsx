/**
 * One page of the site as a complete HTML document: the route's body inside the shared Document,
 * with its head tags. Runs in a render worker, which loads the site's code; the main thread
 * never does.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document } from '../../components/Document/Document';
import { HeadMeta } from '../../components/HeadMeta/HeadMeta';
import { IconSprite } from '../../components/Icon/Icon';
import { KnownPathsContext } from '../../components/site/KnownPaths';
import type { Navigation } from '../../components/site/navigation';
import { SiteContext } from '../../components/site/SiteContext';
import { PageBody } from '../../pages/ContentPage';
import type { PageEntry, Route } from '../../pages/routes';
import type { SiteConfig } from '../../site.config';
import { absoluteUrl, canonicalPath } from '../urls';
import { toHtml5 } from './html';
import type { RenderSettings } from './protocol';

const shared = new WeakMap<readonly Route[], { navigation: Navigation; knownPaths: string[] }>();

/** What every page of a route table shares: computed once, not once a page. */
function sharedBy(routes: readonly Route[]): { navigation: Navigation; knownPaths: string[] } {
  let found = shared.get(routes);
  if (!found) {
    found = { navigation: navigationFrom(routes), knownPaths: routes.map((route) => canonicalPath(route.path)) };
    shared.set(routes, found);
  }
  return found;
}

/** Header and footer links, in route-table order, to each page's canonical URL. */
export function navigationFrom(routes: readonly Route[]): Navigation {
  return {
    main: routes.flatMap((route) => (route.nav ? [{ href: canonicalPath(route.path), label: route.nav }] : [])),
    useCases: routes.flatMap((route) => (route.useCase ? [{ href: canonicalPath(route.path), label: route.useCase }] : [])),
  };
}

/** The site's code as a worker loads it: the route table and site.config.ts. */
export interface SiteModule {
  routes: readonly Route[];
  notFound: PageEntry;
  site: SiteConfig;
}

/**
 * One page inside the shared Document, as a complete HTML string. `pagePath` is the canonical
 * path, or undefined for the 404 page, which answers for any path and so has no URL of its own.
 */
export function renderPage(module: SiteModule, settings: RenderSettings, entry: PageEntry, pagePath: string | undefined): string {
  const { site, routes } = module;
  const { navigation, knownPaths } = sharedBy(routes);
  return (
    '<!DOCTYPE html>' +
    toHtml5(
      renderToStaticMarkup(
        <SiteContext.Provider value={site}>
          <IconSprite.Provider value={settings.assets.icons}>
            <KnownPathsContext.Provider value={knownPaths}>
              <Document
                title={entry.title}
                description={entry.description}
                path={pagePath ?? '/404'}
                assets={settings.assets}
                navigation={navigation}
                year={settings.year}
                csp={settings.csp}
                head={pageHead(site, settings, entry, pagePath)}
              >
                <PageBody entry={entry} />
              </Document>
            </KnownPathsContext.Provider>
          </IconSprite.Provider>
        </SiteContext.Provider>,
      ),
    )
  );
}

/** The search and sharing tags of one page. */
function pageHead(site: SiteConfig, settings: RenderSettings, entry: PageEntry, pagePath: string | undefined): ReactNode {
  const { brand, origin } = settings;
  return (
    <HeadMeta
      title={entry.title}
      description={entry.description}
      siteName={site.name}
      canonicalUrl={pagePath === undefined ? undefined : absoluteUrl(origin, pagePath)}
      image={{ ...brand.socialImage, url: absoluteUrl(origin, brand.socialImage.url) }}
      themeColor={site.themeColor}
      icons={{ svg: brand.favicon, touch: brand.touchIcon }}
      manifest={brand.manifest}
      noindex={pagePath === undefined}
      jsonLd={pagePath === '/' ? organization(site, origin, absoluteUrl(origin, brand.logo)) : undefined}
    />
  );
}

/** schema.org Organization for the landing page: who publishes the site. */
function organization(site: SiteConfig, origin: string, logo: string): Record<string, unknown> {
  const profiles = site.social.flatMap((link) => (link.href ? [link.href] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: absoluteUrl(origin, '/'),
    logo,
    description: site.tagline,
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

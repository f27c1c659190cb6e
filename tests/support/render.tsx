import * as cheerio from 'cheerio';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RouteFields } from '../../components/site/navigation';
import { SiteContext } from '../../components/site/SiteContext';
import type { ShellAssets, ShellPage, ShellProps } from '../../generator/site';
import { type SiteConfig, site } from '../../site.config';
import { SHELL_ROUTES } from './site';

/** Renders a component as the build does and returns it ready for cheerio queries. */
export function render(element: ReactElement, config: SiteConfig = site): cheerio.CheerioAPI {
  return cheerio.load(renderToStaticMarkup(<SiteContext.Provider value={config}>{element}</SiteContext.Provider>));
}

/** What the generator hands the site's document shell for a page, from the route table, with the test's own assets. */
export function shellProps({
  page = {},
  assets = {},
  csp = "default-src 'none'",
}: {
  page?: Partial<ShellPage<RouteFields>>;
  assets?: Partial<ShellAssets>;
  csp?: string;
} = {}): Omit<ShellProps<RouteFields>, 'children'> {
  return {
    page: {
      title: 'A unique title',
      description: 'A description of the page.',
      url: '/about-us/',
      canonical: `${site.url}/about-us/`,
      kind: 'route',
      socialImage: { url: '/assets/social.png', width: 1200, height: 630, alt: 'Alt' },
      draft: false,
      ...page,
    },
    site: {
      base: '/',
      origin: site.url,
      year: 2026,
      routes: [...SHELL_ROUTES],
      redirects: [],
      feeds: [],
    },
    assets: {
      stylesheet: { href: '/assets/main.abc.css', integrity: 'sha384-css' },
      script: { href: '/assets/main.def.js', integrity: 'sha384-js' },
      inlineScript: 'document.documentElement.classList.add("js")',
      fonts: ['/assets/fonts/f.123.woff2'],
      brand: { favicon: '/f.svg', touchIcon: '/t.png', logo: '/l.png', manifest: '/m.webmanifest' },
      ...assets,
    },
    csp,
  };
}

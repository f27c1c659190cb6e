import * as cheerio from 'cheerio';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteContext } from '../../components/site/SiteContext';
import { type SiteConfig, site } from '../../site.config';

/** Renders a component as the build does and returns it ready for cheerio queries. */
export function render(element: ReactElement, config: SiteConfig = site): cheerio.CheerioAPI {
  return cheerio.load(renderToStaticMarkup(<SiteContext.Provider value={config}>{element}</SiteContext.Provider>));
}

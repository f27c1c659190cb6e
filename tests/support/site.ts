import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { content as about } from '../../pages/about-us/content';
import { content as credit } from '../../pages/credit-decision/content';
import { content as engine } from '../../pages/decision-engine/content';
import { content as home } from '../../pages/home/content';
import { content as launch } from '../../pages/launch-new-lending-product/content';
import { content as leasing } from '../../pages/leasing-decisions/content';
import { content as portfolio } from '../../pages/portfolio-monitoring/content';
import type { PageContent } from '../../pages/types';

/** Each route's typed content, so tests follow the copy wherever it changes. */
export const contentByPath: Readonly<Record<string, PageContent>> = {
  '/': home,
  '/portfolio-monitoring': portfolio,
  '/credit-decision': credit,
  '/launch-new-lending-product': launch,
  '/leasing-decisions': leasing,
  '/about-us': about,
  '/decision-engine': engine,
};

export function htmlFileOf(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
}

/** A built page, parsed. */
export async function loadBuiltPage(siteDir: string, routePath: string): Promise<cheerio.CheerioAPI> {
  return cheerio.load(await readFile(path.join(siteDir, htmlFileOf(routePath)), 'utf8'));
}

/** The visible words of an element, with whitespace collapsed as a reader would see it. */
export function textOf($: cheerio.CheerioAPI, selector = 'body'): string {
  return $(selector).text().replace(/\s+/g, ' ').trim();
}

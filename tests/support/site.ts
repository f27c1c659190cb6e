import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { type Navigation, navigationFrom } from '../../components/site/navigation';
import type { InlineCode } from '../../generator/hosting/policy';
import { canonicalPath, routeFile } from '../../generator/urls';
import { type Route, routes } from '../../pages/routes';

/** The path that matches no route, which the 404 page answers. */
export const UNKNOWN_PATH = '/no-such-page';

/** Every route of the table, and one path that matches none (the 404 page). */
export const PAGE_PATHS: readonly string[] = [...routes.map((route) => route.path), UNKNOWN_PATH];

/** The labels of the header's navigation, as the route table gives them, in its order. */
export const NAV_LABELS: readonly string[] = routes.flatMap((route) => route.nav ?? []);

/** What the header and footer show, as the build derives it from the route table, for a site at the root. */
export const NAVIGATION: Navigation = navigationFrom(routes, '/', canonicalPath);

/**
 * The footer's lists as the route table files its pages, read from the table itself: each heading
 * (in the order of its first route) with the label and canonical URL of each page filed under it.
 */
export const FOOTER_LISTS: readonly (readonly [heading: string, links: (readonly [label: string, href: string])[]])[] = [
  ...new Set(routes.flatMap((route) => route.footer?.group ?? [])),
].map((heading) => [
  heading,
  routes.flatMap((route) => (route.footer?.group === heading ? [[route.footer.label, canonicalPath(route.path)] as const] : [])),
]);

/** A page the build writes: a route of the table, or the 404 page. */
export interface BuiltPage {
  /** The canonical path ("/about-us/"), or "/404" for the 404 page, which has no URL of its own. */
  path: string;
  /** The file in the output ("about-us/index.html"). */
  file: string;
  route?: Route;
}

/**
 * Every page the build writes, read from the route table (each route, then the 404 page): what a
 * test that checks "every page" goes through, so that adding a page never needs a test edit.
 */
export const BUILT_PAGES: readonly BuiltPage[] = [
  ...routes.map((route) => ({ path: canonicalPath(route.path), file: routeFile(route.path), route })),
  { path: '/404', file: '404.html' },
];

/** A built page, parsed. */
export async function loadBuiltPage(siteDir: string, routePath: string): Promise<cheerio.CheerioAPI> {
  return cheerio.load(await readFile(path.join(siteDir, routeFile(routePath)), 'utf8'));
}

/** The visible words of an element, with whitespace collapsed as a reader would see it. */
export function textOf($: cheerio.CheerioAPI, selector = 'body'): string {
  return $(selector).text().replace(/\s+/g, ' ').trim();
}

/** The inline scripts and styles of a page (JSON-LD is data, not code): what its CSP must allow by hash. */
export function inlineCodeOf(html: string): InlineCode {
  const $ = cheerio.load(html);
  const code = (selector: string) =>
    $(selector)
      .toArray()
      .map((element) => $(element).html() ?? '');
  return { scripts: code('script:not([src]):not([type="application/ld+json"])'), styles: code('style') };
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { type Navigation, navigationFrom, type RouteFields } from '../../components/site/navigation';
import type { InlineCode } from '../../generator/hosting/policy';
import { type AnyPages, describeSite } from '../../generator/render/model';
import type { ShellRoute } from '../../generator/site';
import { canonicalPath, routeFile } from '../../generator/urls';
import { type Route, routes } from '../../pages/routes';
import pages from '../../pages/site';
import { projectRoot } from '../../scripts/lib/project';
import config from '../../site.config';

/** The path that matches no route, which the 404 page answers. */
export const UNKNOWN_PATH = '/no-such-page';

/**
 * Every page of the site as the build's render workers list it: the route table's, and each
 * collection's lists and published entries (read from their Markdown as a build reads them).
 */
const model = await describeSite(pages as unknown as AnyPages, { root: projectRoot, mode: 'production', now: Date.now() }, config.pages);

/** Every page with an address (the route table's and the collections'), and one path that matches none (the 404 page). */
export const PAGE_PATHS: readonly string[] = [...model.pages.flatMap((page) => (page.path === undefined ? [] : [page.path])), UNKNOWN_PATH];

/** Every feed the build writes (each collection's and each tag's with a published entry), by its path ("/news/feed.xml"). */
export const FEED_PATHS: readonly string[] = model.feeds.flatMap((feed) => (feed.entries.length > 0 ? [`${feed.path}/feed.xml`] : []));

/** The labels of the header's navigation, as the route table gives them, in its order. */
export const NAV_LABELS: readonly string[] = routes.flatMap((route) => route.nav ?? []);

/** Every page with an address and its fields (the routes', and the collections' lists), in the build's order. */
export const SHELL_ROUTES: readonly ShellRoute<RouteFields>[] = model.pages.flatMap((page) =>
  page.path === undefined || page.draft
    ? []
    : [
        {
          url: canonicalPath(page.path),
          title: page.title,
          fields: (page.fields ?? {}) as RouteFields,
          ...(page.target.kind === 'list' && page.target.entries.length === 0 ? { empty: true } : {}),
        },
      ],
);

/** What the header and footer show, as the build derives it from the pages, for a site at the root. */
export const NAVIGATION: Navigation = navigationFrom(SHELL_ROUTES, '/');

/** Those a visitor is sent to: a collection's list with nothing published yet is not linked. */
const LINKED = SHELL_ROUTES.filter((page) => !page.empty);

/**
 * The footer's lists as the pages file themselves, read from their fields: each heading (in the
 * order of its first page) with the label and canonical URL of each page filed under it.
 */
export const FOOTER_LISTS: readonly (readonly [heading: string, links: (readonly [label: string, href: string])[]])[] = [
  ...new Set(LINKED.flatMap((page) => page.fields?.footer?.group ?? [])),
].map((heading) => [
  heading,
  LINKED.flatMap((page) => (page.fields?.footer?.group === heading ? [[page.fields.footer.label, page.url] as const] : [])),
]);

/** A page the build writes: a route of the table, a collection's list or entry, or the 404 page. */
export interface BuiltPage {
  /** The canonical path ("/about-us/"), or "/404" for the 404 page, which has no URL of its own. */
  path: string;
  /** The file in the output ("about-us/index.html"). */
  file: string;
  route?: Route;
}

/**
 * Every page the build writes, read from the site as the build reads it (each route, each page of
 * a collection, then the 404 page): what a
 * test that checks "every page" goes through, so that adding a page never needs a test edit.
 */
export const BUILT_PAGES: readonly BuiltPage[] = model.pages.map((page) => {
  const route = routes.find((candidate) => candidate.path === page.path);
  return page.path === undefined
    ? { path: '/404', file: '404.html' }
    : { path: canonicalPath(page.path), file: page.file, ...(route ? { route } : {}) };
});

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

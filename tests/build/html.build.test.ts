import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { canonicalPath, routeFile } from '../../generator/urls';
import { routes } from '../../pages/routes';
import { pageFiles } from '../../scripts/lib/files';
import { projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';
import { BUILT_PAGES, FOOTER_LISTS } from '../support/site';

const siteDir = inject('siteDir');
let validator: HtmlValidate;

beforeAll(async () => {
  // The project's own .htmlvalidate.json, so `npx html-validate dist` agrees with this test.
  const config = JSON.parse(await readFile(path.join(projectRoot, '.htmlvalidate.json'), 'utf8')) as object;
  expect(config).toEqual({ extends: ['html-validate:recommended', 'html-validate:document'] });
  validator = new HtmlValidate(config);
});

/** Label and canonical URL of each route the table puts in the header's navigation, in table order. */
const navLinks = routes.flatMap((route) => (route.nav ? [[route.nav, canonicalPath(route.path)] as const] : []));

const linksIn = ($: cheerio.CheerioAPI, selector: string) =>
  $(selector)
    .toArray()
    .map((link) => [$(link).text().trim(), $(link).attr('href')] as const);

it("the build wrote every route of the table and the 404 page, and no other page (the redirects' pages aside)", async () => {
  // The redirects' pages are checked on their own (redirects.build.test.ts).
  expect((await pageFiles(siteDir)).sort()).toEqual(BUILT_PAGES.map((page) => page.file).sort());
});

describe.each(BUILT_PAGES)('the built page $path', ({ path: pagePath, file }) => {
  let html: string;
  let $: cheerio.CheerioAPI;

  beforeAll(async () => {
    html = await readFile(path.join(siteDir, file), 'utf8');
    $ = cheerio.load(html);
  });

  it('passes html-validate (recommended and document rules) with zero errors', async () => {
    const report = await validator.validateString(html, file);
    const problems = report.results
      .flatMap((result) => result.messages)
      .map((message) => `${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    expect(problems).toEqual([]);
  });

  it('has no style attribute, no javascript: URL, and no inline script or style the CSP does not allow by hash', () => {
    expect($('[style]'), 'style attribute').toHaveLength(0);
    // One stylesheet, allowed by its SHA-256 in the page's own policy.
    const styles = $('style').toArray();
    expect(styles, 'style elements').toHaveLength(1);
    const policy = $('meta[http-equiv="Content-Security-Policy"]').attr('content') ?? '';
    const styleSources = /style-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    const css = $(styles[0]).text();
    expect(styleSources).toEqual(["'self'", `'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
    expect($('[href^="javascript:" i], [src^="javascript:" i]'), 'javascript: URL').toHaveLength(0);
    expect(
      $('*')
        .toArray()
        .flatMap((element) => Object.keys((element as { attribs?: Record<string, string> }).attribs ?? {}))
        .filter((name) => /^on/i.test(name)),
      'event handler attributes',
    ).toEqual([]);
    // JSON-LD is data, not code: the browser never executes it.
    const inline = $('script:not([src]):not([type="application/ld+json"])')
      .toArray()
      .map((script) => $(script).html());
    // One: the first paint's (client/first-paint.ts, minified by the build), allowed by its SHA-256.
    expect(inline).toHaveLength(1);
    const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSources).toEqual([
      "'self'",
      `'sha256-${createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64')}'`,
    ]);
  });

  it('has the shared header, linking the pages the route table puts in the navigation, in its order', () => {
    expect($('header a').first().attr('href')).toBe('/');
    expect($('header').text()).toContain(site.name);
    expect(linksIn($, 'header nav[aria-label="Main"] a')).toEqual(navLinks);
    expect($('body > header nav a[aria-current="page"]').attr('href')).toBe(
      navLinks.some(([, href]) => href === pagePath) ? pagePath : undefined,
    );
  });

  it('has the shared footer, listing each page the route table files there under its heading alone, in table order', () => {
    const lists = $('footer nav[aria-labelledby]')
      .toArray()
      .map((nav) => [$(`#${$(nav).attr('aria-labelledby')}`).text(), linksIn(cheerio.load(nav), 'a')]);
    expect(lists).toEqual(FOOTER_LISTS);
    expect($('footer').text()).toContain(site.name);
  });

  it('links only to pages and files the build wrote', () => {
    const missing = $('a[href^="/"], link[href^="/"], img[src^="/"], script[src^="/"]')
      .toArray()
      .map((element) => $(element).attr('href') ?? $(element).attr('src') ?? '')
      .map((reference) => reference.replace(/[?#].*$/, ''))
      .filter((reference) => !existsSync(path.join(siteDir, reference.endsWith('/') ? routeFile(reference) : reference)));
    expect(missing).toEqual([]);
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { InlineCode } from '../../generator/hosting/policy';
import { routeFile } from '../../generator/urls';

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

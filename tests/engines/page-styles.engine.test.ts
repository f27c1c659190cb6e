/**
 * Each page carries the site's stylesheet cut to the classes it and its scripts use (generator/prune-css.ts). The oracle is
 * the engine's own reading of the whole sheet, compiled here from styles/: every selector of it that matches an element of
 * the page, once its behaviours have started, is in the page's own sheet, under the same conditions.
 */
import path from 'node:path';
import * as sass from 'sass';
import { describe, expect, inject } from 'vitest';
import { projectRoot } from '../../scripts/lib/project';
import config from '../../site.config';
import { test, untilScripted } from '../support/engine';
import { PAGE_PATHS } from '../support/site';

const siteUrl = inject('siteUrl');
const whole = sass.compile(path.join(projectRoot, config.styles), { style: 'compressed', charset: false }).css;

describe('each page’s own stylesheet', () => {
  for (const pagePath of PAGE_PATHS) {
    test(`holds every rule of the site’s that applies on ${pagePath}`, async ({ openPage }) => {
      const page = await openPage({ width: 1280 });
      await page.goto(`${siteUrl}${pagePath}`);
      await untilScripted(page);
      const found = await page.evaluate((css: string) => {
        /** "condition ▸ condition ▸ selector", for each selector of each style rule. */
        const selectorsOf = (rules: CSSRuleList, within: string, into: string[]) => {
          for (const rule of rules) {
            if (rule instanceof CSSStyleRule) {
              let depth = 0;
              let start = 0;
              const text = rule.selectorText;
              for (let at = 0; at <= text.length; at++) {
                const c = text[at];
                if (c === '(' || c === '[') depth++;
                else if (c === ')' || c === ']') depth--;
                else if ((c === ',' && depth === 0) || at === text.length) {
                  into.push(`${within}${text.slice(start, at).trim()}`);
                  start = at + 1;
                }
              }
            } else if (rule instanceof CSSGroupingRule) {
              const condition = rule instanceof CSSMediaRule ? `@media ${rule.media.mediaText}` : rule.cssText.split('{')[0]?.trim();
              selectorsOf(rule.cssRules, `${within}${condition} ▸ `, into);
            }
          }
          return into;
        };
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        const own = new Set(Array.from(document.styleSheets).flatMap((style) => selectorsOf(style.cssRules, '', [])));
        const applying: string[] = [];
        for (const entry of selectorsOf(sheet.cssRules, '', [])) {
          const selector = entry.split(' ▸ ').at(-1) ?? '';
          // States and parts no element is in at rest: what the element itself must match remains.
          const atRest = selector.replace(
            /::?(?:hover|focus-visible|focus-within|focus|active|visited|before|after|marker|placeholder|selection)\b/g,
            '',
          );
          let matches = false;
          try {
            matches = document.querySelector(atRest || '*') !== null;
          } catch {
            matches = false;
          }
          if (matches) applying.push(entry);
        }
        return { applying: applying.length, missing: applying.filter((entry) => !own.has(entry)) };
      }, whole);
      // The page has styled elements, and the check saw them.
      expect(found.applying).toBeGreaterThan(20);
      expect(found.missing).toEqual([]);
    });
  }
});

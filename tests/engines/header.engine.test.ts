/**
 * The header in every engine, on the site and on copies of it with 3, 5, 7 and 9 entries in its
 * navigation (tests/fixtures/routes/header-<n>.ts: labels as long as the table's longest), at
 * every 40 px from 320 to 1920 px and a pixel either side of each width where its layout changes:
 * one row (the brand, the links or the menu button, and from the 'sm' breakpoint the call to
 * action), nothing beyond the viewport, no label broken over two lines. The build's estimate of
 * where the links fit (components/Header/fit.ts) holds: the script never had to fold a row.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { type RunningServer, startServe } from '../../scripts/lib/server';
import { site } from '../../site.config';
import { test, untilScripted, waitUntil } from '../support/engine';
import { fixture } from '../support/output';

const COUNTS = [3, 5, 7, 9] as const;

/** Where each site is served: the site itself, and a copy a count of entries. */
const sites = new Map<string, string>([['the site', inject('siteUrl')]]);
const servers: RunningServer[] = [];
let tempRoot = '';

beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(tmpdir(), 'site-header-'));
  // One after another: the build's workers already share the two cores.
  for (const count of COUNTS) {
    const outDir = path.join(tempRoot, `header-${count}`);
    await runBuild({ outDir, log: () => {}, siteUrl: site.url, pages: fixture(`header-${count}.ts`) });
    const server = await startServe(outDir);
    servers.push(server);
    sites.set(`${count} entries`, server.url);
  }
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

/** The width, in px, from which the page's header shows its links in the row; NaN where it never does. */
function rowStart(): number {
  const em = /\bc-header--row-from-(\d+)\b/.exec(document.querySelector('body > header')?.className ?? '')?.[1];
  return Number(em) * Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
}

/**
 * What is wrong with the header at the page's width, after the frames a resize brings; nothing
 * when it holds. Unless `foldedByScript` is allowed, a row the script had to fold is wrong too.
 */
async function headerProblems(foldedByScript: boolean): Promise<string[]> {
  // The layout of the new width, and the script's look at it (a resize observer, then a frame).
  for (let frame = 0; frame < 3; frame += 1) await new Promise(requestAnimationFrame);
  const header = document.querySelector('body > header') as HTMLElement;
  const shown = (element: Element | null): element is Element => {
    const box = element?.getBoundingClientRect();
    return box !== undefined && box.width > 0 && box.height > 0;
  };
  const brand = header.querySelector('.c-header__brand');
  const toggle = header.querySelector('[data-header-toggle]');
  const links = [...header.querySelectorAll('.c-header__link')];
  const cta = header.querySelector('.c-header__cta');
  const parts = [brand, toggle, ...links, cta].filter(shown);
  const problems: string[] = [];
  if (!shown(brand)) problems.push('no brand');
  const linksShown = links.filter(shown).length;
  if (shown(toggle) ? linksShown > 0 : linksShown !== links.length) {
    problems.push(`${linksShown} of ${links.length} links shown, ${shown(toggle) ? 'and' : 'but no'} menu button`);
  }
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  const small = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--breakpoint-sm')) * rem;
  if (innerWidth >= small && !shown(cta)) problems.push('no call to action');
  const middles = parts.map((part) => {
    const box = part.getBoundingClientRect();
    return box.top + box.height / 2;
  });
  if (Math.max(...middles) - Math.min(...middles) > 2)
    problems.push(`parts ${Math.round(Math.max(...middles) - Math.min(...middles))} px apart`);
  const viewport = document.documentElement.clientWidth;
  const outside = parts.filter((part) => part.getBoundingClientRect().left < 0 || part.getBoundingClientRect().right > viewport + 0.5);
  if (outside.length > 0) problems.push(`beyond the viewport: ${outside.map((part) => part.textContent?.trim()).join(', ')}`);
  // A label on one line has the boxes of its text at one height.
  for (const part of parts) {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
    }
    if (tops.size > 1) problems.push(`“${part.textContent?.trim()}” on ${tops.size} lines`);
  }
  if (!foldedByScript && header.classList.contains('is-folded')) problems.push('folded by the script: the estimate was wrong');
  return problems;
}

describe.each(['the site', ...COUNTS.map((count) => `${count} entries`)])('the header of %s', (name) => {
  test('holds one row at every width from 320 to 1920 px, and breaks no label', { timeout: 180_000 }, async ({ openPage }) => {
    const page = await openPage({ width: 1920 });
    await page.goto(`${sites.get(name)}/`);
    await untilScripted(page);
    // Every 40 px, and a pixel either side of each width the stylesheet publishes and of the one its links come into the row at.
    const published = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      const rem = Number.parseFloat(style.fontSize);
      return [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .flatMap((rule) => (rule instanceof CSSStyleRule && rule.selectorText === ':root' ? [...rule.style] : []))
        .filter((property) => property.startsWith('--breakpoint-'))
        .map((property) => Number.parseFloat(style.getPropertyValue(property)) * rem);
    });
    expect(published.length).toBeGreaterThan(3);
    const edges = [...published, await page.evaluate(rowStart)].filter((edge) => !Number.isNaN(edge));
    const widths = [...new Set([...Array.from({ length: 41 }, (_, i) => 320 + i * 40), ...edges.flatMap((edge) => [edge - 1, edge])])]
      .filter((width) => width >= 320 && width <= 1920)
      .sort((a, b) => a - b);
    const found: string[] = [];
    for (const width of widths) {
      await page.resize(width);
      const problems = await page.evaluate(headerProblems, false);
      if (problems.length > 0) found.push(`${width} px: ${problems.join('; ')}`);
    }
    expect(found).toEqual([]);
  });
});

describe('the header’s script', () => {
  test('closes an open menu when the window widens until the links come back into the row', async ({ openPage }) => {
    const page = await openPage({ width: 375 });
    await page.goto(`${sites.get('5 entries')}/`);
    await untilScripted(page);
    await page.click('[data-header-toggle]');
    const expanded = () => document.querySelector('[data-header-toggle]')?.getAttribute('aria-expanded');
    expect(await page.evaluate(expanded)).toBe('true');
    await page.resize(await page.evaluate(rowStart));
    await waitUntil(
      page,
      'the menu to close',
      () => document.querySelector('[data-header-toggle]')?.getAttribute('aria-expanded') === 'false',
    );
    await page.resize(375);
    expect(await page.evaluate(() => document.querySelector('#site-menu a')?.getClientRects().length)).toBe(0);
  });

  test('folds a row that a reader’s text spacing pushes out of the bar, and unfolds it once the spacing is gone', async ({ openPage }) => {
    const page = await openPage({ width: 1920 });
    await page.goto(`${sites.get('5 entries')}/`);
    await untilScripted(page);
    // Where the links have just come into the row, with the least room to spare.
    await page.resize(await page.evaluate(rowStart));
    expect(await page.evaluate(() => document.querySelector('[data-header-toggle]')?.getClientRects().length)).toBe(0);
    // WCAG 1.4.12's text spacing, as a reader's style sheet or extension sets it (through the CSSOM, which the CSP allows).
    const spacing = (on: boolean) => {
      for (const [property, value] of [
        ['letter-spacing', '0.12em'],
        ['word-spacing', '0.16em'],
      ]) {
        if (on) document.body.style.setProperty(property ?? '', value ?? '');
        else document.body.style.removeProperty(property ?? '');
      }
    };
    for (const on of [true, false]) {
      await page.evaluate(spacing, on);
      await waitUntil(
        page,
        `the script to ${on ? 'fold' : 'unfold'} the header`,
        (folded: boolean) => document.querySelector('body > header')?.classList.contains('is-folded') === folded,
        on,
      );
      // Folded, the bar holds one row all the same; unfolded, the estimate holds again.
      expect(await page.evaluate(headerProblems, on)).toEqual([]);
    }
  });
});

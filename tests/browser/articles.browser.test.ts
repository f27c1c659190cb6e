/**
 * What an editor writes, as a reader on a phone gets it: the fixture collection
 * (tests/fixtures/collection/) built and served as `npm run preview` serves the site. A table or a
 * line of code wider than a phone scrolls on its own, reached from the keyboard, and never makes the
 * page scroll sideways; the page passes axe. A title's long word wraps, on its page and in the lists.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { projectRoot } from '../../scripts/lib/project';
import { type RunningServer, startServe } from '../../scripts/lib/server';
import { site } from '../../site.config';
import { test } from '../support/browser';

let workDir: string;
let server: RunningServer;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'articles-browser-'));
  const outDir = path.join(workDir, 'dist');
  await runBuild({
    root: projectRoot,
    outDir,
    log: () => {},
    pages: 'tests/fixtures/collection/pages.tsx',
    now: Date.parse('2026-06-01T00:00:00Z'),
    siteUrl: site.url,
  });
  server = await startServe(outDir);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
});

describe.each([320, 375])('a title with a word longer than the screen is wide (a German compound), at %i px', (width) => {
  test('wraps on its article and on every list page: no page scrolls sideways', async ({ openPage }) => {
    const { page } = await openPage(width, { reducedMotion: 'reduce' });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${server.url}/reports/report-06/`);
    await expect(page.locator('h1').textContent()).resolves.toMatch(/\p{L}{30}/u);
    expect(await overflow()).toBe(0);
    let listed = false;
    for (let number = 1; ; number += 1) {
      const response = await page.goto(`${server.url}/reports/${number === 1 ? '' : `page/${number}/`}`);
      if (response?.status() !== 200) break;
      listed ||= (await page.locator('a[href="/reports/report-06/"]').count()) > 0;
      expect(await overflow(), page.url()).toBe(0);
    }
    expect(listed).toBe(true);
  });
});

describe.each([320, 375])('an article with a table and a line of code wider than the screen, at %i px', (width) => {
  test.for([
    ['table', 'table', '.c-article__body a'],
    ['code block', 'pre', '.c-article__body table'],
  ] as const)('scrolls the %s, not the page, and the keyboard reaches it to scroll it', async ([, selector, previous], { openPage }) => {
    const { page } = await openPage(width, { reducedMotion: 'reduce' });
    await page.goto(`${server.url}/reports/report-06/`);
    const scroller = page.locator(`.c-article__body ${selector}`);
    const sizes = () =>
      scroller.evaluate((element) => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        scroller: element.scrollWidth - element.clientWidth,
        scrolled: element.scrollLeft,
      }));
    const before = await sizes();
    expect(before.page).toBe(0);
    // Wider than the screen: the case under test, not one that happens to fit.
    expect(before.scroller).toBeGreaterThan(0);
    // From the last focusable element before it, one Tab lands on it; the arrow keys scroll it.
    await page.locator(previous).last().focus();
    await page.keyboard.press('Tab');
    await expect(scroller.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await sizes()).scrolled).toBeGreaterThan(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

/**
 * What an editor writes, as a reader on a phone gets it: the fixture collection
 * (tests/fixtures/collection/) built once a run and served as `npm run preview` serves the site. A table or a
 * line of code wider than a phone scrolls on its own, reached from the keyboard, and never makes the
 * page scroll sideways; the page passes axe. A title's long word wraps, on its page and in the lists.
 */
import { describe, expect, inject } from 'vitest';
import { axeViolations, test } from '../support/browser';

/** The site with the fixture collection (tests/support/setup-collection-site.ts), built once for the run. */
const siteUrl = inject('collectionSiteUrl');

describe.each([320, 375])('a title with a word longer than the screen is wide (a German compound), at %i px', (width) => {
  test('wraps on its article and on every list page: no page scrolls sideways', async ({ openPage }) => {
    const { page } = await openPage(width, { reducedMotion: 'reduce' });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${siteUrl}/reports/report-06/`);
    await expect(page.locator('h1').textContent()).resolves.toMatch(/\p{L}{30}/u);
    expect(await overflow()).toBe(0);
    let listed = false;
    for (let number = 1; ; number += 1) {
      const response = await page.goto(`${siteUrl}/reports/${number === 1 ? '' : `page/${number}/`}`);
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
    await page.goto(`${siteUrl}/reports/report-06/`);
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
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe.each([375, 1280])('an article with every feature an editor uses (footnotes, a figure, tasks, code), at %i px', (width) => {
  test('passes axe: its notes, its heading links and its tasks are named, its code block has contrast', async ({ openPage }) => {
    const { page } = await openPage(width, { reducedMotion: 'reduce' });
    await page.goto(`${siteUrl}/reports/report-08/`);
    // The case under test: each feature is on the page.
    for (const selector of [
      '[role="doc-noteref"]',
      'figure > figcaption',
      '.c-article__heading-link',
      'input[type="checkbox"]',
      'pre span',
    ])
      expect(await page.locator(`.c-article__body ${selector}`).count(), selector).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

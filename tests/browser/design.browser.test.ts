import { describe, expect, inject } from 'vitest';
import { type BrowserFixtures, PAGE_PATHS, test, untilScripted } from '../support/browser';

const siteUrl = inject('siteUrl');

describe.each([320, 375, 768, 1280, 1920])('at %i px wide', (width) => {
  test('no page scrolls horizontally', async ({ openPage }) => {
    const { page } = await openPage(width);
    const overflowing: string[] = [];
    for (const route of PAGE_PATHS) {
      await page.goto(siteUrl + route);
      const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
        const root = document.documentElement;
        // The element that sticks out furthest, to name it when the check fails.
        let widest = '';
        let right = root.clientWidth;
        for (const element of document.body.querySelectorAll('*')) {
          const box = element.getBoundingClientRect();
          if (box.right > right + 0.5) {
            right = box.right;
            widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
          }
        }
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
      });
      if (scrollWidth > clientWidth) overflowing.push(`${route} (${scrollWidth}px > ${clientWidth}px; ${widest})`);
    }
    expect(overflowing).toEqual([]);
  });
});

describe('staggered reveals on the launch page', () => {
  async function delaysOf(openPage: BrowserFixtures['openPage'], selector: string): Promise<string[]> {
    const { page } = await openPage(1280);
    await page.goto(`${siteUrl}/launch-new-lending-product`);
    await untilScripted(page);
    await page.locator(selector).first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.$$eval(`${selector}:not(.is-revealed > *)`, (cards) => cards.length)).toBe(0);
    const delays = await page.$$eval(selector, (cards) => cards.map((card) => getComputedStyle(card).transitionDelay));
    return delays;
  }

  test("pins the specification: the 7 product kinds' cards step by 0.1 s", async ({ openPage }) => {
    const delays = await delaysOf(openPage, '#products .c-card-grid__item');
    expect(delays).toHaveLength(7);
    expect(delays).toEqual(['0s', '0.1s', '0.2s', '0.3s', '0.4s', '0.5s', '0.6s']);
  });

  test("pins the specification: the 3 pillars' cards step by 0.2 s", async ({ openPage }) => {
    expect(await delaysOf(openPage, '#pillars .c-card-grid__item')).toEqual(['0s', '0.2s', '0.4s']);
  });

  test('hides the pillars below the fold and reveals them once scrolled into view', async ({ openPage }) => {
    const { page } = await openPage(1280);
    await page.goto(`${siteUrl}/launch-new-lending-product`);
    await untilScripted(page);
    const opacity = () => page.$$eval('#pillars .c-card-grid__item', (cards) => cards.map((card) => getComputedStyle(card).opacity));
    await expect.poll(opacity).toEqual(['0', '0', '0']);
    await page.locator('#pillars').scrollIntoViewIfNeeded();
    await expect.poll(opacity, { timeout: 5000 }).toEqual(['1', '1', '1']);
  });
});

import { describe, expect, inject } from 'vitest';
import { PAGE_PATHS, test, untilScripted } from '../support/browser';

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

import { describe, expect, inject } from 'vitest';
import { PAGE_PATHS, test } from '../support/browser';

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

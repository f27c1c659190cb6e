import { describe, expect, inject, it } from 'vitest';
import { openPage, PAGE_PATHS, useBrowser } from '../support/browser';

const siteUrl = inject('siteUrl');
const browser = useBrowser();

describe.each([320, 375, 768, 1280, 1920])('at %i px wide', (width) => {
  it('no page scrolls horizontally', async () => {
    const { page, close } = await openPage(browser(), width);
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
    await close();
  });
});

describe('staggered reveals on the launch page', () => {
  async function delaysOf(selector: string): Promise<string[]> {
    const { page, close } = await openPage(browser(), 1280);
    await page.goto(siteUrl + '/launch-new-lending-product');
    await page.locator(selector).first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.$$eval(`${selector}:not(.is-revealed > *)`, (cards) => cards.length)).toBe(0);
    const delays = await page.$$eval(selector, (cards) => cards.map((card) => getComputedStyle(card).transitionDelay));
    await close();
    return delays;
  }

  it('steps the product cards by 0.1 s', async () => {
    const delays = await delaysOf('#products .c-card');
    expect(delays).toHaveLength(7);
    expect(delays).toEqual(['0s', '0.1s', '0.2s', '0.3s', '0.4s', '0.5s', '0.6s']);
  });

  it('steps the pillars by 0.2 s', async () => {
    expect(await delaysOf('#pillars .c-card')).toEqual(['0s', '0.2s', '0.4s']);
  });

  it('hides the pillars below the fold and reveals them once scrolled into view', async () => {
    const { page, close } = await openPage(browser(), 1280);
    await page.goto(siteUrl + '/launch-new-lending-product');
    const opacity = () => page.$$eval('#pillars .c-card', (cards) => cards.map((card) => getComputedStyle(card).opacity));
    expect(await opacity()).toEqual(['0', '0', '0']);
    await page.locator('#pillars').scrollIntoViewIfNeeded();
    await expect.poll(opacity, { timeout: 5000 }).toEqual(['1', '1', '1']);
    await close();
  });
});

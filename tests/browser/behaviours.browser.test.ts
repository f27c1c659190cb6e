/**
 * Chromium only: what needs Playwright's contexts (reduced motion) or holds for every engine alike.
 * The menu, the reveal, the 404 page and every page's console run in every engine (tests/engines/).
 */
import { describe, expect, inject } from 'vitest';
import { invisibleElements } from '../../scripts/lib/engines/in-page';
import { NAV_LABELS, test, untilScripted } from '../support/browser';

const siteUrl = inject('siteUrl');

describe('the header at 1280 px', () => {
  test('shows the links and hides the menu button', async ({ openPage }) => {
    const { page } = await openPage(1280);
    await page.goto(`${siteUrl}/`);
    await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').count()).resolves.toBe(NAV_LABELS.length);
    for (const link of await nav.getByRole('link').all()) await expect(link.isVisible()).resolves.toBe(true);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Request Demo' }).isVisible()).resolves.toBe(true);
  });

  test('stays at the top of the viewport while the page scrolls', async ({ openPage }) => {
    const { page } = await openPage(1280);
    await page.goto(`${siteUrl}/`);
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
  });
});

describe('the scroll reveal', () => {
  for (const [label, options] of [
    ['with reduced motion', { reducedMotion: 'reduce' as const }],
    ['without JavaScript', { javaScriptEnabled: false }],
  ] as const) {
    test(`shows everything at load ${label}`, async ({ openPage }) => {
      const { page } = await openPage(1280, options);
      await page.goto(`${siteUrl}/`);
      if (!('javaScriptEnabled' in options)) await untilScripted(page);
      expect(await page.evaluate(invisibleElements, { selector: 'main *', ownText: false })).toEqual([]);
    });
  }
});

import { describe, expect, inject } from 'vitest';
import { PAGE_PATHS, test, untilScripted, axeViolations as violations } from '../support/browser';

const siteUrl = inject('siteUrl');

// Reduced motion shows every section at once, so that colour contrast is measured on the final
// state rather than mid-fade; the reveal itself is tested elsewhere.
describe.each([
  ['375 px, menu closed', 375, false],
  ['375 px, menu open', 375, true],
  ['1280 px', 1280, false],
] as const)('axe at %s', (_label, width, openMenu) => {
  test.for(PAGE_PATHS)('%s has no violations', async (routePath, { openPage }) => {
    const { page } = await openPage(width, { reducedMotion: 'reduce' });
    await page.goto(siteUrl + routePath);
    await untilScripted(page);
    if (openMenu) {
      await page.locator('[data-header-toggle]').click();
      await expect(page.locator('[data-header-toggle]').getAttribute('aria-expanded')).resolves.toBe('true');
    }
    expect(await violations(page)).toEqual([]);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright';
import { describe, expect, inject } from 'vitest';
import { PAGE_PATHS, test, untilScripted } from '../support/browser';

const siteUrl = inject('siteUrl');

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA (which include target-size), and axe's best practices.
 * (Not `withRules`: it would replace the tag selection instead of adding to it.)
 */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.passes.map((rule) => rule.id)).toContain('target-size');
  // A run that checked nothing would pass vacuously.
  expect(results.passes.length).toBeGreaterThan(20);
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`),
  );
}

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

import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { openPage, PAGE_PATHS, useBrowser } from '../support/browser';

const siteUrl = inject('siteUrl');

const browser = useBrowser();

/** Elements under main or footer that render nothing: opacity 0 (themselves or through an ancestor). */
async function invisibleText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *, footer *')]
      .filter((element) => element.childNodes.length > 0 && [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
      .filter((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (getComputedStyle(node).opacity === '0' || getComputedStyle(node).visibility === 'hidden') return true;
        }
        return false;
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`),
  );
}

/** Scrolls to the bottom in steps, as a reader would, so that every reveal gets its chance. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += 300) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
}

describe('with prefers-reduced-motion: reduce', () => {
  it.each(PAGE_PATHS)('%s shows everything at load and moves nothing', async (routePath) => {
    const { page, close } = await openPage(browser(), 1280, { reducedMotion: 'reduce' });
    await page.goto(siteUrl + routePath);
    expect(await invisibleText(page)).toEqual([]);
    const moving = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) => {
        const style = getComputedStyle(element);
        const durations = style.transitionDuration.split(',').map(parseFloat);
        const properties = style.transitionProperty.split(',').map((property) => property.trim());
        const movesInTransition = properties.some(
          (property, index) => /^(all|transform|translate|top|left|margin.*|opacity)$/.test(property) && (durations[index] ?? durations[0] ?? 0) > 0,
        );
        const animated = style.animationName !== 'none';
        return movesInTransition || animated ? [`${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`] : [];
      }),
    );
    expect(moving).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    await close();
  });
});

describe('without JavaScript', () => {
  it.each(PAGE_PATHS)('%s shows every section’s text and a usable navigation', async (routePath) => {
    const { page, close } = await openPage(browser(), 375, { javaScriptEnabled: false });
    await page.goto(siteUrl + routePath);
    expect(await invisibleText(page)).toEqual([]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').count()).resolves.toBe(5);
    for (const link of await nav.getByRole('link').all()) await expect(link.isVisible()).resolves.toBe(true);
    await close();
  });
});

describe('with JavaScript, after scrolling through', () => {
  it.each(PAGE_PATHS)('%s has revealed every section', async (routePath) => {
    const { page, close } = await openPage(browser(), 1280);
    await page.goto(siteUrl + routePath);
    await scrollThrough(page);
    await expect.poll(() => invisibleText(page), { timeout: 5000 }).toEqual([]);
    await close();
  });
});

describe('the largest paint', () => {
  it.each(PAGE_PATHS)('%s: the hero heading and illustration are visible even when the script never arrives', async (routePath) => {
    const { page, close } = await openPage(browser(), 375);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(siteUrl + routePath);
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll('main > section:first-child :is(h1, svg, figure)')]
        .filter((element) => {
          for (let node: Element | null = element; node; node = node.parentElement) {
            if (getComputedStyle(node).opacity === '0' || getComputedStyle(node).visibility === 'hidden') return true;
          }
          return false;
        })
        .map((element) => element.tagName),
    );
    expect(hidden).toEqual([]);
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    expect(await page.locator('main > section:first-child [data-module="reveal"]').count()).toBe(0);
    await close();
  });
});

describe('network and console', () => {
  it.each(PAGE_PATHS)('%s requests nothing from another origin, and logs no warning or error', async (routePath) => {
    const record = await openPage(browser(), 1280);
    const origins = new Set<string>();
    record.page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await record.page.goto(siteUrl + routePath, { waitUntil: 'load' });
    await scrollThrough(record.page);
    await record.page.waitForLoadState('networkidle');
    expect([...origins]).toEqual([new URL(siteUrl).origin]);
    const unexpected = record.consoleErrors.filter(
      // An unknown path must log its own 404 report, and Chromium notes the document's 404 status.
      (text) => !(routePath === '/no-such-page' && (/non-existent route/.test(text) || text.startsWith('Failed to load resource'))),
    );
    expect(unexpected).toEqual([]);
    expect(record.consoleWarnings).toEqual([]);
    expect(record.failedRequests).toEqual([]);
    await record.close();
  });
});

describe('layout shift', () => {
  it.each(PAGE_PATHS.flatMap((routePath) => [375, 1280].map((width) => [routePath, width] as const)))(
    '%s at %i px: zero cumulative layout shift while loading and scrolling',
    async (routePath, width) => {
      const { page, close } = await openPage(browser(), width);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { __shifts: number[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(siteUrl + routePath, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      await scrollThrough(page);
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
      await close();
    },
  );
});

import { describe, expect, inject } from 'vitest';
import { routes } from '../../pages/routes';
import { NAV_LABELS, test, untilScripted } from '../support/browser';

const siteUrl = inject('siteUrl');

describe('the mobile menu at 375 px', () => {
  test('opens and closes with the menu button, and aria-expanded follows', async ({ openPage }) => {
    const { page } = await openPage(375);
    await page.goto(`${siteUrl}/`);
    await untilScripted(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const firstLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio Monitoring' });

    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(firstLink.isVisible()).resolves.toBe(false);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(firstLink.isVisible()).resolves.toBe(true);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(firstLink.isVisible()).resolves.toBe(false);
  });

  test('closes on Escape and returns focus to the menu button', async ({ openPage }) => {
    const { page } = await openPage(375);
    await page.goto(`${siteUrl}/`);
    await untilScripted(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Portfolio Monitoring');
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).resolves.toBe(
      await toggle.getAttribute('aria-controls'),
    );
  });

  test('closes when a link is chosen', async ({ openPage }) => {
    const { page } = await openPage(375);
    await page.goto(`${siteUrl}/about-us/`);
    await untilScripted(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    // A same-page link shows the menu closing without a navigation resetting the state.
    await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('#site-menu a[href="/about-us/"]')?.setAttribute('href', '#main');
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About us' }).click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  test('closes when the window widens past the breakpoint', async ({ openPage }) => {
    const { page } = await openPage(375);
    await page.goto(`${siteUrl}/`);
    await untilScripted(page);
    // Located by attribute: once hidden at 1280 px it is no longer in the accessibility tree.
    const toggle = page.locator('[data-header-toggle]');
    await toggle.click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About us' }).isVisible()).resolves.toBe(false);
  });

  test('shows every link without JavaScript', async ({ openPage }) => {
    const { page } = await openPage(375, { javaScriptEnabled: false });
    await page.goto(`${siteUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of NAV_LABELS) {
      await expect(nav.getByRole('link', { name: label }).isVisible(), label).resolves.toBe(true);
    }
    await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
  });
});

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
  const opacityOf = (selector: string) => `getComputedStyle(document.querySelector('${selector}')).opacity`;

  test('hides a section below the fold at load and shows it once scrolled into view', async ({ openPage }) => {
    const { page } = await openPage(1280);
    await page.goto(`${siteUrl}/`);
    await untilScripted(page);
    const target = '#benefits [data-module="reveal"]';
    // Hidden with the browser's first rendering after the script starts (it starts after the first paint).
    await expect.poll(() => page.evaluate(opacityOf(target))).toBe('0');
    await page.evaluate((selector) => document.querySelector(selector)?.scrollIntoView({ behavior: 'instant' }), target);
    await expect.poll(() => page.evaluate(opacityOf(target)), { timeout: 5000 }).toBe('1');
  });

  test('never hides what is on screen at load', async ({ openPage }) => {
    const { page } = await openPage(1280);
    await page.goto(`${siteUrl}/`);
    await untilScripted(page);
    await expect(page.evaluate(opacityOf('.c-hero'))).resolves.toBe('1');
    await expect(page.evaluate(opacityOf('h1'))).resolves.toBe('1');
  });

  for (const [label, options] of [
    ['with reduced motion', { reducedMotion: 'reduce' as const }],
    ['without JavaScript', { javaScriptEnabled: false }],
  ] as const) {
    test(`shows everything at load ${label}`, async ({ openPage }) => {
      const { page } = await openPage(1280, options);
      await page.goto(`${siteUrl}/`);
      if (!('javaScriptEnabled' in options)) await untilScripted(page);
      const hidden = await page.evaluate(
        () => [...document.querySelectorAll('main *')].filter((element) => getComputedStyle(element).opacity === '0').length,
      );
      expect(hidden).toBe(0);
    });
  }
});

describe('unknown paths', () => {
  test('get the 404 page and a console error naming the path', async ({ openPage }) => {
    const record = await openPage(1280);
    const response = await record.page.goto(`${siteUrl}/no-such-page/here`);
    expect(response?.status()).toBe(404);
    await expect(record.page.locator('h1').textContent()).resolves.toBe('404');
    await expect(record.page.getByText('Oops! Page not found').isVisible()).resolves.toBe(true);
    await expect(record.page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');
    // Chromium itself reports the document's 404 status; the page adds exactly one message of its own.
    const ownErrors = () => record.consoleErrors.filter((text) => !text.startsWith('Failed to load resource'));
    await expect.poll(() => ownErrors().length).toBe(1);
    expect(ownErrors()[0]).toContain('/no-such-page/here');
    expect(ownErrors()[0]).toMatch(/non-existent route/);
    expect(record.failedRequests).toEqual([]);
  });
});

describe('every page', () => {
  test.for(routes.map((route) => route.path))('%s loads with no console error or failed request', async (routePath, { openPage }) => {
    const record = await openPage(1280);
    const response = await record.page.goto(siteUrl + routePath, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await record.page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await record.page.waitForTimeout(100);
    expect(record.consoleErrors).toEqual([]);
    expect(record.consoleWarnings).toEqual([]);
    expect(record.failedRequests).toEqual([]);
  });
});

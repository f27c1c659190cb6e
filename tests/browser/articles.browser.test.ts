/**
 * What an editor writes, as a reader on a phone gets it: the fixture collection
 * (tests/fixtures/collection/) built and served as `npm run preview` serves the site. A table wider
 * than a phone scrolls on its own, reached from the keyboard, and never makes the page scroll
 * sideways; the page passes axe.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { type RunningServer, startServe } from '../../scripts/lib/server';
import { site } from '../../site.config';
import { test } from '../support/browser';

let workDir: string;
let server: RunningServer;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'articles-browser-'));
  const outDir = path.join(workDir, 'dist');
  await runBuild({
    outDir,
    log: () => {},
    pages: 'tests/fixtures/collection/pages.tsx',
    now: Date.parse('2026-06-01T00:00:00Z'),
    siteUrl: site.url,
  });
  server = await startServe(outDir);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
});

describe.each([320, 375])('an article with a table wider than the screen, at %i px', (width) => {
  test('scrolls the table, not the page, and the keyboard reaches it to scroll it', async ({ openPage }) => {
    const { page } = await openPage(width, { reducedMotion: 'reduce' });
    await page.goto(`${server.url}/reports/report-06/`);
    const table = page.locator('.c-article__body table');
    const sizes = () =>
      table.evaluate((element) => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: element.scrollWidth - element.clientWidth,
        scrolled: element.scrollLeft,
      }));
    const before = await sizes();
    expect(before.page).toBe(0);
    // Wider than the screen: the case under test, not a table that happens to fit.
    expect(before.table).toBeGreaterThan(0);
    // From the last link before it, one Tab lands on the table; the arrow keys scroll it.
    await page.locator('.c-article__body a').last().focus();
    await page.keyboard.press('Tab');
    await expect(table.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await sizes()).scrolled).toBeGreaterThan(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

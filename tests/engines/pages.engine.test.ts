/**
 * Every page of the route table, in every engine: it loads with no console error or warning, no
 * CSP violation and no failed request, its script starts every behaviour, and after scrolling to
 * the end nothing is left hidden; without JavaScript every word and the whole navigation are there.
 */
import { describe, expect, inject } from 'vitest';
import { INVISIBLE_TEXT, invisibleElements, scrollThrough } from '../../scripts/lib/engines/in-page';
import { type EnginePage, test, untilScripted } from '../support/engine';
import { NAV_LABELS, PAGE_PATHS, UNKNOWN_PATH } from '../support/site';

const siteUrl = inject('siteUrl');

/** Text under main or footer that renders nothing: opacity 0 or hidden, itself or through an ancestor. */
const invisibleText = (page: EnginePage) => page.evaluate(invisibleElements, INVISIBLE_TEXT);

describe('every page, with JavaScript', () => {
  test.for(PAGE_PATHS)(
    '%s loads with no console error, CSP violation or failed request, and reveals everything',
    async (routePath, { openPage }) => {
      const page = await openPage({ width: 1280 });
      await page.goto(siteUrl + routePath);
      await untilScripted(page);
      await page.evaluate(scrollThrough);
      // The last reveals may still be fading in: a look every 100 ms, for up to 3 s.
      await expect.poll(() => invisibleText(page), { timeout: 3000, interval: 100 }).toEqual([]);
      const problems = await page.problems();
      // The unknown path reports itself, once.
      const expected = routePath === UNKNOWN_PATH ? [`404 Error: User attempted to access non-existent route: "${UNKNOWN_PATH}"`] : [];
      expect(problems).toEqual({ consoleErrors: expected, consoleWarnings: [], cspViolations: [], failedRequests: [] });
    },
  );
});

describe('every page, without JavaScript', () => {
  test.for(PAGE_PATHS)('%s shows every section’s text and the whole navigation', async (routePath, { openPage }) => {
    const page = await openPage({ width: 375, javaScript: false });
    await page.goto(siteUrl + routePath);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    expect(await invisibleText(page)).toEqual([]);
    const navigation = await page.evaluate(() =>
      [...document.querySelectorAll('nav[aria-label="Main"] a')].map((link) => {
        const box = link.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? link.textContent?.trim() : `hidden: ${link.textContent?.trim()}`;
      }),
    );
    expect(navigation).toEqual(NAV_LABELS);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-header-toggle]') as Element).display)).toBe('none');
  });
});

describe('the checks themselves', () => {
  test('see a console error, the browser’s own console notes, a CSP violation and a failed request when a page has them', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1280 });
    await page.goto(`${siteUrl}/`);
    await page.evaluate(() => {
      console.error('made by the test');
      // A policy with a directive no engine knows, which the engine itself notes in its console, as
      // WebKit did manifest-src.
      const policy = document.createElement('meta');
      policy.httpEquiv = 'Content-Security-Policy';
      policy.content = "no-such-directive 'none'";
      document.head.append(policy);
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      const image = document.createElement('img');
      image.src = '/assets/no-such-image.png';
      document.body.append(image);
      const face = new FontFace('Probe', 'url(/assets/no-such-font.woff2)');
      document.fonts.add(face);
      face.load().catch(() => {});
    });
    // Each is reported a little later: the violation and the failed load are events of their own.
    await expect
      .poll(() => page.problems(), { timeout: 5000, interval: 100 })
      .toMatchObject({
        consoleErrors: expect.arrayContaining(['made by the test']),
        // Once for the meta tag's policy and once for the header's, where the engine reports each.
        cspViolations: expect.arrayContaining([expect.stringMatching(/^script-src/)]),
        // WebKit sends no event for a font: its face says so (scripts/lib/engines/webkit.ts).
        failedRequests: expect.arrayContaining([
          expect.stringContaining('/assets/no-such-image.png'),
          expect.stringMatching(/\/assets\/no-such-font\.woff2|^font Probe /),
        ]),
      });
    // Firefox's WebDriver BiDi log carries the console API and script errors only, not its own notes.
    if (page.engine !== 'firefox') {
      expect((await page.problems()).consoleErrors).toContainEqual(expect.stringContaining('no-such-directive'));
    }
  });
});

import type { Page } from 'playwright';
import { describe, expect, inject } from 'vitest';
import { PAGE_PATHS, test, untilScripted } from '../support/browser';

const siteUrl = inject('siteUrl');

interface FocusStop {
  label: string;
  top: number;
  bottom: number;
  coveredByHeader: boolean;
  outlineStyle: string;
  outlineWidth: number;
  contrast: number;
}

/**
 * Tabs through the whole page and describes each focused element: where it is against the sticky
 * header, and how visible its focus ring is (outline width, and contrast of the outline colour
 * against the background behind the element).
 */
async function tabThrough(page: Page, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 120): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press(key);
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const parse = (value: string): [number, number, number, number] => {
        const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
        return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
      };
      const luminance = ([r, g, b]: [number, number, number, number]) => {
        const f = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      // The first opaque background colour behind the element (gradients fall back to their colour layer).
      let background: [number, number, number, number] = [255, 255, 255, 1];
      for (let node: Element | null = element.parentElement; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0.5) {
          background = colour;
          break;
        }
      }
      const style = getComputedStyle(element);
      const outline = parse(style.outlineColor);
      const [light, dark] = [luminance(outline), luminance(background)].sort((a, b) => b - a) as [number, number];
      const box = element.getBoundingClientRect();
      const header = document.querySelector('body > header');
      // Covered when what is painted along the element's top edge belongs to the header instead.
      const probeY = Math.max(0, box.top + 2);
      const coveredByHeader =
        !header?.contains(element) &&
        [box.left + 2, (box.left + box.right) / 2, box.right - 2].some((x) => {
          const hit = document.elementFromPoint(x, probeY);
          return Boolean(hit && header?.contains(hit));
        });
      return {
        label: `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
        top: box.top,
        bottom: box.bottom,
        coveredByHeader,
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        contrast: (light + 0.05) / (dark + 0.05),
      };
    });
    if (!stop) break;
    if (stops.length > 0 && stop.label === stops[0]?.label && stop.top === stops[0]?.top) break;
    stops.push(stop);
  }
  return stops;
}

describe('the skip link', () => {
  test.for(PAGE_PATHS)('is the first focusable element of %s and moves focus to the main content', async (routePath, { openPage }) => {
    const { page } = await openPage(1280);
    await page.goto(siteUrl + routePath);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const box = element.getBoundingClientRect();
      return { text: element.textContent, visible: box.top >= 0 && box.height > 0 };
    });
    expect(skip).toEqual({ text: 'Skip to main content', visible: true });
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await page.keyboard.press('Tab');
    // The next stop is past the header: in the main content, or after it where it holds no link (an empty list).
    const next = await page.evaluate(() => {
      const main = document.getElementById('main');
      const active = document.activeElement;
      if (!main || !active || active === document.body) return 'nothing focused';
      if (main.contains(active)) return 'in main';
      if (main.querySelector('a[href], button, input, select, textarea, [tabindex="0"]')) return 'past a link of main';
      return main.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after main' : 'before main';
    });
    expect(['in main', 'after main']).toContain(next);
  });
});

describe.each([375, 1280])('tabbing through every page at %i px', (width) => {
  test.for(PAGE_PATHS)(
    '%s: every focus stop has a visible 3:1 focus ring and is never under the header',
    async (routePath, { openPage }) => {
      const { page } = await openPage(width, { reducedMotion: 'reduce' });
      await page.goto(siteUrl + routePath);
      await untilScripted(page);
      // Forwards, then backwards from the footer: going back up, the browser scrolls each element to
      // the top of the viewport, where the sticky header could cover it.
      const forwards = await tabThrough(page);
      const backwards = await tabThrough(page, 'Shift+Tab');
      expect(forwards.length).toBeGreaterThan(5);
      expect(backwards.length).toBeGreaterThan(5);
      const stops = [...forwards, ...backwards];
      const problems = stops.flatMap((stop) => {
        const found: string[] = [];
        if (stop.outlineStyle === 'none' || stop.outlineWidth < 2) found.push(`${stop.label}: no visible focus ring`);
        if (stop.contrast < 3) found.push(`${stop.label}: focus ring contrast ${stop.contrast.toFixed(2)}`);
        if (stop.coveredByHeader) found.push(`${stop.label}: hidden under the header`);
        if (stop.top < 0) found.push(`${stop.label}: above the viewport`);
        return found;
      });
      expect(problems).toEqual([]);
    },
  );
});

describe('the menu button', () => {
  test('has a name, a 24×24 px target at least, and drives the whole navigation from the keyboard', async ({ openPage }) => {
    const { page } = await openPage(375);
    await page.goto(`${siteUrl}/`);
    await untilScripted(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const box = await toggle.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    // Skip link, brand, then the menu button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.hasAttribute('data-header-toggle'))).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const labels: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      labels.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(labels).toEqual(['Portfolio Monitoring', 'Credit Decision', 'Launch Product', 'Leasing Decisions', 'About us', 'Request Demo']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/about-us/);
    await expect(page.locator('h1').textContent()).resolves.toMatch(/banking professionals/);
  });
});

describe('in-page anchors', () => {
  test.for([375, 1280])('land each section heading below the sticky header at %i px', async (width, { openPage }) => {
    const { page } = await openPage(width, { reducedMotion: 'reduce' });
    await page.goto(`${siteUrl}/`);
    const ids = await page.$$eval('main section[id]', (sections) => sections.map((section) => section.id));
    expect(ids.length).toBeGreaterThan(5);
    const covered: string[] = [];
    for (const id of ids) {
      await page.evaluate((target) => {
        window.location.hash = target;
      }, id);
      const { headingTop, headerBottom } = await page.evaluate((target) => {
        const heading = document.getElementById(target)?.querySelector('h2');
        return {
          headingTop: heading?.getBoundingClientRect().top ?? -1,
          headerBottom: document.querySelector('body > header')?.getBoundingClientRect().bottom ?? 0,
        };
      }, id);
      if (headingTop < headerBottom) covered.push(`#${id}: heading at ${headingTop}px, header ends at ${headerBottom}px`);
    }
    expect(covered).toEqual([]);
  });
});

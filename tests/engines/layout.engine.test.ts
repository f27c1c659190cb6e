/**
 * Layout in every engine (the header's own, at every width: header.engine.test.ts): no page
 * scrolls sideways, no text box overlaps another, and every section is within 15% of its height in Chromium, measured
 * in the same run (`npm run screenshots -- --engine all` shows the pages themselves).
 */
import { describe, expect, inject } from 'vitest';
import { scrollThrough } from '../../scripts/lib/engines/in-page';
import { type EnginePage, engineName, test, untilScripted } from '../support/engine';
import { PAGE_PATHS } from '../support/site';

const siteUrl = inject('siteUrl');
const WIDTHS = [375, 1280] as const;
/** How far a section's height may stray from Chromium's. */
const HEIGHT_TOLERANCE = 0.15;

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  overlaps: string[];
  sections: { name: string; height: number }[];
}

/** Scrolls through (every reveal done), back to the top, and measures. */
async function measure(page: EnginePage, url: string): Promise<Layout> {
  await page.goto(url);
  await untilScripted(page);
  await page.evaluate(scrollThrough);
  return page.evaluate(async () => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    await document.fonts.ready;
    // Every line of text as a box in page coordinates, with what it says.
    const lines: { text: string; node: Text; box: DOMRect }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!node.textContent?.trim()) continue;
      const style = node.parentElement && getComputedStyle(node.parentElement);
      if (!style || style.visibility === 'hidden') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        // Visually hidden text (1 px, clipped) is for screen readers.
        if (box.width > 1 && box.height > 1) lines.push({ text: node.textContent.trim().slice(0, 30), node, box });
      }
    }
    const overlaps: string[] = [];
    for (let i = 0; i < lines.length; i += 1) {
      for (let j = i + 1; j < lines.length; j += 1) {
        const a = lines[i];
        const b = lines[j];
        if (!a || !b || a.node === b.node) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        // Line boxes of neighbouring lines may touch where line-height is tight: a third of a line is an overlap.
        if (across > 2 && down > Math.min(a.box.height, b.box.height) / 3) overlaps.push(`“${a.text}” and “${b.text}”`);
      }
    }
    const sections = [...document.querySelectorAll('body > header, main > section, body > footer')].map((section, index) => ({
      name: section.id || `${section.tagName.toLowerCase()} ${index}`,
      height: section.getBoundingClientRect().height,
    }));
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, overlaps, sections };
  });
}

describe.each(WIDTHS)('every page at %i px', (width) => {
  const compared = engineName === 'chromium' ? '' : `, every section within ${HEIGHT_TOLERANCE * 100}% of its height in Chromium`;
  test.for(PAGE_PATHS)(`%s: no sideways scroll, no text over other text${compared}`, async (routePath, { openPage, reference }) => {
    const [own, chromium] = await Promise.all([
      openPage({ width }).then((page) => measure(page, siteUrl + routePath)),
      // Chromium is measured in the same run, so that both see the same build.
      compared
        ? reference.open({ width }).then(async (page) => {
            try {
              return await measure(page, siteUrl + routePath);
            } finally {
              await page.close();
            }
          })
        : undefined,
    ]);
    expect(own.scrollWidth).toBeLessThanOrEqual(own.clientWidth);
    expect(own.overlaps).toEqual([]);
    if (!chromium) return;
    expect(own.sections.map((section) => section.name)).toEqual(chromium.sections.map((section) => section.name));
    const strays = own.sections.flatMap((section, index) => {
      const expected = chromium.sections[index]?.height ?? 0;
      const ratio = Math.abs(section.height - expected) / expected;
      return ratio > HEIGHT_TOLERANCE
        ? [`${section.name}: ${Math.round(section.height)} px against ${Math.round(expected)} px in Chromium`]
        : [];
    });
    expect(strays).toEqual([]);
  });
});

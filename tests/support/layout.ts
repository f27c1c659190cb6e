/**
 * A page's layout as tests/engines/layout.engine.test.ts holds it in every engine: how wide it scrolls, which lines of text
 * overlap, and each section's height (body > header, main > section, body > footer), which every engine keeps near Chromium's.
 */
import { scrollThrough } from '../../scripts/lib/engines/in-page';
import type { EnginePage } from '../../scripts/lib/engines/page';
import { untilScripted } from './engine-page';

export interface Layout {
  scrollWidth: number;
  clientWidth: number;
  overlaps: string[];
  sections: { name: string; height: number }[];
}

/** Opens `url` in `page`, scrolls through it (every reveal done), back to the top, and measures. */
export async function measureLayout(page: EnginePage, url: string): Promise<Layout> {
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

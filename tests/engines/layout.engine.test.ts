/**
 * Layout in every engine (the header's own, at every width: header.engine.test.ts): no page
 * scrolls sideways, no text box overlaps another, and every section is within 15% of its height in Chromium, measured
 * in the same run, once for the project `chromium` and every engine that compares with it
 * (tests/support/setup-chromium-layouts.ts). `npm run screenshots -- --engine all` shows the pages themselves.
 */
import { describe, expect, inject } from 'vitest';
import { engineName, test } from '../support/engine';
import { type Layout, measureLayout } from '../support/layout';
import { PAGE_PATHS } from '../support/site';

const siteUrl = inject('siteUrl');
const WIDTHS = [375, 1280] as const;
/** How far a section's height may stray from Chromium's. */
const HEIGHT_TOLERANCE = 0.15;

/** The page as Chromium lays it out at `width`: measured once a run, by the first project to ask (setup-chromium-layouts.ts). */
async function chromiumLayout(routePath: string, width: number): Promise<Layout> {
  const response = await fetch(`${inject('chromiumLayouts')}/?${new URLSearchParams({ path: routePath, width: String(width) })}`);
  if (!response.ok) throw new Error(`Chromium's layout of ${routePath} at ${width} px: ${await response.text()}`);
  return (await response.json()) as Layout;
}

describe.each(WIDTHS)('every page at %i px', (width) => {
  const compared = engineName === 'chromium' ? '' : `, every section within ${HEIGHT_TOLERANCE * 100}% of its height in Chromium`;
  test.for(PAGE_PATHS)(`%s: no sideways scroll, no text over other text${compared}`, async (routePath, { openPage }) => {
    const [own, chromium] = await Promise.all([
      // Chromium's own is the one the others compare with.
      engineName === 'chromium'
        ? chromiumLayout(routePath, width)
        : openPage({ width }).then((page) => measureLayout(page, siteUrl + routePath)),
      compared ? chromiumLayout(routePath, width) : undefined,
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

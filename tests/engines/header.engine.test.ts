/**
 * The header in every engine, on the site and on copies of it (tests/support/setup-header-sites.ts,
 * built once for the run): with 3, 5, 7 and 9 entries in its navigation (labels as long as the
 * table's longest) and under brand names of 8, 16 and 24 characters. At every 40 px from 320 to
 * 1920 px, and a pixel either side of each width the stylesheet publishes and of each width at
 * which the header's layout changes: one row of the bar's height (the brand, the links or the menu
 * button, the call to action where it is not in the menu); the menu button there exactly when
 * something is in the menu, which takes the links before the call to action; nothing beyond the
 * viewport, overlapping or scrolling sideways; no label broken over two lines, and the brand on two
 * at most, only once the menu button shows its icon alone. The build's estimate of where each part
 * fits (components/Header/fit.ts) holds: the script never had to fold a row. Without JavaScript,
 * every link and the call to action are shown, wrapped under the brand, and nothing is broken.
 */
import { describe, expect, inject } from 'vitest';
import { type EnginePage, test, untilScripted, waitUntil } from '../support/engine';

/** Where each site is served: the site itself, and each copy by what it varies. */
const sites = new Map<string, string>([['the site', inject('siteUrl')]]);
for (const [name, url] of Object.entries(inject('headerSites'))) {
  const brand = /^header-brand-(\d+)$/.exec(name)?.[1];
  sites.set(brand ? `a brand name of ${brand} characters` : `${name.replace(/^header-/, '')} entries`, url);
}
const BRAND_SITES = [...sites.keys()].filter((name) => name.startsWith('a brand'));

/** The width, in px, from which the page's header shows its links in the row; NaN where it never does. */
function rowStart(): number {
  const em = /\bc-header--row-from-(\d+)\b/.exec(document.querySelector('body > header')?.className ?? '')?.[1];
  return Number(em) * Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
}

/**
 * What is wrong with the header at the page's width; nothing when it holds. With `scripted`, after
 * the frames a resize brings; and each part where the build's modifiers put it, unless the reader
 * set their `ownSpacing`, which the build's estimate cannot know (the script may fold the row, and
 * the brand break). Without, the page has no script: its header wraps, and shows every part.
 */
async function headerProblems(scripted: boolean, ownSpacing: boolean): Promise<string[]> {
  // The layout of the new width, and the script's look at it (a resize observer, then a frame).
  if (scripted) for (let frame = 0; frame < 3; frame += 1) await new Promise(requestAnimationFrame);
  const header = document.querySelector('body > header') as HTMLElement;
  const shown = (element: Element | null): element is Element => {
    const box = element?.getBoundingClientRect();
    return box !== undefined && box.width > 0 && box.height > 0;
  };
  const name = (part: Element) => `“${part.textContent?.trim()}”`;
  /** The heights at which a text's line boxes sit. */
  const lines = (part: Element): number => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
    }
    return tops.size;
  };
  const brand = header.querySelector('.c-header__brand');
  const toggle = header.querySelector('[data-header-toggle]');
  const label = header.querySelector('.c-header__toggle-label');
  const links = [...header.querySelectorAll('.c-header__link')];
  const cta = header.querySelector('.c-header__cta');
  const parts = [brand, toggle, ...links, cta].filter(shown);
  const problems: string[] = [];
  if (!shown(brand)) problems.push('no brand');
  const linksShown = links.filter(shown).length;
  if (!scripted) {
    if (shown(toggle)) problems.push('a menu button, with no script to open it');
    if (linksShown !== links.length || !shown(cta))
      problems.push(`${linksShown} of ${links.length} links shown, ${shown(cta) ? 'and' : 'but not'} the call to action`);
  } else {
    const inMenu = linksShown === 0 || !shown(cta);
    if (linksShown !== 0 && linksShown !== links.length) problems.push(`${linksShown} of ${links.length} links shown`);
    if (shown(toggle) !== inMenu)
      problems.push(inMenu ? 'something in the menu, and no menu button' : 'a menu button, and nothing in the menu');
    if (!shown(cta) && linksShown > 0) problems.push('the call to action in the menu before the links');
    // Only once the links and the call to action are in the menu may the button give up its word, and then the brand its line.
    const worded = shown(toggle) && label !== null && label.getBoundingClientRect().width > 1;
    if (shown(toggle) && !worded && shown(cta)) problems.push('the menu button’s icon alone, with the call to action still in the bar');
    if (!ownSpacing && brand && lines(brand) > 1 && (worded || !shown(toggle)))
      problems.push('the brand on two lines, with the menu button’s word shown');
    // Each part where the build put it (from the width its modifier names, or never), unless the script had to fold the row.
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    const from = (part: string) => {
      const em = new RegExp(`\\bc-header--${part}-from-(\\d+)\\b`).exec(header.className)?.[1];
      return em === undefined ? Number.POSITIVE_INFINITY : Number(em) * rem;
    };
    const placed: [string, boolean, number][] = [
      ['the links in the row', linksShown > 0, from('row')],
      ['the call to action in the bar', shown(cta), from('cta')],
      ['the menu button’s word', worded || !shown(toggle), from('label')],
    ];
    for (const [part, there, width] of header.classList.contains('is-folded') ? [] : placed) {
      if (there !== innerWidth >= width) problems.push(`${part} ${there ? 'shown' : 'not shown'}, from ${width} px`);
    }
    const middles = parts.map((part) => {
      const box = part.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    if (Math.max(...middles) - Math.min(...middles) > 2)
      problems.push(`parts ${Math.round(Math.max(...middles) - Math.min(...middles))} px apart`);
    const barHeight = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) * rem;
    const height = header.querySelector('.c-header__inner')?.getBoundingClientRect().height ?? 0;
    if (Math.abs(height - barHeight) > 0.5) problems.push(`the bar ${height} px tall, not ${barHeight} px`);
    if (!ownSpacing && header.classList.contains('is-folded')) problems.push('folded by the script: the estimate was wrong');
  }
  const viewport = document.documentElement.clientWidth;
  const outside = parts.filter((part) => part.getBoundingClientRect().left < 0 || part.getBoundingClientRect().right > viewport + 0.5);
  if (outside.length > 0) problems.push(`beyond the viewport: ${outside.map(name).join(', ')}`);
  if (document.documentElement.scrollWidth > viewport) problems.push(`the page ${document.documentElement.scrollWidth} px wide`);
  for (const [index, part] of parts.entries()) {
    const box = part.getBoundingClientRect();
    for (const other of parts.slice(index + 1)) {
      const next = other.getBoundingClientRect();
      const apart =
        Math.min(box.right, next.right) - Math.max(box.left, next.left) <= 0.5 ||
        Math.min(box.bottom, next.bottom) - Math.max(box.top, next.top) <= 0.5;
      if (!apart) problems.push(`${name(part)} over ${name(other)}`);
    }
  }
  // A label on one line has the boxes of its text at one height; the brand may take two.
  for (const part of parts) {
    const most = part === brand ? 2 : 1;
    if (lines(part) > most) problems.push(`${name(part)} on ${lines(part)} lines`);
  }
  return problems;
}

/** The widths to look at: every 40 px, and a pixel either side of each width the stylesheet publishes and the header changes at. */
async function widthsToCheck(page: EnginePage): Promise<number[]> {
  const edges = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const rem = Number.parseFloat(style.fontSize);
    const published = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .flatMap((rule) => (rule instanceof CSSStyleRule && rule.selectorText === ':root' ? [...rule.style] : []))
      .filter((property) => property.startsWith('--breakpoint-'))
      .map((property) => Number.parseFloat(style.getPropertyValue(property)) * rem);
    const layout = [...(document.querySelector('body > header')?.className.matchAll(/\bc-header--[a-z]+-from-(\d+)\b/g) ?? [])];
    return { published, layout: layout.map(([, em]) => Number(em) * rem) };
  });
  expect(edges.published.length).toBeGreaterThan(3);
  return [
    ...new Set([
      ...Array.from({ length: 41 }, (_, i) => 320 + i * 40),
      ...[...edges.published, ...edges.layout].flatMap((edge) => [edge - 1, edge]),
    ]),
  ]
    .filter((width) => width >= 320 && width <= 1920)
    .sort((a, b) => a - b);
}

/** Every width's problems, in one page resized from width to width. */
async function sweep(page: EnginePage, scripted: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const width of await widthsToCheck(page)) {
    await page.resize(width);
    // Without a script there is no frame to wait for: reading the layout lays the new width out, once the engine has it.
    if (!scripted) await waitUntil(page, `the viewport at ${width} px`, (wanted: number) => innerWidth === wanted, width);
    const problems = await page.evaluate(headerProblems, scripted, false);
    if (problems.length > 0) found.push(`${width} px: ${problems.join('; ')}`);
  }
  return found;
}

describe.each([...sites.keys()])('the header of %s', (name) => {
  test('holds one row at every width from 320 to 1920 px, and breaks no label', { timeout: 180_000 }, async ({ openPage }) => {
    const page = await openPage({ width: 1920 });
    await page.goto(`${sites.get(name)}/`);
    await untilScripted(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await sweep(page, true)).toEqual([]);
  });
});

describe.each(BRAND_SITES)('the header under %s', (name) => {
  test('is named with that many characters', async ({ openPage }) => {
    const page = await openPage({ width: 1920, javaScript: false });
    await page.goto(`${sites.get(name)}/`);
    const brand = await page.evaluate(() => document.querySelector('.c-header__brand-name')?.textContent ?? '');
    expect(brand.length).toBe(Number(/\d+/.exec(name)?.[0]));
  });

  test('without JavaScript, shows every link and the call to action at every width, and breaks nothing', { timeout: 180_000 }, async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1920, javaScript: false });
    await page.goto(`${sites.get(name)}/`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    expect(await sweep(page, false)).toEqual([]);
  });
});

describe('the header’s script', () => {
  test('closes an open menu when the window widens until the links come back into the row', async ({ openPage }) => {
    const page = await openPage({ width: 375 });
    await page.goto(`${sites.get('5 entries')}/`);
    await untilScripted(page);
    await page.click('[data-header-toggle]');
    const expanded = () => document.querySelector('[data-header-toggle]')?.getAttribute('aria-expanded');
    expect(await page.evaluate(expanded)).toBe('true');
    await page.resize(await page.evaluate(rowStart));
    await waitUntil(
      page,
      'the menu to close',
      () => document.querySelector('[data-header-toggle]')?.getAttribute('aria-expanded') === 'false',
    );
    await page.resize(375);
    expect(await page.evaluate(() => document.querySelector('#site-menu a')?.getClientRects().length)).toBe(0);
  });

  test('folds a row that a reader’s text spacing pushes out of the bar, and unfolds it once the spacing is gone', async ({ openPage }) => {
    const page = await openPage({ width: 1920 });
    await page.goto(`${sites.get('5 entries')}/`);
    await untilScripted(page);
    // Where the links have just come into the row, with the least room to spare.
    await page.resize(await page.evaluate(rowStart));
    expect(await page.evaluate(() => document.querySelector('[data-header-toggle]')?.getClientRects().length)).toBe(0);
    // WCAG 1.4.12's text spacing, as a reader's style sheet or extension sets it (through the CSSOM, which the CSP allows).
    const spacing = (on: boolean) => {
      for (const [property, value] of [
        ['letter-spacing', '0.12em'],
        ['word-spacing', '0.16em'],
      ]) {
        if (on) document.body.style.setProperty(property ?? '', value ?? '');
        else document.body.style.removeProperty(property ?? '');
      }
    };
    for (const on of [true, false]) {
      await page.evaluate(spacing, on);
      await waitUntil(
        page,
        `the script to ${on ? 'fold' : 'unfold'} the header`,
        (folded: boolean) => document.querySelector('body > header')?.classList.contains('is-folded') === folded,
        on,
      );
      // Folded, the bar holds one row all the same; unfolded, the estimate holds again.
      expect(await page.evaluate(headerProblems, true, on)).toEqual([]);
    }
  });
});

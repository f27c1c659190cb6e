/**
 * An article written with every feature an editor uses (tests/fixtures/collection/reports/report-08.md, built once a run:
 * tests/support/setup-collection-site.ts), as a reader gets it in each engine, on a phone and on a desktop: footnotes that
 * lead to their note and back, a figure with its caption under its picture, code highlighted in the site's colours and
 * monospace at the body's line height, a link beside each heading, tasks as boxes, nothing in a style attribute, nothing the
 * policy blocked, nothing wider than the screen.
 */
import { describe, expect, inject } from 'vitest';
import { type EnginePage, test } from '../support/engine';

const ARTICLE = `${inject('collectionSiteUrl')}/reports/report-08/`;

/**
 * Waits, a frame at a time, until the page went to the fragment, its element is in view and the page has stopped scrolling (it
 * scrolls smoothly where the reader allows motion): a click meanwhile would land where the element was.
 */
async function untilAt(page: EnginePage, id: string): Promise<{ hash: string; inView: boolean }> {
  let at = { hash: '', inView: false, y: Number.NaN };
  for (let frame = 0, settled = false; frame < 300 && !(at.hash === `#${id}` && at.inView && settled); frame += 1) {
    const before = at.y;
    at = await page.evaluate(async (target: string) => {
      await new Promise(requestAnimationFrame);
      const box = document.getElementById(target)?.getBoundingClientRect();
      return { hash: location.hash, inView: box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight, y: window.scrollY };
    }, id);
    settled = at.y === before;
  }
  return { hash: at.hash, inView: at.inView };
}

describe.each([375, 1280])('an article with every feature an editor uses, at %i px', (width) => {
  test('has its footnotes numbered, each reference leading to its note and the note back to it', async ({ openPage }) => {
    const page = await openPage({ width });
    await page.goto(ARTICLE);
    const notes = await page.evaluate(() => ({
      references: [...document.querySelectorAll('.c-article__body sup > a[role="doc-noteref"]')].map(
        (link) => `${link.textContent} ${link.getAttribute('href')} ${link.id}`,
      ),
      notes: [...document.querySelectorAll('.c-article__body section[role="doc-endnotes"] > ol > li')].map(
        (note) => `${note.id}: ${note.querySelector('p')?.firstChild?.textContent?.trim()}`,
      ),
      backlinks: [...document.querySelectorAll('[role="doc-backlink"]')].map(
        (link) => `${link.getAttribute('href')} ${link.getAttribute('aria-label')}`,
      ),
      label: document.querySelector('section[role="doc-endnotes"]')?.getAttribute('aria-label'),
    }));
    expect(notes).toEqual({
      references: ['1 #fn-1 fnref-1', '2 #fn-2 fnref-2', '1 #fn-1 fnref-1-2'],
      notes: [
        'fn-1: Payment delays of more than 30 days, from the bureau and the core banking system.',
        'fn-2: Measured at the end of each month.',
      ],
      backlinks: ['#fnref-1 Back to reference 1', '#fnref-1-2 Back to reference 1 (2)', '#fnref-2 Back to reference 2'],
      label: 'Notes',
    });
    await page.click('#fnref-2');
    expect(await untilAt(page, 'fn-2')).toEqual({ hash: '#fn-2', inView: true });
    // Back, from a page opened at the note (a click during the smooth scroll to it would land where the link was).
    const note = await openPage({ width });
    await note.goto(`${ARTICLE}#fn-2`);
    expect(await untilAt(note, 'fn-2')).toEqual({ hash: '#fn-2', inView: true });
    await note.click('#fn-2 [role="doc-backlink"]');
    expect(await untilAt(note, 'fnref-2')).toEqual({ hash: '#fnref-2', inView: true });
  });

  test("shows an image with a title as a figure, its picture loaded and its caption under it, in the caption's Markdown", async ({
    openPage,
  }) => {
    const page = await openPage({ width });
    await page.goto(ARTICLE);
    const figure = await page.evaluate(async () => {
      const element = document.querySelector('.c-article__body figure');
      const image = element?.querySelector(':scope > picture > img') as HTMLImageElement | null | undefined;
      if (image && !image.complete) await new Promise((resolve) => image.addEventListener('load', resolve, { once: true }));
      const caption = element?.querySelector(':scope > figcaption');
      return {
        alt: image?.alt,
        loaded: (image?.naturalWidth ?? 0) > 0,
        caption: caption?.innerHTML,
        below: (caption?.getBoundingClientRect().top ?? 0) >= (image?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY),
        title: image?.getAttribute('title'),
      };
    });
    expect(figure).toEqual({
      alt: 'A small green panel',
      loaded: true,
      caption: 'The <em>green</em> panel: exposure by sector, third quarter',
      below: true,
      title: null,
    });
  });

  test("highlights code in the site's colours, in a monospace face at the body's line height, with no style attribute", async ({
    openPage,
  }) => {
    const page = await openPage({ width });
    await page.goto(ARTICLE);
    const code = await page.evaluate(async () => {
      await document.fonts.ready;
      const block = document.querySelector('.c-article__body pre > code[data-language="ts"]') as HTMLElement;
      const ratio = (element: Element) => {
        const style = getComputedStyle(element);
        return Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize);
      };
      const colours = new Set([...block.querySelectorAll('span[class]')].map((span) => getComputedStyle(span).color));
      // A monospace face: an i is as wide as an m.
      const width = (text: string) => {
        const probe = document.createElement('span');
        probe.textContent = text;
        block.append(probe);
        const measured = probe.getBoundingClientRect().width;
        probe.remove();
        return measured;
      };
      return {
        keyword: block.querySelector('.c-article__code-keyword')?.textContent,
        colours: colours.size,
        plain: colours.has(getComputedStyle(block).color),
        monospace: Math.abs(width('iiiiiiiiii') - width('mmmmmmmmmm')) < 0.5,
        lineHeight: Math.abs(ratio(block) - ratio(document.querySelector('.c-article__body > p') as Element)) < 0.02,
        styled: document.querySelectorAll('body [style]').length,
      };
    });
    expect(code).toEqual({ keyword: 'export', colours: expect.any(Number), plain: false, monospace: true, lineHeight: true, styled: 0 });
    // Keywords, strings, numbers, names and comments: more than one colour, none of them the block's own.
    expect(code.colours).toBeGreaterThanOrEqual(4);
    expect((await page.problems()).cspViolations).toEqual([]);
  });

  test("puts a link to each section after its heading's last word, tasks as boxes, and nothing wider than the screen", async ({
    openPage,
  }) => {
    const page = await openPage({ width });
    await page.goto(ARTICLE);
    const found = await page.evaluate(() => {
      const links = [...document.querySelectorAll('.c-article__heading')].map((wrapper) => {
        const heading = wrapper.querySelector(':scope > h2, :scope > h3') as HTMLElement;
        const link = wrapper.querySelector(':scope > a') as HTMLAnchorElement;
        // After the heading's last word, on its line, wherever the heading wraps.
        const words = document.createRange();
        words.selectNodeContents(heading);
        const last = [...words.getClientRects()].at(-1);
        const box = link.getBoundingClientRect();
        return {
          href: link.getAttribute('href'),
          named: link.getAttribute('aria-labelledby') === heading.id,
          beside: last !== undefined && box.width > 0 && box.left >= last.right - 1 && box.top < last.bottom && box.bottom > last.top,
        };
      });
      const boxes = [...document.querySelectorAll('.c-article__body li > label > input[type="checkbox"]')].map((box) => {
        const input = box as HTMLInputElement;
        return `${input.disabled ? 'disabled' : 'enabled'} ${input.checked ? 'ticked' : 'open'}: ${input.parentElement?.textContent?.trim()}`;
      });
      return {
        links,
        boxes,
        bullets: [...document.querySelectorAll('.c-article__body li:has(> label > input)')].map(
          (item) => getComputedStyle(item).listStyleType,
        ),
        sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(found.links).toEqual(
      ['#findings', '#what-the-team-did-about-the-sectors-whose-arrears-rose-fastest', '#the-rule-the-engine-ran'].map((href) => ({
        href,
        named: true,
        beside: true,
      })),
    );
    expect(found.boxes).toEqual([
      'disabled ticked: Flag the sectors with rising arrears',
      'disabled open: Review the limits of the ten largest exposures',
      'disabled open: Report to the risk committee',
    ]);
    expect(found.bullets).toEqual(['none', 'none', 'none']);
    expect(found.sideways).toBe(0);
  });
});

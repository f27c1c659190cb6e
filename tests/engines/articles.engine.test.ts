/**
 * Articles as readers get them, in Chromium, Firefox and WebKit: the fixture's note with every feature
 * (tests/fixtures/articles/), its list, a tag's list and a case study, from 320 to 1920 px wide. No page
 * scrolls sideways; the table of contents is there, each of its links leading to its section, not under
 * the sticky header; the article ends with where to go next; the list stands centred in the article's own
 * column, its titles headings that are not underlined, its covers loaded lazily; nothing fails to load.
 */
import { describe, expect, inject } from 'vitest';
import { type EnginePage, test, untilScripted, waitUntil } from '../support/engine';

const siteUrl = inject('articlesSite');
const WIDTHS = [320, 375, 768, 1024, 1280, 1920] as const;
const ARTICLE = '/zz-notes/every-feature/';
const PAGES = [ARTICLE, '/zz-notes/', '/zz-notes/tags/alpha-topic/', '/zz-studies/a-lenders-pilot/'] as const;

const overflow = (page: EnginePage) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(PAGES)('%s', (routePath) => {
  test(`scrolls sideways at no width from ${WIDTHS[0]} to ${WIDTHS.at(-1)} px, and loads with no error`, async ({ openPage }) => {
    const page = await openPage({ width: WIDTHS[0] });
    await page.goto(siteUrl + routePath);
    await untilScripted(page);
    const widths: Record<number, number> = {};
    for (const width of WIDTHS) {
      await page.resize(width);
      await waitUntil(page, `a window ${width} px wide`, (expected) => window.innerWidth === expected, width);
      widths[width] = await overflow(page);
    }
    expect(widths).toEqual(Object.fromEntries(WIDTHS.map((width) => [width, 0])));
    expect(await page.problems()).toEqual({ consoleErrors: [], consoleWarnings: [], cspViolations: [], failedRequests: [] });
  });
});

describe('the note with every feature', () => {
  test.for([375, 1280])(
    'has its table of contents, each link leading to its section below the header, at %i px',
    async (width, { openPage }) => {
      const page = await openPage({ width });
      await page.goto(siteUrl + ARTICLE);
      await untilScripted(page);
      const contents = await page.evaluate(() => {
        const nav = document.querySelector('nav[aria-labelledby="article-toc"]');
        const box = nav?.getBoundingClientRect();
        return {
          label: document.getElementById(nav?.getAttribute('aria-labelledby') ?? '')?.textContent,
          visible: (box?.width ?? 0) > 0 && (box?.height ?? 0) > 0,
          links: [...(nav?.querySelectorAll('a') ?? [])].map((link) => {
            const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
            return [link.textContent, target?.tagName, target?.textContent];
          }),
        };
      });
      expect(contents).toEqual({
        label: 'Contents',
        visible: true,
        links: ['The first section', 'A table', 'Some code', 'A quotation', 'The last section'].map((text) => [text, 'H2', text]),
      });
      // In view first, as a reader's finger finds it: WebKit's driver clicks only what the window shows.
      await page.evaluate(() => document.querySelector('a[href="#a-quotation"]')?.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.click('nav[aria-labelledby="article-toc"] a[href="#a-quotation"]');
      // Scrolled smoothly where motion is welcome: wait for the heading to arrive, just below the sticky header.
      await waitUntil(page, 'the section “A quotation” in view, below the header', () => {
        const heading = document.getElementById('a-quotation')?.getBoundingClientRect();
        const header = document.querySelector('body > header')?.getBoundingClientRect();
        return heading !== undefined && header !== undefined && heading.top >= header.bottom && heading.bottom <= window.innerHeight;
      });
    },
  );

  test('ends where a reader goes next: the newer and older note, those on its subjects, the list', async ({ openPage }) => {
    const page = await openPage({ width: 1280 });
    await page.goto(siteUrl + ARTICLE);
    const end = await page.evaluate(() => {
      const shown = (element: Element | null) => {
        const box = element?.getBoundingClientRect();
        return element !== null && (box?.width ?? 0) > 0 && (box?.height ?? 0) > 0;
      };
      const links = (selector: string) =>
        [...document.querySelectorAll<HTMLAnchorElement>(selector)].filter(shown).map((link) => link.pathname);
      return {
        around: links('.c-article__around a'),
        related: links('.c-article__related h3 a'),
        list: links('.c-article__all a'),
      };
    });
    expect(end).toEqual({
      around: ['/zz-notes/shares-none/', '/zz-notes/shares-alpha/'],
      related: ['/zz-notes/shares-both/', '/zz-notes/shares-alpha/'],
      list: ['/zz-notes/'],
    });
  });
});

describe('the list', () => {
  test.for([1280, 1920])('stands in the article’s own column, centred, at %i px', async (width, { openPage }) => {
    const page = await openPage({ width });
    const column = async (routePath: string, selector: string) => {
      await page.goto(siteUrl + routePath);
      return page.evaluate((target) => {
        const box = document.querySelector(target)?.getBoundingClientRect();
        return { left: Math.round(box?.left ?? -1), right: Math.round(document.documentElement.clientWidth - (box?.right ?? 0)) };
      }, selector);
    };
    const list = await column('/zz-notes/', '.c-article-list__column');
    const article = await column(ARTICLE, '.c-article__header');
    expect(list).toEqual(article);
    expect(Math.abs(list.left - list.right)).toBeLessThanOrEqual(1);
  });

  test('shows its titles as headings, not underlined, and its covers lazily, at the size they are shown', async ({ openPage }) => {
    const page = await openPage({ width: 1280 });
    await page.goto(`${siteUrl}/zz-notes/page/2/`);
    const list = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLElement>('h2 .c-entry-card__link')];
      const link = links[0] as HTMLElement;
      const body = getComputedStyle(document.body);
      const cover = document.querySelector('.c-entry-card__image img') as HTMLImageElement | null;
      const underlines = (hovered: boolean) => [
        ...new Set(links.filter((each) => each.matches(':hover') === hovered).map((each) => getComputedStyle(each).textDecorationLine)),
      ];
      return {
        // Read at rest from the cards the pointer is not over: twice under load, WebKit has opened this page with its
        // first card hovered, which no probe made it do again. A card pointed at is underlined.
        underline: underlines(false),
        pointedAt: underlines(true).filter((line) => line !== 'underline'),
        larger: Number.parseFloat(getComputedStyle(link).fontSize) > Number.parseFloat(body.fontSize),
        cover: cover ? { loading: cover.loading, sizes: cover.sizes, shownWidth: Math.round(cover.getBoundingClientRect().width) } : null,
      };
    });
    // The note with every feature, the second page's first, has the cover: 14rem beside its text.
    expect(list).toEqual({
      underline: ['none'],
      pointedAt: [],
      larger: true,
      cover: { loading: 'lazy', sizes: '(min-width: 48rem) 14rem, 100vw', shownWidth: 224 },
    });
  });
});

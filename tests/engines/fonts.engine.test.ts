/**
 * The font on a first visit, in every engine. A page shows Inter from its first layout when the
 * font has come by the first frame that has the page's content, and its fallback for the whole
 * visit when it has not: never the one and then the other, so nothing moves, and nothing waits for
 * the font (client/first-paint.ts). Before the first paint's script chose so, WebKit swapped in a
 * font that came just after its first layout, and Firefox laid out the text in system-ui while
 * the font loaded, then again; a later version hid the page until the font came, which cost the
 * largest contentful paint 0.1 to 0.2 s.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { canonicalPath } from '../../generator/urls';
import { routes } from '../../pages/routes';
import type { RunningServer } from '../../scripts/lib/server';
import { type EnginePage, test, untilScripted, waitUntil } from '../support/engine';
import { fontFirst, mainFaceStatus, reportFontIn, startPacedServer, visitFontFirst } from '../support/hosts';

const siteDir = inject('siteDir');
/** Soon: in time for the first frame in some engines, not in others. */
const FONT_SOON_MS = 50;
/** Later than any engine's first frame. */
const FONT_LATE_MS = 400;
/** The query parameter of recordFrames' request: the path of the page painted with its behaviours started. */
const SCRIPTED_PARAM = 'scripted';

type FontPace = 'first' | number | 'after-script' | 'main-broken';

/**
 * The built site on a server of its own. `font: 'first'` holds each page's body until the page
 * says its font is in (fontFirst): the font is in before the page has content however busy the
 * machine (a fast connection), on a first visit from the network and on a return visit from the
 * cache; a number answers the font that many ms late (a slow connection); `'after-script'` answers it only
 * once the page has painted a frame with its behaviours started (recordFrames' request): a font
 * later than anything the page could wait for, however busy the machine; `'main-broken'` answers the main face's file
 * with bytes that are no font, holds each page's body until the engine has given that face up (as `'first'` does), and
 * answers the family's other face FONT_SOON_MS late: after the first frame, and in time for an engine to take it.
 */
async function serveSite(font: FontPace): Promise<RunningServer> {
  const holdUntilFontIn = fontFirst();
  /** Fonts waiting for a page to be scripted; resolved for good by the first report. */
  let scripted: () => void = () => {};
  const scriptedOnce = new Promise<void>((resolve) => {
    scripted = resolve;
  });
  return startPacedServer(siteDir, async (paced) => {
    const { request, response, pathname, file, body } = paced;
    if ((font === 'first' || font === 'main-broken') && (await holdUntilFontIn(paced))) return;
    if (new URL(request.url ?? '/', 'http://localhost').searchParams.has(SCRIPTED_PARAM)) {
      scripted();
      response.end(body);
    } else if (file.endsWith('.woff2')) {
      if (font === 'main-broken' && pathname === (await mainFontPath)) return void response.end('no font');
      const late = typeof font === 'number' ? font : font === 'main-broken' ? FONT_SOON_MS : 0;
      if (late) await new Promise((resolve) => setTimeout(resolve, late));
      if (font === 'after-script') await scriptedOnce;
      response.end(body);
    } else response.end(body);
  });
}

/** How the main face ended, and how tall the page is, once every font the page asked for has settled. */
async function settled(page: EnginePage): Promise<{ inter: string; height: number }> {
  await untilScripted(page);
  const height = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.documentElement.scrollHeight;
  });
  return { inter: await page.evaluate(mainFaceStatus), height };
}

interface Frame {
  /** performance.now() at the frame. */
  at: number;
  height: number;
  /** Whether the site's script has started the page's behaviours. */
  scripted: boolean;
}

/**
 * Installed before the page's scripts: every frame from the first one in which the page has a
 * layout. The first frame with the page's behaviours started is reported to the server (a request
 * for a file the site has, the page's path in its query), which holds the font until then on
 * serveSite('after-script').
 */
function recordFrames(win: Window & typeof globalThis): void {
  const frames: Frame[] = [];
  Object.defineProperty(win, '__frames', { value: frames });
  win.addEventListener('DOMContentLoaded', () => {
    const frame = () => {
      const { body, documentElement } = win.document;
      if (body.getClientRects().length > 0) {
        const scripted = win.document.querySelector('[data-module-started]') !== null;
        const first = scripted && !frames.some((earlier) => earlier.scripted);
        // Recorded before the report that releases the font: a busy engine has had the font in between the two.
        frames.push({ at: win.performance.now(), height: documentElement.scrollHeight, scripted });
        // SCRIPTED_PARAM; the global fetch, as in reportFontIn.
        if (first) void fetch(`${win.location.origin}/robots.txt?scripted=${encodeURIComponent(win.location.pathname)}`);
      }
      win.requestAnimationFrame(frame);
    };
    win.requestAnimationFrame(frame);
  });
}

/** The frames recorded so far, and when the font arrived (performance.now(); null while it has not). */
function framesAndFont(): { frames: Frame[]; fontAt: number | null } {
  const font = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2')) as
    | PerformanceResourceTiming
    | undefined;
  return { frames: (window as unknown as { __frames: Frame[] }).__frames, fontAt: font ? font.responseEnd : null };
}

/** The main face's file: the one font every page preloads. */
const mainFontPath = readFile(path.join(siteDir, 'index.html'), 'utf8').then((html) =>
  load(html)('link[rel=preload][as=font]').attr('href'),
);

const servers = new Map<FontPace, RunningServer>();

beforeAll(async () => {
  for (const font of ['first', FONT_SOON_MS, FONT_LATE_MS, 'after-script', 'main-broken'] as const)
    servers.set(font, await serveSite(font));
});

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const origin = (font: FontPace) => servers.get(font)?.url ?? '';

describe('a first visit, the font in before the page has content', () => {
  test.for(routes.map((route) => canonicalPath(route.path)))(
    '%s shows the page in Inter, as a return visit does',
    async (routePath, { openPage }) => {
      const url = origin('first') + routePath;
      const page = await visitFontFirst(() => openPage({ width: 1280, coldCache: true, beforeScripts: reportFontIn }), url);
      const first = await settled(page);
      await visitFontFirst(async () => page, url);
      const again = await settled(page);
      expect(again.inter).toBe('loaded');
      expect(first).toEqual(again);
    },
  );
});

describe('a first visit on a slow connection', () => {
  test.for([FONT_SOON_MS, FONT_LATE_MS])(
    'with the font %i ms late, is laid out in one font from the start: nothing moves',
    async (delay, { openPage }) => {
      // At 375 px the fallback wraps lines differently enough to change the page's height.
      const page = await openPage({ width: 375, coldCache: true, beforeScripts: recordFrames });
      await page.goto(`${origin(delay)}/`);
      await settled(page);
      await waitUntil(page, 'the font to arrive', () =>
        performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.woff2')),
      );
      // Every face settled, then two frames: a swap would show in them.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      const { frames } = await page.evaluate(framesAndFont);
      expect(frames.length).toBeGreaterThan(0);
      expect(new Set(frames.map((frame) => frame.height))).toEqual(new Set([frames[0]?.height]));
    },
  );

  test('with its main face broken and the rest late, is laid out in one font from the start: nothing moves', async ({ openPage }) => {
    // An engine that gave the main face up (a broken file, or a busy Firefox or WebKit whose short wait ran out) still
    // loads the family's other face: its characters must not swap in once it comes.
    const page = await openPage({ width: 375, coldCache: true, beforeScripts: [recordFrames, reportFontIn] });
    await page.goto(`${origin('main-broken')}/`);
    await untilScripted(page);
    // By now the other face has come, if the page asked for it.
    await waitUntil(page, 'no face loading', () => [...document.fonts].every((face) => face.status !== 'loading'));
    expect(await page.evaluate(mainFaceStatus)).toBe('error');
    // The body's first family is not Inter: how soon the other face came cannot bring the two faces' characters together.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily.split(',')[0]?.replace(/["']/g, '').trim())).not.toBe(
      'Inter',
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { frames } = await page.evaluate(framesAndFont);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames.map((frame) => frame.height))).toEqual(new Set([frames[0]?.height]));
  });

  test('shows the page and starts its script before a font that comes only once it has', async ({ openPage }) => {
    const page = await openPage({ width: 375, coldCache: true, beforeScripts: recordFrames });
    await page.goto(`${origin('after-script')}/`);
    await waitUntil(page, 'the font to arrive', () =>
      performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.woff2')),
    );
    const { frames, fontAt } = await page.evaluate(framesAndFont);
    expect(fontAt).not.toBeNull();
    expect(frames[0]?.at).toBeLessThan(fontAt ?? 0);
    expect(frames.find((frame) => frame.scripted)?.at).toBeLessThan(fontAt ?? 0);
  });
});

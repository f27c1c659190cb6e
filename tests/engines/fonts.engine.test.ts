/**
 * The font on a first visit, in every engine. A page shows Inter from its first layout when the
 * font has come by the first frame that has the page's content, and its fallback for the whole
 * visit when it has not: never the one and then the other, so nothing moves, and nothing waits for
 * the font (client/first-paint.ts). Before the first paint's script chose so, WebKit swapped in a
 * font that came just after its first layout, and Firefox laid out the text in system-ui while
 * the font loaded, then again; a later version hid the page until the font came, which cost the
 * largest contentful paint 0.1 to 0.2 s.
 */
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { canonicalPath } from '../../generator/urls';
import { routes } from '../../pages/routes';
import type { RunningServer } from '../../scripts/lib/server';
import { type EnginePage, test, untilScripted, waitUntil } from '../support/engine';
import { startPacedServer } from '../support/hosts';

const siteDir = inject('siteDir');
/** Soon: in time for the first frame in some engines, not in others. */
const FONT_SOON_MS = 50;
/** Later than any engine's first frame. */
const FONT_LATE_MS = 400;
/** The query parameter of reportFontIn's request: the path of the page whose font is in. */
const FONT_IN_PARAM = 'font-in';
/** The query parameter of recordFrames' request: the path of the page painted with its behaviours started. */
const SCRIPTED_PARAM = 'scripted';

/**
 * The built site on a server of its own. `font: 'first'` ends each page only once the page says
 * its font is in (reportFontIn's request), so the font is in before the page is parsed however
 * busy the machine (a fast connection): on a first visit from the network, on a return visit from
 * the cache (which a busy Firefox, handed the whole page at once, once took in too late); a
 * number answers the font that many ms late (a slow connection); `'after-script'` answers it only
 * once the page has painted a frame with its behaviours started (recordFrames' request): a font
 * later than anything the page could wait for, however busy the machine.
 */
async function serveSite(font: 'first' | number | 'after-script'): Promise<RunningServer> {
  /** Pages waiting for their font, by path. */
  const waiting = new Map<string, () => void>();
  /** Fonts waiting for a page to be scripted; resolved for good by the first report. */
  let scripted: () => void = () => {};
  const scriptedOnce = new Promise<void>((resolve) => {
    scripted = resolve;
  });
  return startPacedServer(siteDir, async ({ request, response, pathname, file, body }) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const fontIn = query.get(FONT_IN_PARAM);
    if (fontIn !== null) {
      waiting.get(fontIn)?.();
      response.end(body);
    } else if (query.has(SCRIPTED_PARAM)) {
      scripted();
      response.end(body);
    } else if (file.endsWith('.woff2')) {
      if (typeof font === 'number') await new Promise((resolve) => setTimeout(resolve, font));
      if (font === 'after-script') await scriptedOnce;
      response.end(body);
    } else if (file.endsWith('.html') && font === 'first') {
      const html = body.toString('utf8');
      const end = html.indexOf('<body');
      response.write(html.slice(0, end));
      await new Promise<void>((resolve) => waiting.set(pathname, resolve));
      waiting.delete(pathname);
      response.end(html.slice(end));
    } else response.end(body);
  });
}

/**
 * Installed before the page's scripts: once the page's main Inter face has loaded, while the page
 * is still being parsed, it tells the server so (a request for a file the site has, the page's
 * path in its query). Only the browser knows when it has taken the font in: on a busy machine,
 * Firefox once took longer than any fixed grace after the file was sent.
 */
function reportFontIn(win: Window & typeof globalThis): void {
  // The global timer and fetch, not the page's: WebKit runs this in the opener of the page's
  // window, whose first document the page replaces, and its timers with it.
  const timer = setInterval(() => {
    const main = [...win.document.fonts].find((face) => face.family.replace(/"/g, '') === 'Inter' && face.unicodeRange === 'U+0-10FFFF');
    if (main?.status !== 'loaded') return;
    clearInterval(timer);
    // FONT_IN_PARAM: the page sees none of the test's variables.
    void fetch(`${win.location.origin}/robots.txt?font-in=${encodeURIComponent(win.location.pathname)}`);
  }, 10);
}

/** How the main face ended, and how tall the page is, once every font the page asked for has settled. */
async function settled(page: EnginePage): Promise<{ inter: string; height: number }> {
  await untilScripted(page);
  return page.evaluate(async () => {
    await document.fonts.ready;
    const main = [...document.fonts].find((face) => face.family.replace(/"/g, '') === 'Inter' && face.unicodeRange === 'U+0-10FFFF');
    return { inter: main?.status ?? 'missing', height: document.documentElement.scrollHeight };
  });
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
        if (scripted && !frames.some((earlier) => earlier.scripted)) {
          // SCRIPTED_PARAM; the global fetch, as in reportFontIn.
          void fetch(`${win.location.origin}/robots.txt?scripted=${encodeURIComponent(win.location.pathname)}`);
        }
        frames.push({ at: win.performance.now(), height: documentElement.scrollHeight, scripted });
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

const servers = new Map<'first' | number | 'after-script', RunningServer>();

beforeAll(async () => {
  for (const font of ['first', FONT_SOON_MS, FONT_LATE_MS, 'after-script'] as const) servers.set(font, await serveSite(font));
});

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const origin = (font: 'first' | number | 'after-script') => servers.get(font)?.url ?? '';

describe('a first visit, the font in before the page has content', () => {
  test.for(routes.map((route) => canonicalPath(route.path)))(
    '%s shows the page in Inter, as a return visit does',
    async (routePath, { openPage }) => {
      const page = await openPage({ width: 1280, coldCache: true, beforeScripts: reportFontIn });
      await page.goto(origin('first') + routePath);
      const first = await settled(page);
      await page.goto(origin('first') + routePath);
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

/**
 * The font on a first visit, in every engine. A page shows Inter from its first layout when the
 * font has come by the time the page is parsed (100 ms more at most), and its fallback for the
 * whole visit when it has not: never the one and then the other, so nothing moves. Before the
 * page's inline script waited for the font (components/Document), WebKit kept the fallback on
 * about one first visit in three here (8,478 px tall against 8,318 in Inter) though the font had
 * come before its first layout began, and swapped in a font that came just after; Firefox laid
 * out the text in system-ui while the font loaded, then again.
 */
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { FONT_WAIT_MS } from '../../components/Document/Document';
import { canonicalPath } from '../../generator/urls';
import { routes } from '../../pages/routes';
import type { RunningServer } from '../../scripts/lib/server';
import { type EnginePage, test, untilScripted, waitUntil } from '../support/engine';
import { startPacedServer } from '../support/hosts';

const siteDir = inject('siteDir');
/** After the page is parsed, within the wait. */
const FONT_SOON_MS = 50;
/** Well past the wait. */
const FONT_LATE_MS = 400;
/** How long a page goes on after its font, served first: time for the browser to take the font in. */
const FONT_FIRST_GRACE_MS = 300;
/** A font that may as well never come. */
const FONT_VERY_LATE_MS = 3000;

/**
 * The built site on a server of its own. `font: 'first'` ends each page only once the font it
 * asked for has been sent, and FONT_FIRST_GRACE_MS later, so the font is in before the page is
 * parsed however busy the machine (a fast connection); a number answers the font that many ms
 * late (a slow one).
 */
async function serveSite(font: 'first' | number): Promise<RunningServer> {
  /** Pages waiting for their font, by path: the font's request names its page as the referrer. */
  const waiting = new Map<string, () => void>();
  /** Pages whose font has been sent: a return visit has it from the cache and asks for none. */
  const served = new Set<string>();
  return startPacedServer(siteDir, async ({ request, response, pathname, file, body }) => {
    if (file.endsWith('.woff2')) {
      if (typeof font === 'number') await new Promise((resolve) => setTimeout(resolve, font));
      const page = new URL(request.headers.referer ?? '/', 'http://localhost').pathname;
      response.end(body, () => {
        served.add(page);
        setTimeout(() => waiting.get(page)?.(), FONT_FIRST_GRACE_MS);
      });
    } else if (file.endsWith('.html') && font === 'first' && !served.has(pathname)) {
      const html = body.toString('utf8');
      const end = html.indexOf('<footer');
      response.write(html.slice(0, end));
      await new Promise<void>((resolve) => waiting.set(pathname, resolve));
      waiting.delete(pathname);
      response.end(html.slice(end));
    } else response.end(body);
  });
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

/** Installed before the page's scripts: every frame from the first one in which the page has a layout. */
function recordFrames(win: Window & typeof globalThis): void {
  const frames: Frame[] = [];
  Object.defineProperty(win, '__frames', { value: frames });
  win.addEventListener('DOMContentLoaded', () => {
    const frame = () => {
      const { body, documentElement } = win.document;
      if (body.getClientRects().length > 0) {
        frames.push({
          at: win.performance.now(),
          height: documentElement.scrollHeight,
          scripted: win.document.querySelector('[data-module-started]') !== null,
        });
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

const servers = new Map<'first' | number, RunningServer>();

beforeAll(async () => {
  for (const font of ['first', FONT_SOON_MS, FONT_LATE_MS, FONT_VERY_LATE_MS] as const) servers.set(font, await serveSite(font));
});

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const origin = (font: 'first' | number) => servers.get(font)?.url ?? '';

describe('a first visit, the font in before the page is parsed', () => {
  test.for(routes.map((route) => canonicalPath(route.path)))(
    '%s shows the page in Inter, as a return visit does',
    async (routePath, { openPage }) => {
      const page = await openPage({ width: 1280, coldCache: true });
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
  test.for([
    [FONT_SOON_MS, 'Inter'],
    [FONT_LATE_MS, 'the fallback'],
  ] as const)('with the font %i ms late, is laid out in %s from the start: nothing moves', async ([delay, font], { openPage }) => {
    // At 375 px the fallback wraps lines differently enough to change the page's height.
    const page = await openPage({ width: 375, coldCache: true, beforeScripts: recordFrames });
    await page.goto(`${origin(delay)}/`);
    const { inter } = await settled(page);
    await waitUntil(page, 'the font to arrive', () =>
      performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.woff2')),
    );
    // Frames enough after the font's arrival for a swap to show.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const { frames } = await page.evaluate(framesAndFont);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames.map((frame) => frame.height))).toEqual(new Set([frames[0]?.height]));
    if (font === 'Inter') expect(inter).toBe('loaded');
  });

  test(`shows the page and starts its script long before a font ${FONT_VERY_LATE_MS} ms late (the wait is ${FONT_WAIT_MS} ms)`, async ({
    openPage,
  }) => {
    const page = await openPage({ width: 375, coldCache: true, beforeScripts: recordFrames });
    await page.goto(`${origin(FONT_VERY_LATE_MS)}/`);
    await waitUntil(page, 'the font to arrive', () =>
      performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.woff2')),
    );
    const { frames, fontAt } = await page.evaluate(framesAndFont);
    expect(fontAt).not.toBeNull();
    expect(frames[0]?.at).toBeLessThan(fontAt ?? 0);
    expect(frames.find((frame) => frame.scripted)?.at).toBeLessThan(fontAt ?? 0);
  });
});

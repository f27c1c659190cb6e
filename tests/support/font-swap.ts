/**
 * A first visit's font swap, as a visitor sees it: the page's server holds the font until the page has shown a frame, and
 * the page records where its headings and buttons are in every frame (recordLayouts) and, where the engine reports it
 * (Chromium), its layout shift. tests/engines/fonts.engine.test.ts holds every page to the limits below.
 */
import type { EnginePage } from '../../scripts/lib/engines/page';
import type { RunningServer } from '../../scripts/lib/server';
import { type PacedRequest, startPacedServer } from './hosts';

/** Issue 46: at most this cumulative layout shift, where the engine reports it. */
export const SHIFT_LIMIT = 0.01;
/** Issue 46: elsewhere, no heading or button on the first screen moves by more than this (CSS px). */
export const MOVE_LIMIT_PX = 1;

/** The query parameter of recordLayouts' report: the page has shown its first frame. */
const PAINTED_PARAM = 'painted';

/** One layout of the page: where each of its headings and buttons is, in document order, and how its main Inter face was. */
export interface Layout {
  /** performance.now() at the frame. */
  at: number;
  face: string;
  viewport: { width: number; height: number };
  /** Each element's box in the document, and its text, to name it. */
  boxes: { name: string; left: number; top: number; width: number; height: number }[];
}

export interface LayoutRecord {
  /** Each layout that differed from the one before, from the first frame with the page's content. */
  layouts: Layout[];
  /** The sum of the page's layout shifts (without recent input); null where the engine reports none. */
  shift: number | null;
}

/**
 * Installed before the page's scripts: from the first frame with the page's content, each frame whose headings and buttons
 * are not where they were in the last is kept; the first frame is reported to the page's server (a request for a file the
 * site has, PAINTED_PARAM in its query), which holds the font until then (startFontServer).
 */
export function recordLayouts(win: Window & typeof globalThis): void {
  const record: LayoutRecord = { layouts: [], shift: null };
  Object.defineProperty(win, '__layouts', { value: record });
  win.addEventListener('DOMContentLoaded', () => {
    // Made in the page's document: in WebKit this runs in its opener (see reportFontIn).
    if (win.PerformanceObserver.supportedEntryTypes.includes('layout-shift')) {
      record.shift = 0;
      new win.PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) record.shift = (record.shift ?? 0) + entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }
    const frame = () => {
      const { document } = win;
      if (document.body.getClientRects().length > 0) {
        // Headings and buttons: what issue 46 holds in place.
        const boxes = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, button, .c-button')].map((element) => {
          // An inline heading (an article's, beside its link) has the box of its face's ascent and descent, which differ
          // between Inter and its fallback by design: the line it sits in, its wrapper's box, is what must stay.
          const inline = win.getComputedStyle(element).display === 'inline' && element.parentElement;
          const box = (inline || element).getBoundingClientRect();
          const name = `${element.tagName.toLowerCase()} “${element.textContent?.trim().slice(0, 40)}”`;
          return { name, left: box.left + win.scrollX, top: box.top + win.scrollY, width: box.width, height: box.height };
        });
        const main = [...document.fonts].find((face) => face.family.replace(/"/g, '') === 'Inter' && face.unicodeRange === 'U+0-10FFFF');
        const last = record.layouts.at(-1);
        if (!last || JSON.stringify(last.boxes) !== JSON.stringify(boxes)) {
          record.layouts.push({
            at: win.performance.now(),
            face: main?.status ?? 'missing',
            viewport: { width: win.innerWidth, height: win.innerHeight },
            boxes,
          });
        }
        // PAINTED_PARAM; the global fetch, as in reportFontIn.
        if (!last) void fetch(`${win.location.origin}/robots.txt?painted`);
      }
      win.requestAnimationFrame(frame);
    };
    win.requestAnimationFrame(frame);
  });
}

/** In the page: what recordLayouts has kept so far. */
export function readLayouts(): LayoutRecord {
  // None without JavaScript.
  return (window as unknown as { __layouts?: LayoutRecord }).__layouts ?? { layouts: [], shift: null };
}

/**
 * The headings and buttons on the first screen (in either layout) that `later` has somewhere else than `earlier`, by more
 * than MOVE_LIMIT_PX, as "h1 “Turn raw…” at 17, 177 (120 ms): 0.0 px across, 12.0 px down".
 */
export function moves(earlier: Layout, later: Layout): string[] {
  const onScreen = (box: Layout['boxes'][number], layout: Layout) =>
    box.top < layout.viewport.height && box.top + box.height > 0 && box.left < layout.viewport.width && box.left + box.width > 0;
  return later.boxes.flatMap((box, index) => {
    const before = earlier.boxes[index];
    if (!before || before.name !== box.name || !(onScreen(before, earlier) || onScreen(box, later))) return [];
    const across = box.left - before.left;
    const down = box.top - before.top;
    if (Math.max(Math.abs(across), Math.abs(down)) <= MOVE_LIMIT_PX) return [];
    const at = `${Math.round(before.left)}, ${Math.round(before.top)}`;
    return [`${box.name} at ${at} (${Math.round(earlier.at)} ms): ${across.toFixed(1)} px across, ${down.toFixed(1)} px down`];
  });
}

/** How startFontServer answers the font. */
export type FontPace = { lateMs: number; after?: 'first-frame' | 'page' } | 'failing';

/**
 * The built site on a server of its own, for one visit: a new origin, so that nothing the engine has cached from another
 * visit is used. `{ lateMs }` answers the font that many ms after the page has reported its first frame (recordLayouts),
 * however long the page took to show it, so that the swap always comes after a layout in the fallback; with `after:
 * 'page'`, that many ms after the page itself was answered (a page without JavaScript reports nothing). `'failing'`
 * answers the font with a 404. `fontAnswered` resolves once the font's answer is sent.
 */
export async function startFontServer(
  siteDir: string,
  pace: FontPace,
): Promise<RunningServer & { fontAnswered: Promise<void>; requests: string[] }> {
  /** What the page asked for, in order, to say where a visit stopped. */
  const requests: string[] = [];
  let painted: () => void = () => {};
  const firstFrame = new Promise<void>((resolve) => {
    painted = resolve;
  });
  let pageSent: () => void = () => {};
  const page = new Promise<void>((resolve) => {
    pageSent = resolve;
  });
  let answered: () => void = () => {};
  const fontAnswered = new Promise<void>((resolve) => {
    answered = resolve;
  });
  const send = async ({ request, response, file, body }: PacedRequest) => {
    requests.push(request.url ?? '');
    if (new URL(request.url ?? '/', 'http://localhost').searchParams.has(PAINTED_PARAM)) painted();
    if (!file.endsWith('.woff2')) {
      response.end(body);
      if (file.endsWith('.html')) pageSent();
      return;
    }
    if (pace === 'failing') {
      response.statusCode = 404;
      response.end();
    } else {
      await (pace.after === 'page' ? page : firstFrame);
      await new Promise((resolve) => setTimeout(resolve, pace.lateMs));
      response.end(body);
    }
    answered();
  };
  const server = await startPacedServer(siteDir, send, { notFound: '404.html' });
  return { ...server, fontAnswered, requests };
}

/**
 * In the page: whether its first heading is drawn as in `family` alone, and whether that tells anything (`family` and
 * `other` draw it at different widths).
 */
export function headingDrawnIn({ family, other }: { family: string; other: string }): { drawn: boolean; probeWorks: boolean } {
  const heading = document.querySelector('h1');
  if (!heading) return { drawn: false, probeWorks: false };
  const style = getComputedStyle(heading);
  const probe = document.createElement('span');
  // The heading's words and a typographer's sample: a short heading ("Regulation") can be as wide in the fallback, sized to
  // Inter, as in Inter, and would tell nothing.
  probe.textContent = `${heading.textContent} Hamburgefonstiv 0123456789 WMQ`;
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'nowrap';
  // Property by property: Firefox gives no computed `font` shorthand.
  for (const property of ['fontSize', 'fontWeight', 'fontStyle', 'letterSpacing'] as const) probe.style[property] = style[property];
  heading.after(probe);
  const width = (fontFamily: string) => {
    probe.style.fontFamily = fontFamily;
    return probe.getBoundingClientRect().width;
  };
  const asPage = width(style.fontFamily);
  const result = { drawn: asPage === width(family), probeWorks: width(family) !== width(other) };
  probe.remove();
  return result;
}

/** Two frames from now: recordLayouts has kept any change there was until now. */
export async function twoMoreFrames(page: EnginePage): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

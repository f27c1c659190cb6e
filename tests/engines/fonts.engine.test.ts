/**
 * The font on a first visit, in every engine (issue 46). A page is laid out in Inter's fallback, Arial sized to Inter
 * weight by weight (styles/base/_fonts.scss), until the font comes, and then in Inter (font-display: swap): every visit
 * whose font arrives ends in Inter, with JavaScript or without, and the swap moves nothing on the first screen. A visit
 * keeps the fallback only when the font fails. (Before, a page kept the fallback for the whole visit when the font missed
 * its first frame: Firefox's and WebKit's first visits never showed Inter.)
 *
 * Each page is visited four times at once (both widths, the font late and later: the visits mostly wait on their font),
 * each visit in a browser page of its own on a server of its own (startFontServer), a new origin, so each is a first visit
 * without a new browser; a width is set before its visit, never by resizing a page already laid out, which would move it
 * for reasons of its own.
 */
import { describe, expect, inject } from 'vitest';
import { canonicalPath } from '../../generator/urls';
import { waitFor } from '../../scripts/lib/server';
import { type EnginePage, test, untilScripted, waitUntil } from '../support/engine';
import {
  type FontPace,
  headingDrawnIn,
  type LayoutRecord,
  moves,
  readLayouts,
  recordLayouts,
  SHIFT_LIMIT,
  startFontServer,
  twoMoreFrames,
} from '../support/font-swap';
import { mainFaceStatus } from '../support/hosts';
import { PAGE_PATHS } from '../support/site';

const siteDir = inject('siteDir');
const WIDTHS = [375, 1280] as const;
/** Issue 46: the font this long after the page's first frame. */
const LATE_MS = [300, 1000] as const;

interface Visit {
  record: LayoutRecord;
  /** The main Inter face's status at the end. */
  face: string;
  /** Whether the page's first heading is drawn in the family the visit should end in (headingDrawnIn). */
  drawn: { drawn: boolean; probeWorks: boolean };
}

/**
 * One first visit to `routePath` in `page`, at `width`, on a server of its own that paces the font; ends once the font has
 * settled and, where the page runs scripts (`scripted`), its recorder has had two frames more.
 */
async function visit(page: EnginePage, routePath: string, width: number, pace: FontPace, scripted = true): Promise<Visit> {
  const server = await startFontServer(siteDir, pace);
  try {
    await page.resize(width);
    await page.goto(server.url + canonicalPath(routePath)).catch((error: unknown) => {
      throw new Error(`${routePath} at ${width} px: ${String(error)}; the page asked for ${server.requests.join(', ')}`, { cause: error });
    });
    if (pace === 'failing') {
      await server.fontAnswered;
      // WebKit calls a face 'error' while its file is on the way too: the answer has come, and no face is loading.
      await waitUntil(
        page,
        'the font to fail',
        () => document.fonts.status === 'loaded' && performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.woff2')),
      );
      // The site's script comes after the first paint, and on a busy machine may still be on its way: the server stops only
      // once it has come, or its request, cut off, would be a failure the test did not make.
      if (scripted) await untilScripted(page);
    } else await waitFor(`Inter to load in ${page.engine}`, async () => (await page.evaluate(mainFaceStatus)) === 'loaded', 10_000, 50);
    // Without JavaScript, no frame callback runs, the test's included.
    if (scripted) await twoMoreFrames(page);
    const family = pace === 'failing' ? '"Inter Fallback"' : 'Inter';
    const other = pace === 'failing' ? 'Inter' : '"Inter Fallback"';
    return {
      record: await page.evaluate(readLayouts),
      face: await page.evaluate(mainFaceStatus),
      drawn: await page.evaluate(headingDrawnIn, { family, other }),
    };
  } finally {
    await server.stop();
  }
}

/** What moved on the first screen between each layout of a visit and its last. */
function movesOf({ layouts }: LayoutRecord): string[] {
  const last = layouts.at(-1);
  return last ? layouts.slice(0, -1).flatMap((layout) => moves(layout, last)) : [];
}

describe('a first visit with the font late', () => {
  test.for(PAGE_PATHS)(
    `%s, at ${WIDTHS.join(' and ')} px, the font ${LATE_MS.join(' or ')} ms after the first frame: ends in Inter, and nothing on the first screen moves`,
    async (routePath, { openPage }) => {
      // The four visits at once, each in a page of its own: each waits on its own server, which paces its font.
      const visits = WIDTHS.flatMap((width) => LATE_MS.map((lateMs) => ({ width, lateMs })));
      const found = await Promise.all(
        visits.map(async ({ width, lateMs }) => {
          const page = await openPage({ width, beforeScripts: recordLayouts });
          const where = `${width} px, font ${lateMs} ms late`;
          const { record, face, drawn } = await visit(page, routePath, width, { lateMs });
          const problems: string[] = [];
          // The server held the font until the first frame: the page was laid out in the fallback first.
          const first = record.layouts[0];
          if (!first || first.face === 'loaded') problems.push(`${where}: no frame in the fallback (${first?.face ?? 'no frame'})`);
          if (face !== 'loaded' || !drawn.drawn || !drawn.probeWorks)
            problems.push(`${where}: not in Inter (${face}, ${JSON.stringify(drawn)})`);
          for (const moved of movesOf(record)) problems.push(`${where}: ${moved}`);
          if (record.shift !== null && record.shift > SHIFT_LIMIT) problems.push(`${where}: layout shift ${record.shift.toFixed(4)}`);
          return problems;
        }),
      );
      expect(found.flat()).toEqual([]);
    },
  );
});

describe('a first visit whose font fails', () => {
  test.for(WIDTHS)('at %i px keeps the fallback, moves nothing, and logs no error', async (width, { openPage }) => {
    const page = await openPage({ width, beforeScripts: recordLayouts });
    const { record, face, drawn } = await visit(page, '/', width, 'failing');
    expect(face).toBe('error');
    expect(drawn).toEqual({ drawn: true, probeWorks: true });
    expect(record.layouts.length).toBeGreaterThan(0);
    expect(movesOf(record)).toEqual([]);
    const { consoleErrors, consoleWarnings, failedRequests } = await page.problems();
    expect({ consoleErrors, consoleWarnings }).toEqual({ consoleErrors: [], consoleWarnings: [] });
    // The failure the test made, and nothing else: Chromium counts the preload and the face's own request, WebKit the
    // preload and each face it gave up (the extra face too, asked for once the main one had failed).
    const theFont = /\/assets\/fonts\/inter(?:-extra)?\.[0-9a-f]+\.woff2(?: |$)|^font Inter /;
    expect(failedRequests.length).toBeGreaterThan(0);
    expect(failedRequests.filter((request) => !theFont.test(request))).toEqual([]);
  });
});

describe('a first visit without JavaScript', () => {
  test(`with the font ${LATE_MS[0]} ms late, ends in Inter`, async ({ openPage }) => {
    const page = await openPage({ width: WIDTHS[0], javaScript: false });
    // No script reports the first frame: the font comes that long after the page.
    const { face, drawn } = await visit(page, '/', WIDTHS[0], { lateMs: LATE_MS[0], after: 'page' }, false);
    expect(face).toBe('loaded');
    expect(drawn).toEqual({ drawn: true, probeWorks: true });
  });
});

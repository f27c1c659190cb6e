/**
 * A page in the EU's languages (tests/fixtures/routes/european-words.ts): Polish, Romanian, Czech,
 * Hungarian, Baltic and the rest in Latin with Latin Extended, Greek and Bulgarian Cyrillic. Each
 * engine draws every word in Inter (the font the build cut holds them all), and lays the page out
 * once: no frame with other heights before the last. A German compound wider than a phone wraps
 * rather than widen the page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { projectRoot } from '../../scripts/lib/project';
import type { RunningServer } from '../../scripts/lib/server';
import { site } from '../../site.config';
import { EUROPEAN_PATH, EUROPEAN_WORDS } from '../fixtures/routes/european-words';
import { test, untilScripted } from '../support/engine';
import { fontFirst, reportFontIn, startPacedServer } from '../support/hosts';
import { fixture } from '../support/output';

let workDir = '';
let server: RunningServer | undefined;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'site-european-'));
  const outDir = path.join(workDir, 'dist');
  await runBuild({ root: projectRoot, outDir, log: () => {}, siteUrl: site.url, pages: fixture('european-words.ts') });
  const holdUntilFontIn = fontFirst();
  server = await startPacedServer(outDir, async (paced) => {
    if (!(await holdUntilFontIn(paced))) paced.response.end(paced.body);
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Installed before the page's scripts: the page's height in every frame from its first layout. */
function recordHeights(win: Window & typeof globalThis): void {
  const heights: number[] = [];
  Object.defineProperty(win, '__heights', { value: heights });
  win.addEventListener('DOMContentLoaded', () => {
    const frame = () => {
      if (win.document.body.getClientRects().length > 0) heights.push(win.document.documentElement.scrollHeight);
      win.requestAnimationFrame(frame);
    };
    win.requestAnimationFrame(frame);
  });
}

/**
 * For each text: whether it is drawn in Inter alone. A text set in `"Inter", monospace` and in
 * `"Inter", serif` has one width only when no character of it fell back to the second family; the
 * two fallbacks alone must differ, or the probe could not tell.
 */
async function inInter(texts: readonly string[]): Promise<{ text: string; inter: boolean; probeWorks: boolean }[]> {
  await document.fonts.ready;
  const probe = document.createElement('span');
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'nowrap';
  probe.style.fontWeight = '400';
  document.body.append(probe);
  const width = (family: string, text: string) => {
    probe.style.fontFamily = family;
    probe.textContent = text;
    return probe.getBoundingClientRect().width;
  };
  const found = texts.map((text) => ({
    text,
    inter: width('"Inter", monospace', text) === width('"Inter", serif', text),
    probeWorks: width('monospace', text) !== width('serif', text),
  }));
  probe.remove();
  return found;
}

test.for([375, 1280])('at %i px, every word is drawn in Inter, and the page is laid out once', async (width, { openPage }) => {
  // The page's body comes once its font is in (fontFirst), as on a fast connection, however busy the machine.
  const page = await openPage({ width, coldCache: true, beforeScripts: [recordHeights, reportFontIn] });
  await page.goto(`${server?.url}${EUROPEAN_PATH}/`);
  await untilScripted(page);
  const words = Object.values(EUROPEAN_WORDS);
  const shown = await page.evaluate(
    (texts: string[]) => texts.filter((text) => [...document.querySelectorAll('p')].some((element) => element.textContent === text)),
    words,
  );
  expect(shown).toEqual(words);
  const drawn = await page.evaluate(inInter, words);
  expect(drawn.filter((word) => !word.probeWorks)).toEqual([]);
  expect(drawn.filter((word) => !word.inter).map((word) => word.text)).toEqual([]);
  const heights = await page.evaluate(() => (window as unknown as { __heights: number[] }).__heights);
  expect(heights.length).toBeGreaterThan(0);
  expect(new Set(heights)).toEqual(new Set([heights.at(-1)]));
});

test('at 320 px, a word wider than the screen (a German compound, in the heading and the text) wraps: the page does not scroll sideways', async ({
  openPage,
}) => {
  const page = await openPage({ width: 320, coldCache: true, beforeScripts: [reportFontIn] });
  await page.goto(`${server?.url}${EUROPEAN_PATH}/`);
  await untilScripted(page);
  const sizes = await page.evaluate(() => ({
    longest: Math.max(
      ...[...document.querySelectorAll('h1, p')].flatMap((element) => (element.textContent ?? '').split(/\s+/).map((word) => word.length)),
    ),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  // A word of 50 letters is over 500 px at the smallest size the page sets text in.
  expect(sizes.longest).toBeGreaterThan(50);
  expect(sizes.overflow).toBe(0);
});

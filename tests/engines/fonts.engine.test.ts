/**
 * The font on a first visit, in every engine: a browser with nothing cached shows the page in Inter,
 * exactly as a return visit does, also when the font comes a moment after the page. (With
 * `font-display: optional` WebKit kept the fallback for the whole first visit: 8,478 px tall
 * against 8,318.)
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { contentTypeFor } from '../../generator/hosting/policy';
import { type EnginePage, test, untilScripted } from '../support/engine';

const siteDir = inject('siteDir');
/** Longer than the 100 ms any engine waits for a font before it paints text in the fallback. */
const FONT_DELAY_MS = 400;

/** The main face's status and the page's height, once every font the page asked for has settled. */
async function layout(page: EnginePage): Promise<{ inter: string; height: number }> {
  await untilScripted(page);
  return page.evaluate(async () => {
    await document.fonts.ready;
    const main = [...document.fonts].find((face) => face.family.replace(/"/g, '') === 'Inter' && face.unicodeRange === 'U+0-10FFFF');
    return { inter: main?.status ?? 'missing', height: document.documentElement.scrollHeight };
  });
}

describe('a first visit', () => {
  let server: Server;
  let slowOrigin: string;

  beforeAll(async () => {
    // The built site, with each font answered FONT_DELAY_MS late: a slow connection's first visit.
    server = createServer(async (request, response) => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      const file = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
      const body = await readFile(path.join(siteDir, file)).catch(() => undefined);
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      if (file.endsWith('.woff2')) await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
      response.writeHead(200, { 'Content-Type': contentTypeFor(file) ?? 'application/octet-stream' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    slowOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test.for([
    ['served as it is', () => inject('siteUrl')],
    [`with the font ${FONT_DELAY_MS} ms late`, () => slowOrigin],
  ] as const)('shows the page in Inter, as a return visit does, %s', async ([, origin], { openPage }) => {
    const page = await openPage({ width: 1280, coldCache: true });
    await page.goto(`${origin()}/`);
    const first = await layout(page);
    await page.goto(`${origin()}/`);
    const again = await layout(page);
    expect(again.inter).toBe('loaded');
    expect(first).toEqual(again);
  });
});

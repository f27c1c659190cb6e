import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { contentTypeFor } from '../../generator/hosting/policy';
import { checkNginxConfig as checkConfig, type NginxServer, startNginx as start, type TestServer } from '../../scripts/lib/nginx';
import { freePort, mountSite, type RunningServer, startServe, stopProcess, waitForHttp } from '../../scripts/lib/server';
import { site } from '../../site.config';

export type { NginxServer, TestServer };

/** The generated nginx configuration served for the tests, its certificate made for the site's host too. */
export const startNginx = (siteDir: string, base = '/') => start(siteDir, { base, names: [new URL(site.url).hostname] });

/** `nginx -t` on the generated configuration, its marked settings edited. */
export const checkNginxConfig = (siteDir: string) => checkConfig(siteDir, [new URL(site.url).hostname]);

/**
 * Serves a built site with tests/support/bare-server.py: Python's http.server plus an error
 * document (at the root of what it serves: under a base path, a link to the site's 404.html).
 */
export async function startBareServer(siteDir: string, base = '/'): Promise<TestServer> {
  const port = await freePort();
  const script = path.join(import.meta.dirname, 'bare-server.py');
  const mounted = await mountSite(siteDir, base);
  const child = spawn('python3', [script, String(port), mounted.root], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return {
    url,
    fetch,
    stop: async () => {
      await stopProcess(child);
      await mounted.remove();
    },
  };
}

/** Serves a built site with `serve` and its serve.json, as `npm run preview` does, under its base path. */
export async function startServeAt(siteDir: string, base = '/'): Promise<TestServer> {
  const mounted = await mountSite(siteDir, base);
  const server = await startServe(mounted.root);
  return {
    url: server.url,
    fetch,
    stop: async () => {
      await server.stop();
      await mounted.remove();
    },
  };
}

/** A request to startPacedServer, its file read and its 200 and content type written. */
export interface PacedRequest {
  request: IncomingMessage;
  response: ServerResponse;
  /** The URL's path, and the file it names (`index.html` for a folder). */
  pathname: string;
  file: string;
  body: Buffer;
}

/**
 * Serves a built site from this process, each file sent by `send` at a test's own pace (a slow
 * font, a page in parts); an unknown path is a 404, with `notFound`'s file (the site's 404 page) if given.
 */
export async function startPacedServer(
  siteDir: string,
  send: (paced: PacedRequest) => void | Promise<void>,
  { notFound }: { notFound?: string } = {},
): Promise<RunningServer> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const found = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
    const body = await readFile(path.join(siteDir, found)).catch(() => undefined);
    if (!body && !notFound) {
      response.writeHead(404).end();
      return;
    }
    const file = body ? found : (notFound ?? '');
    // Not written yet: `send` may answer otherwise.
    response.statusCode = body ? 200 : 404;
    response.setHeader('Content-Type', contentTypeFor(file) ?? 'application/octet-stream');
    await send({ request, response, pathname, file, body: body ?? (await readFile(path.join(siteDir, file))) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A request still held (a font the page never asked to be sent) would keep the server open for good.
        server.closeAllConnections();
      }),
  };
}

/** The query parameter of reportFontIn's request: the path of the page whose font is in. */
const FONT_IN_PARAM = 'font-in';

/**
 * For startPacedServer: each page's head at once, its body only once the page says its main Inter face has loaded
 * (reportFontIn, installed before its scripts): the font is in before the page has content, however busy the machine. True
 * when it answered the request.
 */
export function fontFirst(): (paced: PacedRequest) => Promise<boolean> {
  /** Pages waiting for their font, by path. */
  const waiting = new Map<string, () => void>();
  return async ({ request, response, pathname, file, body }) => {
    const fontIn = new URL(request.url ?? '/', 'http://localhost').searchParams.get(FONT_IN_PARAM);
    if (fontIn !== null) {
      waiting.get(fontIn)?.();
      response.end(body);
      return true;
    }
    if (!file.endsWith('.html')) return false;
    const html = body.toString('utf8');
    const end = html.indexOf('<body');
    response.write(html.slice(0, end));
    await new Promise<void>((resolve) => waiting.set(pathname, resolve));
    waiting.delete(pathname);
    response.end(html.slice(end));
    return true;
  };
}

/** In the page: the status of its main Inter face (the one for every character), or 'missing'. */
export function mainFaceStatus(): string {
  const main = [...document.fonts].find((face) => face.family.replace(/"/g, '') === 'Inter' && face.unicodeRange === 'U+0-10FFFF');
  return main?.status ?? 'missing';
}

/**
 * Installed before the page's scripts: it asks for the page's main Inter face while the head is parsed (nothing in a page
 * without its body would), and once the face has loaded it tells fontFirst's server so (a request for a file the site has,
 * the page's path in its query). Only the browser knows when it has taken the font in. Loaded, not settled: WebKit calls a
 * face whose file is on its way 'error' (FontFace::status maps its TimedOut to it), which under font-display: swap it is
 * from the start.
 */
export function reportFontIn(win: Window & typeof globalThis): void {
  // The global timer and fetch, not the page's: WebKit runs this in the opener of the page's window, whose first
  // document the page replaces, and its timers with it. (mainFaceStatus's body, as this runs in the page.)
  const timer = setInterval(() => {
    const main = [...win.document.fonts].find((face) => face.family.replace(/"/g, '') === 'Inter' && face.unicodeRange === 'U+0-10FFFF');
    if (main?.status === 'unloaded') main.load().catch(() => {});
    if (main?.status !== 'loaded') return;
    clearInterval(timer);
    // FONT_IN_PARAM: the page sees none of the test's variables.
    void fetch(`${win.location.origin}/robots.txt?font-in=${encodeURIComponent(win.location.pathname)}`);
  }, 10);
}

/**
 * The server `start` makes, started before the tests of the enclosing describe and stopped after
 * them; read it through the getter, in a test.
 */
export function serverFor<T extends TestServer>(start: () => Promise<T>): () => T {
  let server: T | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The server did not start.');
    return server;
  };
}

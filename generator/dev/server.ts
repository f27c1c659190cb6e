/** Serves the dev build as a static host would, with live reload over server-sent events; any Host but its own names gets 403. */
import { once } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { escapeUTF8 as escapeMarkup } from 'entities/escape';
import { type Failure, messageOf } from '../failure';
import { contentTypeFor } from '../hosting/policy';
import { isWithin } from '../project-files';
import { sitePathOf } from '../urls';
import type { DevSession } from './session';

const HTML = contentTypeFor('page.html') ?? 'text/html; charset=utf-8';

const RELOAD_SCRIPT_PATH = '/__dev/reload.js';
const EVENTS_PATH = '/__dev/events';

export interface DevServerOptions {
  session: DevSession;
  siteDir: string;
  reloadScript: string;
  /** So that a page left open across a restart reloads. */
  sessionId: string;
  allowHost: (host: string | undefined) => boolean;
  /** What the watcher cannot watch now (watch.ts): shown over the page beside any build error. */
  notices: () => Failure[];
  onRefused?: (host: string) => void;
  base?: string;
}

/** A flood of refused Host values must not fill the terminal. */
const REFUSALS_REPORTED = 10;

export function createDevServer(options: DevServerOptions) {
  const { session, siteDir, reloadScript, sessionId, allowHost, notices, onRefused = () => {}, base = '/' } = options;
  const clients = new Set<ServerResponse>();
  const refused = new Set<string>();
  const version = () => `${sessionId}.${session.version}`;
  const send = (response: ServerResponse, event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const reply = (status: number, type: string, body: string | Buffer) => {
      const headers = {
        'Content-Type': type,
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      response.writeHead(status, headers).end(request.method === 'HEAD' ? undefined : body);
    };
    const page = (status: number, html: string) => reply(status, HTML, withReloadScript(html, version()));
    const host = request.headers.host;
    if (!allowHost(host)) {
      const shown = JSON.stringify(host ?? '');
      if (refused.size < REFUSALS_REPORTED && !refused.has(shown)) {
        refused.add(shown);
        onRefused(shown);
      }
      const names = "localhost, 127.0.0.1, [::1]; started with --host, also this machine's addresses and name";
      const text = `This dev server answers only requests for its own names (${names}), not for the host ${shown}: another site may be trying to read it (DNS rebinding).\n`;
      return reply(403, 'text/plain; charset=utf-8', text);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return void response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === EVENTS_PATH) {
      const headers = { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' };
      // A stream a HEAD would never read must not stay open.
      if (request.method === 'HEAD') return void response.writeHead(200, headers).end();
      response.writeHead(200, { ...headers, Connection: 'keep-alive' });
      response.write('retry: 500\n\n');
      clients.add(response);
      request.on('close', () => clients.delete(response));
      await session.idle();
      send(response, 'state', { version: version(), css: session.stylesheet, error: session.error, notices: notices() });
      return;
    }
    if (url.pathname === RELOAD_SCRIPT_PATH) return reply(200, contentTypeFor(RELOAD_SCRIPT_PATH) ?? 'text/javascript', reloadScript);
    // Under a base path the root and the folder without its slash lead there (302: nothing to remember).
    const sitePath = sitePathOf(base, url.pathname);
    if (sitePath === undefined && (url.pathname === '/' || `${url.pathname}/` === base))
      return void response.writeHead(302, { Location: `${base}${url.search}`, 'Cache-Control': 'no-store' }).end();
    // Never answer with a page from before the latest save.
    await session.idle();
    const found = sitePath === undefined ? undefined : await resolveFile(siteDir, sitePath);
    if (!found && session.version === 0) return reply(500, HTML, errorPage(session.error, version()));
    if (!found)
      return page(
        404,
        await readFile(path.join(siteDir, '404.html'), 'utf8').catch(() => '<!DOCTYPE html><title>Not found</title><h1>404</h1>'),
      );
    if (found.endsWith('.html')) return page(200, await readFile(found, 'utf8'));
    reply(200, contentTypeFor(found) ?? 'application/octet-stream', await readFile(found));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`Dev server error: ${messageOf(error)}`);
    });
  });

  // A comment now and then lets a page notice a dead connection and reconnect.
  const heartbeat = setInterval(() => {
    for (const client of clients) client.write(': ping\n\n');
  }, 20_000);
  heartbeat.unref();

  return {
    server,
    broadcast(event: 'css' | 'reload' | 'build-error' | 'notices', data?: unknown) {
      const payload = event === 'reload' ? { version: version() } : data;
      for (const client of clients) send(client, event, payload);
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        for (const client of clients) client.end();
        clients.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const target = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (!isWithin(root, target)) return undefined;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

/** A file and an event stream of the page's own origin: the site's CSP allows both as it is. */
function withReloadScript(html: string, version: string): string {
  const tag = `<script src="${RELOAD_SCRIPT_PATH}" data-dev-version="${version}" defer></script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

/** Readable even without the script. */
function errorPage(error: Failure | undefined, version: string): string {
  const message = error ? error.message : 'The site has not been built yet.';
  return withReloadScript(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body><h1>Build failed</h1><pre>${escapeMarkup(message)}</pre><p>Fix it and save: this page updates by itself.</p></body></html>`,
    version,
  );
}

export async function listen(server: Server, preferred: number, host: string, attempts = 20): Promise<number> {
  for (let port = preferred; port < preferred + attempts; port += 1) {
    try {
      await once(server.listen(port, host), 'listening');
      return port;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // The system names a wrong host only by its errno.
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new Error(`--host ${host} is not an address of this machine.`);
      if (code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`Ports ${preferred} to ${preferred + attempts - 1} are all in use; choose another with --port.`);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nobody is listening on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls until check() returns something other than undefined/false, or fails with what was last seen. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result !== undefined && result !== false) return result;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

/** Polls a URL until it answers (any status) or the time runs out. */
export async function waitForHttp(url: string, timeoutMs = 15_000): Promise<void> {
  await waitFor(`${url} to answer`, () => fetch(url, { redirect: 'manual' }).then(() => true), timeoutMs, 100);
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** The `serve` package's command, run with this Node. */
export function serveBin(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('serve/package.json')), 'build', 'main.js');
}

/** Serves a folder with the `serve` package, as `npm run preview` does, on a free port. */
export async function startServe(folder: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [serveBin(), folder, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-port-switching'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      // serve otherwise asks the npm registry for a newer version of itself at every start.
      env: { ...process.env, NO_UPDATE_CHECK: '1' },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return { url, stop: () => stopProcess(child) };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A folder laid out as a host's root for a site built under a base path; remove() deletes it, never the site. */
export interface MountedSite {
  root: string;
  remove: () => Promise<void>;
}

/**
 * Hosts that map URL paths to files (serve, nginx, a bare file server) serve a site built for
 * the base path /site/ from a root whose folder site/ holds it. This lays such a root out with
 * a link in a temporary folder: `<base>` → the built site, and beside it, at the root, copies of
 * the files a host reads there (serve.json, and 404.html for servers that take their error page
 * from the root). At the base "/" the site's own folder is that root.
 */
export async function mountSite(siteDir: string, base: string): Promise<MountedSite> {
  if (base === '/') return { root: siteDir, remove: async () => {} };
  const root = await mkdtemp(path.join(tmpdir(), 'site-mount-'));
  const site = await realpath(siteDir);
  const folder = path.join(root, ...base.split('/').filter(Boolean));
  await mkdir(path.dirname(folder), { recursive: true });
  await symlink(site, folder, 'dir');
  // Copies, not links: serve sends a linked error page with the link's own size as its length.
  for (const file of ['serve.json', '404.html']) await copyFile(path.join(site, file), path.join(root, file));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

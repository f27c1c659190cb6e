/** The dev server: builds once, serves with live reload, rebuilds what a save touches; a page, run in a worker, never stops it. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Failure } from '../failure';
import { browserBundle } from '../steps/client';
import { scratchFolder } from '../writer';
import { isAllowedHost, serverUrls } from './address';
import { createDevServer, listen } from './server';
import { DevSession, type Outcome } from './session';
import { watchSources } from './watch';

export interface DevOptions {
  root: string;
  /** Tried first; the next free one if taken. */
  port: number;
  /** The address to listen on: loopback, every interface, or one. */
  host: string;
  /** "/site/". */
  base?: string;
  pageTimeoutMs?: number;
  /** After each rebuild: what it did, and the saves that caused it. */
  onOutcome?: (outcome: Outcome, files: readonly string[]) => void;
  /** A request for a host name it does not answer (DNS rebinding). */
  onRefused?: (host: string) => void;
  /** What the watcher cannot watch (a link out of the project or into a loop, a folder it may not read), and when it is fixed. */
  onNotice?: (notice: Failure, fixed: boolean) => void;
}

export interface DevHandle {
  port: number;
  /** Under the base path. */
  urls: { local?: string; network: string[] };
  /** The first build's end, failed or not. */
  built: Promise<void>;
  close: () => Promise<void>;
}

export async function dev(options: DevOptions): Promise<DevHandle> {
  const { root, port: preferredPort, host, base, pageTimeoutMs, onOutcome, onRefused, onNotice } = options;
  const cleanups: (() => unknown)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      // One failing clean-up must not stop the others.
      await Promise.resolve()
        .then(cleanup)
        .catch(() => {});
    }
  };
  try {
    // Removed at any exit, a crash included; those of servers killed before are swept.
    const work = scratchFolder('site-dev');
    cleanups.push(work.remove);
    const siteDir = path.join(work.folder, 'site');
    let broadcast: ReturnType<typeof createDevServer>['broadcast'] = () => {};
    const session = new DevSession({
      root,
      siteDir,
      workDir: work.folder,
      onOutcome: (outcome, files) => {
        onOutcome?.(outcome, files);
        if (!outcome.ok) broadcast('build-error', outcome.error);
        else if (outcome.action === 'css') broadcast('css', outcome.stylesheet);
        else if (outcome.action === 'reload') broadcast('reload');
      },
      overrides: { ...(pageTimeoutMs ? { pageTimeoutMs } : {}), ...(base ? { base } : {}) },
    });
    cleanups.push(() => session.close());
    const reloadClient = await browserBundle(root, path.join(import.meta.dirname, 'reload-client.ts'));
    let notices: () => Failure[] = () => [];
    const server = createDevServer({
      session,
      siteDir,
      reloadScript: reloadClient.output.toString('utf8'),
      sessionId: randomBytes(4).toString('hex'),
      ...(base ? { base } : {}),
      allowHost: (value) => isAllowedHost(value, host),
      notices: () => notices(),
      onRefused,
    });
    broadcast = server.broadcast;
    cleanups.push(() => server.close());
    // Watch before the first build, so that a save made while it runs is not lost.
    const watcher = await watchSources(
      root,
      (file) => session.schedule(file),
      (notice, fixed) => {
        onNotice?.(notice, fixed);
        server.broadcast('notices', notices());
      },
    );
    notices = watcher.notices;
    cleanups.push(() => watcher.close());
    await watcher.ready;
    // Listen first: an address that cannot be bound (a wrong host) stops it before any build.
    const port = await listen(server.server, preferredPort, host);
    const built = session.start();
    const { local, network } = serverUrls(host, port);
    // Under a base path, the site's own address: the server's root only leads there.
    const under = (url: string) => `${url}${(base ?? '/').slice(1)}`;
    return { port, urls: { ...(local ? { local: under(local) } : {}), network: network.map(under) }, built, close };
  } catch (error) {
    await close();
    throw error;
  }
}

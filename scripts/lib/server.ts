import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
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

/** Polls a URL until it answers (any status) or the time runs out. */
export async function waitForHttp(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Nothing answered at ${url} within ${timeoutMs} ms: ${String(lastError)}`);
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** Serves a folder with the `serve` package, as `npm run preview` does, on a free port. */
export async function startServe(folder: string): Promise<RunningServer> {
  const port = await freePort();
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('serve/package.json')), 'build', 'main.js');
  const child = spawn(process.execPath, [bin, folder, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-port-switching'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // serve otherwise asks the npm registry for a newer version of itself at every start.
    env: { ...process.env, NO_UPDATE_CHECK: '1' },
  });
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

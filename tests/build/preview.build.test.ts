/**
 * `npm run preview` serves the built site on loopback only, unless --listen says where: the
 * preview of an unpublished site is not for the whole network by default.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort, stopProcess, waitForHttp } from '../../scripts/lib/server';
import { externalAddress, tryConnect } from '../support/network';

const script = path.resolve(import.meta.dirname, '../../scripts/preview.ts');
// The global set-up built the site into <folder>/dist: the preview serves dist/ of where it runs.
const folder = path.dirname(inject('siteDir'));
/** An address of this machine that is not 127.0.0.1 (127.0.0.2 reaches loopback on Linux). */
const otherAddress = externalAddress() ?? '127.0.0.2';
let running: ChildProcess | undefined;

function preview(port: number, ...args: string[]): ChildProcess {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  running = spawn(process.execPath, [tsx, script, ...args], {
    cwd: folder,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), NO_UPDATE_CHECK: '1' },
  });
  return running;
}

afterEach(async () => {
  if (running) await stopProcess(running);
  running = undefined;
});

describe('npm run preview', () => {
  it('serves dist/ on 127.0.0.1 and $PORT only', async () => {
    const port = await freePort();
    preview(port);
    await waitForHttp(`http://127.0.0.1:${port}/`);
    expect((await fetch(`http://127.0.0.1:${port}/about-us/`)).status).toBe(200);
    await expect(tryConnect(otherAddress, port)).resolves.toBe('refused');
  });

  it('listens where --listen says instead, for instance on every interface', async () => {
    const [unused, port] = [await freePort(), await freePort()];
    preview(unused, '--listen', `tcp://0.0.0.0:${port}`);
    await waitForHttp(`http://${otherAddress}:${port}/`);
    expect((await fetch(`http://${otherAddress}:${port}/about-us/`)).status).toBe(200);
    // Instead of the default, not besides it.
    await expect(tryConnect('127.0.0.1', unused)).resolves.toBe('refused');
  });
});

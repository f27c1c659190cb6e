/**
 * `npm run preview` serves the built site on loopback only, unless --listen says where: the
 * preview of an unpublished site is not for the whole network by default.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { runBuild } from '../../generator/pipeline';
import { projectRoot } from '../../scripts/lib/project';
import { freePort, stopProcess, waitForHttp } from '../../scripts/lib/server';
import { externalAddress, tryConnect } from '../support/network';

const script = path.resolve(import.meta.dirname, '../../scripts/preview.ts');
// The global set-up built the site into <folder>/dist: the preview serves dist/ of where it runs.
const folder = path.dirname(inject('siteDir'));
/** An address of this machine that is not 127.0.0.1 (127.0.0.2 reaches loopback on Linux). */
const otherAddress = externalAddress() ?? '127.0.0.2';
let running: ChildProcess | undefined;

function preview(port: number, ...args: string[]): ChildProcess {
  return previewIn(folder, port, ...args);
}

/** `npm run preview` in a folder whose dist/ holds a built site. */
function previewIn(cwd: string, port: number, ...args: string[]): ChildProcess {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  running = spawn(process.execPath, [tsx, script, ...args], {
    cwd,
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

  it('serves a site built under a base path under it, with its redirects, leading / there, and nothing else outside it', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'preview-base-'));
    try {
      await runBuild({ root: projectRoot, outDir: path.join(work, 'dist'), log: () => {}, base: '/site/' });
      const port = await freePort();
      previewIn(work, port);
      const url = `http://127.0.0.1:${port}`;
      await waitForHttp(`${url}/site/`);
      expect((await fetch(`${url}/site/`)).status).toBe(200);
      expect((await fetch(`${url}/site/about-us/`)).status).toBe(200);
      const missing = await fetch(`${url}/site/no-such-page`);
      expect(missing.status).toBe(404);
      await expect(missing.text()).resolves.toContain('Oops! Page not found');
      expect((await fetch(`${url}/about-us/`)).status).toBe(404);
      // As the dev server does: the origin's root leads to the site.
      const root = await fetch(`${url}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/site/');
      const moved = await fetch(`${url}/site/about`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/site/about-us/');
    } finally {
      if (running) await stopProcess(running);
      running = undefined;
      await rm(work, { recursive: true, force: true });
    }
  });
});

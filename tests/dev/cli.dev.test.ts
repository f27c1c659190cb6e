/**
 * `npm run dev`'s command line: --help, a mistyped option, --port, and where it listens: on
 * loopback only unless --host opens it to the network. Started on a copy of the project.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../../scripts/lib/dev';
import { copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { freePort } from '../../scripts/lib/server';
import { externalAddress, plainRequest, tryConnect } from '../support/network';

let project: ProjectCopy;

beforeAll(async () => {
  project = await copyProject('site-dev-cli-test-');
});

afterAll(async () => {
  await project?.remove();
});

/**
 * An address of this machine other than 127.0.0.1: a network interface's, else 127.0.0.2, which
 * Linux routes to the loopback interface but a server bound to 127.0.0.1 does not answer.
 */
const otherAddress = () => externalAddress() ?? '127.0.0.2';

/** The status of GET / with the Host header a browser would send for `host`. */
const statusFor = async (port: number, host: string) => (await plainRequest(`http://127.0.0.1:${port}`, '/', { host })).status;

function npmRunDev(...args: string[]) {
  const result = spawnSync('npm', ['run', 'dev', '--', ...args], {
    cwd: project.root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run dev', () => {
  it('prints its options with --help and exits 0 without building or serving', () => {
    const help = npmRunDev('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run dev -- \[options\]$/m);
    for (const option of ['--port <n>', '--host [address]', '-h, --help'])
      expect(help.stdout).toMatch(new RegExp(`^ +${option.replace(/[[\]]/g, '\\$&')} +\\S`, 'm'));
    expect(help.stdout).not.toContain('Dev server');
  });

  it('refuses an unknown option, a bad port or a host not of this machine, naming what it knows, with status 1', () => {
    const unknown = npmRunDev('--open');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(
      "Unknown option '--open'. Options: --port <n>, --host [address], --page-timeout <seconds>, --base <path>, --help.",
    );
    const badPort = npmRunDev('--port', 'eighty');
    expect(badPort.status).toBe(1);
    expect(badPort.stderr).toContain('--port must be a port number between 1 and 65535, not "eighty".');
    // 203.0.113.0/24 is for documentation: never an address of this machine.
    const badHost = npmRunDev('--host', '203.0.113.7');
    expect(badHost.status).toBe(1);
    expect(badHost.stderr).toContain('The dev server could not start: --host 203.0.113.7 is not an address of this machine.');
  });

  it('listens on the --port given, over PORT, and on loopback only', async () => {
    const port = await freePort();
    const dev = await startDev(project.root, { PORT: String(await freePort()) }, ['--port', String(port)]);
    try {
      expect(dev.port).toBe(port);
      expect(dev.output()).toContain(`Dev server  http://localhost:${port}/`);
      expect(dev.output()).toContain('Only this machine can open it');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      await expect(tryConnect(otherAddress(), port)).resolves.toBe('refused');
      expect(dev.output()).not.toContain('Network');
    } finally {
      await dev.stop();
    }
  });

  it('listens on every interface with a bare --host, and says it is reachable from the network', async () => {
    const port = await freePort();
    const dev = await startDev(project.root, {}, ['--host', '--port', String(port)]);
    try {
      expect(dev.port).toBe(port);
      expect(dev.output()).toContain('Listening on every interface (--host): reachable from the network');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      expect((await fetch(`http://${otherAddress()}:${port}/`)).status).toBe(200);
      const external = externalAddress();
      if (external) expect(dev.output()).toContain(`Network     http://${external}:${port}/`);
      // Reached by its LAN address or its name, as a phone would; still never for another name.
      for (const host of [`${otherAddress()}:${port}`, `${hostname()}:${port}`, `${hostname()}.local:${port}`, `localhost:${port}`]) {
        expect(await statusFor(port, host), host).toBe(200);
      }
      for (const host of [`evil.example:${port}`, `${otherAddress()}.nip.io:${port}`]) expect(await statusFor(port, host), host).toBe(403);
    } finally {
      await dev.stop();
    }
  });

  it('serves the site under --base, as it will be hosted, and leads the root there; refuses a base that is no folder path', async () => {
    const bad = npmRunDev('--base', 'site');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('The base path "site" (from the --base option) must start and end with "/", such as "/site/".');
    const dev = await startDev(project.root, {}, ['--base', '/site/']);
    try {
      expect(dev.output()).toContain(`Dev server  http://localhost:${dev.port}/site/`);
      const home = await fetch(`${dev.url}/site/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('href="/site/about-us/"');
      const stylesheet = /<link rel="stylesheet" href="(\/site\/assets\/main\.[0-9a-f]{10}\.css)"/.exec(html)?.[1];
      expect(stylesheet).toBeDefined();
      expect((await fetch(`${dev.url}${stylesheet}`)).status).toBe(200);
      expect((await fetch(`${dev.url}/site/about-us/`)).status).toBe(200);
      for (const [requested, location] of [
        ['/', '/site/'],
        ['/?x=1', '/site/?x=1'],
        ['/site', '/site/'],
      ]) {
        const response = await fetch(`${dev.url}${requested}`, { redirect: 'manual' });
        expect(response.status, requested).toBe(302);
        expect(response.headers.get('location'), requested).toBe(location);
      }
      const outside = await fetch(`${dev.url}/about-us/`);
      expect(outside.status).toBe(404);
      await expect(outside.text()).resolves.toContain('Oops! Page not found');
    } finally {
      await dev.stop();
    }
  });

  it('answers only localhost, 127.0.0.1 and [::1] on loopback, whatever the address the request came to', async () => {
    const dev = await startDev(project.root);
    try {
      for (const host of [`localhost:${dev.port}`, `127.0.0.1:${dev.port}`, `[::1]:${dev.port}`])
        expect(await statusFor(dev.port, host), host).toBe(200);
      for (const host of [`evil.example:${dev.port}`, `${hostname()}:${dev.port}`, `${otherAddress()}:${dev.port}`]) {
        expect(await statusFor(dev.port, host), host).toBe(403);
      }
    } finally {
      await dev.stop();
    }
  });
});

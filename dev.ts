/**
 * `npm run dev [-- --port <n>] [-- --host [address]]`: builds the site once, serves it on
 * http://localhost:3000/ (or the next free port), and rebuilds only what each saved change
 * touches: a stylesheet is swapped in place, anything else reloads open pages, and a failed build
 * shows its message in the terminal and over the page until the next good save. Ctrl-C stops it
 * cleanly. It listens on loopback only unless --host says otherwise (generator/dev/address.ts).
 *
 * Nothing here runs the site's code: render workers do (generator/workers.ts), so a broken page,
 * or one that never finishes rendering, never stops the server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { type CommandSpec, positiveNumber, readCommandLine } from './generator/cli';
import { ALL_INTERFACES, bindAddress, DEFAULT_PORT, isAllowedHost, isLoopback, portToTry, serverUrls } from './generator/dev/address';
import { createDevServer, type DevServer, listen } from './generator/dev/server';
import { DevSession, type Outcome } from './generator/dev/session';
import { UNWATCHED, watchSources } from './generator/dev/watch';
import { projectRoot } from './generator/options';
import { isRunning } from './generator/process-alive';
import { paintFor } from './generator/terminal';
import { checkBase } from './generator/urls';

const command = {
  usage: 'npm run dev -- [options]',
  summary: 'Builds the site, serves it with live reload, and rebuilds what each save touches.',
  options: {
    port: {
      type: 'string',
      value: '<n>',
      description: `port to try first (default $PORT, else ${DEFAULT_PORT}); the next free one if taken`,
    },
    host: {
      type: 'string',
      value: '[address]',
      optionalValue: true,
      description: 'listen on every interface (reachable from the network), or on <address>; default 127.0.0.1',
    },
    'page-timeout': {
      type: 'string',
      value: '<seconds>',
      description: 'how long a page may take to render before it is reported as stuck (default 10)',
    },
    base: {
      type: 'string',
      value: '<path>',
      description: 'serve the site under this folder, such as /site/, as it will be hosted (/ leads there)',
    },
  },
  lists: [{ title: 'Environment', rows: [['PORT', 'port to try first when --port is not given']] }],
} satisfies CommandSpec;

const { values } = readCommandLine(command);
const root = projectRoot;
const paint = paintFor(process.stdout);
const paintErr = paintFor(process.stderr);
const host = bindAddress(values.host);

/** An option's value, or its message and exit status 1 when it is not one the server can run with. */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return process.exit(1);
  }
}

const seconds = checked(() => positiveNumber(values['page-timeout'], '--page-timeout'));
const pageTimeoutMs = seconds === undefined ? undefined : seconds * 1000;
const base = checked(() => (values.base === undefined ? undefined : checkBase(values.base, 'the --base option')));
const preferredPort = checked(() => portToTry(values.port, process.env.PORT));

/** Undone in reverse order when the server stops, whatever point the start-up had reached. */
const cleanups: (() => unknown)[] = [];
let stopping = false;

async function stop(exitCode: number): Promise<never> {
  if (stopping) process.exit(130); // a second Ctrl-C during the clean-up: leave at once
  stopping = true;
  // A clean-up that hangs must not keep the process alive: Ctrl-C always ends it within 2 s.
  setTimeout(() => process.exit(exitCode), 1500).unref();
  for (const cleanup of cleanups.reverse()) {
    // One failing clean-up (esbuild's service may already be gone: a terminal's Ctrl-C signals
    // the whole process group) must not stop the others.
    await Promise.resolve()
      .then(cleanup)
      .catch(() => {});
  }
  if (exitCode === 0) console.log(paint.dim('Dev server stopped.'));
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

const clock = (colour = paint) => colour.dim(new Date().toTimeString().slice(0, 8));
const describeFiles = (files: readonly string[]) =>
  files.length === 0 ? 'start' : files.length <= 2 ? files.join(', ') : `${files[0]} and ${files.length - 1} more`;

let broadcast: DevServer['broadcast'] = () => {};
let firstBuildDone = false;

function report(outcome: Outcome, files: readonly string[]): void {
  const ms = `${Math.round(outcome.ms)} ms`;
  if (!outcome.ok) {
    const cause = files.length > 0 ? `${describeFiles(files)} ${paintErr.dim('→')} ` : '';
    console.error(`${clock(paintErr)} ${paintErr.red('✗')} ${cause}${paintErr.red('Build failed:')} ${outcome.error.message}`);
    if (outcome.error.stack) console.error(paintErr.dim(outcome.error.stack));
    console.error(paintErr.dim('  The server keeps running; the next good save clears this.'));
    broadcast('build-error', outcome.error);
    return;
  }
  const steps = outcome.steps.map((timing) => timing.step).join(', ');
  if (!firstBuildDone) {
    firstBuildDone = true;
    console.log(`${clock()} ${paint.green('✓')} built in ${ms} ${paint.dim(`(${steps})`)}`);
  } else if (outcome.action === 'none') {
    console.log(`${clock()} ${paint.green('✓')} ${describeFiles(files)} ${paint.dim('→')} ${steps} ${ms}, nothing changed`);
    return;
  } else if (outcome.action === 'css') {
    console.log(`${clock()} ${paint.green('✓')} ${describeFiles(files)} ${paint.dim('→')} ${steps} ${ms}, stylesheet swapped`);
  } else {
    const { pages, of } = outcome.rendered;
    // Which pages a save rendered again: all of them, or a Markdown entry and the lists it is in.
    const shown = pages.length === of ? `all ${of}` : `${pages.length} of ${of}${pages.length > 0 ? `: ${pages.join(' ')}` : ''}`;
    console.log(
      `${clock()} ${paint.green('✓')} ${describeFiles(files)} ${paint.dim('→')} ${steps} ${ms}, pages reloaded (${shown} rendered)`,
    );
  }
  if (outcome.action === 'css') broadcast('css', outcome.stylesheet);
  else broadcast('reload');
}

/**
 * Removes the temporary folders of dev servers that were killed before they could (their names
 * carry their process id); those of running servers stay.
 */
async function sweepTemporaryFolders(): Promise<void> {
  for (const entry of await readdir(tmpdir()).catch(() => [] as string[])) {
    const pid = Number(/^site-dev-(\d+)-/.exec(entry)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    await rm(path.join(tmpdir(), entry), { recursive: true, force: true }).catch(() => {});
  }
}

async function start(): Promise<void> {
  await sweepTemporaryFolders();
  const workDir = await mkdtemp(path.join(tmpdir(), `site-dev-${process.pid}-`));
  cleanups.push(() => rm(workDir, { recursive: true, force: true }));
  const siteDir = path.join(workDir, 'site');
  await mkdir(siteDir);

  cleanups.push(() => esbuild.stop());
  const session = new DevSession({
    root,
    siteDir,
    workDir,
    onOutcome: report,
    overrides: { ...(pageTimeoutMs ? { pageTimeoutMs } : {}), ...(base ? { base } : {}) },
  });
  cleanups.push(() => session.close());
  const reloadScript =
    (
      await esbuild.build({
        entryPoints: [path.join(root, 'generator/dev/reload-client.ts')],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: ['es2020'],
        write: false,
        logLevel: 'silent',
      })
    ).outputFiles[0]?.text ?? '';

  const dev = createDevServer({
    session,
    siteDir,
    reloadScript,
    sessionId: randomBytes(4).toString('hex'),
    ...(base ? { base } : {}),
    allowHost: (value) => isAllowedHost(value, host),
    onRefused: (value) =>
      console.error(
        `${clock(paintErr)} ${paintErr.yellow(`Refused a request for the host ${value} (403):`)} ${
          isLoopback(host)
            ? 'only localhost, 127.0.0.1 and [::1] are answered; --host opens the server to the network.'
            : 'not a name or address of this machine. If it came from another site, it may be DNS rebinding.'
        }`,
      ),
  });
  broadcast = dev.broadcast;
  cleanups.push(() => dev.close());

  // Watch before the first build, so that a save made while it runs is not lost.
  const watcher = watchSources(root, (file) => session.schedule(file));
  cleanups.push(() => watcher.close());
  await watcher.ready;
  // Listen first: an address that cannot be bound (a wrong --host) stops it before any build.
  const port = await listen(dev.server, preferredPort, host);
  const built = session.start();

  const { local, network } = serverUrls(host, port);
  // Under a base path, the site's own address: the server's root only leads there.
  const urls = [...(local ? [local] : []), ...network].map((url) => `${url}${(base ?? '/').slice(1)}`);
  console.log('');
  for (const [index, url] of urls.entries()) console.log(`  ${paint.bold(index === 0 ? 'Dev server' : 'Network   ')}  ${paint.cyan(url)}`);
  if (isLoopback(host)) {
    console.log(paint.dim('  Only this machine can open it: add --host to open it to the network.'));
  } else {
    const where = host === ALL_INTERFACES ? 'every interface' : host;
    console.log(paint.yellow(`  Listening on ${where} (--host): reachable from the network, by anyone who can reach this machine.`));
  }
  if (port !== preferredPort) console.log(paint.yellow(`  Port ${preferredPort} is in use, so it runs on port ${port}.`));
  console.log(
    paint.dim(
      `  Watching the project (but ${[...UNWATCHED]
        .filter((name) => name !== 'dist')
        .map((name) => `${name}/`)
        .join(' ')}). Ctrl-C to stop.`,
    ),
  );
  console.log('');
  await built;
}

try {
  await start();
} catch (error) {
  const cause = error instanceof Error ? error.message : String(error);
  console.error(`${paintErr.red('The dev server could not start:')} ${cause}`);
  await stop(1);
}

/**
 * `npm run dev`: builds the site once, serves it on http://localhost:<PORT> (default 3000, or the
 * next free port), and rebuilds only what each saved change touches: a stylesheet is swapped in
 * place, anything else reloads open pages, and a failed build shows its message in the terminal
 * and over the page until the next good save. Ctrl-C stops it cleanly.
 *
 * Nothing here imports the pages: they are loaded through build/dev/loader.ts, so a broken page
 * never stops the server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { SiteLoader } from './build/dev/loader';
import { createDevServer, listen, type DevServer } from './build/dev/server';
import { DevSession, type Outcome } from './build/dev/session';
import { WATCHED, watchSources } from './build/dev/watch';
import { paintFor } from './build/terminal';

const HOST = '127.0.0.1';
const root = process.cwd();
const paint = paintFor(process.stdout);
const paintErr = paintFor(process.stderr);

const preferredPort = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(preferredPort) || preferredPort < 1 || preferredPort > 65535) {
  console.error(`PORT must be a port number between 1 and 65535, not "${process.env.PORT}".`);
  process.exit(1);
}

/** Undone in reverse order when the server stops, whatever point the start-up had reached. */
const cleanups: (() => unknown)[] = [];
let stopping = false;

async function stop(exitCode: number): Promise<never> {
  if (stopping) process.exit(130); // a second Ctrl-C during the clean-up: leave at once
  stopping = true;
  // A clean-up that hangs must not keep the process alive.
  setTimeout(() => process.exit(exitCode), 3000).unref();
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
  } else if (outcome.action === 'css') {
    console.log(`${clock()} ${paint.green('✓')} ${describeFiles(files)} ${paint.dim('→')} ${steps} ${ms}, stylesheet swapped`);
  } else {
    console.log(`${clock()} ${paint.green('✓')} ${describeFiles(files)} ${paint.dim('→')} ${steps} ${ms}, pages reloaded`);
  }
  if (outcome.action === 'css') broadcast('css', outcome.stylesheet);
  else broadcast('reload');
}

async function start(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'site-dev-'));
  cleanups.push(() => rm(workDir, { recursive: true, force: true }));
  const siteDir = path.join(workDir, 'site');
  await mkdir(siteDir);

  cleanups.push(() => esbuild.stop());
  const loader = await SiteLoader.create(root, workDir);
  cleanups.push(() => loader.dispose());
  const session = new DevSession({ root, siteDir, loader, onOutcome: report });
  cleanups.push(() => session.close());
  const reloadScript = (
    await esbuild.build({
      entryPoints: [path.join(import.meta.dirname, 'build/dev/reload-client.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]?.text ?? '';

  const dev = createDevServer({ session, siteDir, reloadScript, sessionId: randomBytes(4).toString('hex') });
  broadcast = dev.broadcast;
  cleanups.push(() => dev.close());

  // Watch before the first build, so that a save made while it runs is not lost.
  const watcher = watchSources(root, (kind, file) => session.schedule(kind, file));
  cleanups.push(() => watcher.close());
  const built = session.start();
  const port = await listen(dev.server, preferredPort, HOST);

  console.log('');
  console.log(`  ${paint.bold('Dev server')}  ${paint.cyan(`http://localhost:${port}/`)}`);
  if (port !== preferredPort) console.log(paint.yellow(`  Port ${preferredPort} is in use, so it runs on port ${port}.`));
  const watched = Object.keys(WATCHED).map((name) => (name.includes('.') ? name : `${name}/`));
  console.log(paint.dim(`  Watching ${watched.join(' ')}. Ctrl-C to stop.`));
  console.log('');
  await built;
}

try {
  await start();
} catch (error) {
  console.error(`${paintErr.red('The dev server could not start:')} ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}

/** `npm run dev [-- options]`: the dev server (dev/index.ts), and a line for each save, notice and refused host; Ctrl-C stops it. */
import { type CommandSpec, positiveNumber, readCommandLine } from '../cli';
import { ALL_INTERFACES, bindAddress, DEFAULT_PORT, isLoopback, portToTry } from '../dev/address';
import { dev } from '../dev/index';
import type { Outcome } from '../dev/session';
import { messageOf } from '../failure';
import { escapeControls, paintFor } from '../terminal';
import { checkBase } from '../urls';

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

/** `npm run dev -- <args>` on the site at `root`, until Ctrl-C. */
export async function devCommand(root: string, args: readonly string[]): Promise<void> {
  const { values } = readCommandLine(command, args);
  const paint = paintFor(process.stdout);
  const paintErr = paintFor(process.stderr);
  const host = bindAddress(values.host);
  /** An option's value, or its message and exit status 1 when it is not one the server can run with. */
  const checked = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      console.error(messageOf(error));
      return process.exit(1);
    }
  };
  const seconds = checked(() => positiveNumber(values['page-timeout'], '--page-timeout'));
  const base = checked(() => (values.base === undefined ? undefined : checkBase(values.base, 'the --base option')));
  const preferredPort = checked(() => portToTry(values.port, process.env.PORT));

  let close: () => Promise<void> = async () => {};
  let stopping = false;
  const stop = async (exitCode: number): Promise<never> => {
    if (stopping) process.exit(130); // a second Ctrl-C during the clean-up: leave at once
    stopping = true;
    // A clean-up that hangs must not keep the process alive: Ctrl-C always ends it within 2 s.
    setTimeout(() => process.exit(exitCode), 1500).unref();
    await close();
    if (exitCode === 0) console.log(paint.dim('Dev server stopped.'));
    process.exit(exitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

  const clock = (colour = paint) => colour.dim(new Date().toTimeString().slice(0, 8));
  const describeFiles = (files: readonly string[]) =>
    escapeControls(files.length === 0 ? 'start' : files.length <= 2 ? files.join(', ') : `${files[0]} and ${files.length - 1} more`);
  let firstBuildDone = false;
  const report = (outcome: Outcome, files: readonly string[]): void => {
    const ms = `${Math.round(outcome.ms)} ms`;
    if (!outcome.ok) {
      const cause = files.length > 0 ? `${describeFiles(files)} ${paintErr.dim('→')} ` : '';
      console.error(
        `${clock(paintErr)} ${paintErr.red('✗')} ${cause}${paintErr.red('Build failed:')} ${escapeControls(outcome.error.message)}`,
      );
      if (outcome.error.stack) console.error(paintErr.dim(outcome.error.stack));
      console.error(paintErr.dim('  The server keeps running; the next good save clears this.'));
      return;
    }
    const steps = outcome.steps.map((timing) => timing.step).join(', ');
    const saved = `${clock()} ${paint.green('✓')} ${describeFiles(files)} ${paint.dim('→')} ${steps} ${ms}`;
    if (!firstBuildDone) {
      firstBuildDone = true;
      console.log(`${clock()} ${paint.green('✓')} built in ${ms} ${paint.dim(`(${steps})`)}`);
    } else if (outcome.action === 'none') console.log(`${saved}, nothing changed`);
    else if (outcome.action === 'css') console.log(`${saved}, stylesheet swapped`);
    else {
      const { pages, of } = outcome.rendered;
      // Which pages a save rendered again: all of them, or a Markdown entry and the lists it is in.
      const shown = pages.length === of ? `all ${of}` : `${pages.length} of ${of}${pages.length > 0 ? `: ${pages.join(' ')}` : ''}`;
      console.log(`${saved}, pages reloaded (${shown} rendered)`);
    }
  };

  try {
    const server = await dev({
      root,
      port: preferredPort,
      host,
      ...(base ? { base } : {}),
      ...(seconds ? { pageTimeoutMs: seconds * 1000 } : {}),
      onOutcome: report,
      onNotice: (notice, fixed) =>
        fixed
          ? console.log(`${clock()} ${paint.green('✓')} ${notice.file}: fixed`)
          : console.error(`${clock(paintErr)} ${paintErr.yellow('⚠')} ${notice.message}`),
      onRefused: (value) =>
        console.error(
          `${clock(paintErr)} ${paintErr.yellow(`Refused a request for the host ${escapeControls(value)} (403):`)} ${
            isLoopback(host)
              ? 'only localhost, 127.0.0.1 and [::1] are answered; --host opens the server to the network.'
              : 'not a name or address of this machine. If it came from another site, it may be DNS rebinding.'
          }`,
        ),
    });
    close = server.close;
    const urls = [...(server.urls.local ? [server.urls.local] : []), ...server.urls.network];
    console.log('');
    for (const [index, url] of urls.entries())
      console.log(`  ${paint.bold(index === 0 ? 'Dev server' : 'Network   ')}  ${paint.cyan(url)}`);
    if (isLoopback(host)) {
      console.log(paint.dim('  Only this machine can open it: add --host to open it to the network.'));
    } else {
      const where = host === ALL_INTERFACES ? 'every interface' : host;
      console.log(paint.yellow(`  Listening on ${where} (--host): reachable from the network, by anyone who can reach this machine.`));
    }
    if (server.port !== preferredPort) console.log(paint.yellow(`  Port ${preferredPort} is in use, so it runs on port ${server.port}.`));
    console.log(paint.dim('  Watching the project for saves. Ctrl-C to stop.'));
    console.log('');
    await server.built;
  } catch (error) {
    console.error(`${paintErr.red('The dev server could not start:')} ${messageOf(error)}`);
    await stop(1);
  }
}

import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { freePort, waitFor } from './server';

/** One server-sent event received from the dev server. */
export interface DevEvent {
  type: string;
  data: string;
  /** performance.now() when it arrived. */
  at: number;
}

export interface RunningDev {
  url: string;
  port: number;
  /** Process group of `npm run dev` and everything it started. */
  pgid: number;
  /** Everything printed so far, stdout and stderr interleaved. */
  output: () => string;
  events: DevEvent[];
  /** Ctrl-C, as a terminal sends it: SIGINT to the whole process group. Resolves with how it exited. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Last resort for a failed test: SIGKILL to the group. */
  kill: () => void;
}

/**
 * The capabilities by which root reads and writes whatever a file's permissions say (capabilities(7)):
 * without them, root is held to a file's owner bits as any user is.
 */
const PERMISSION_OVERRIDES = ['dac_override', 'dac_read_search', 'fowner'];

export interface DevStart {
  /** As a user whom file permissions bind: run by root, the server has none of PERMISSION_OVERRIDES (setpriv, util-linux). */
  permissionsBind?: boolean;
}

/**
 * Starts `npm run dev -- <args>` in a project folder on a free port (through PORT, which env or
 * --port in args may override), waits for the first build to finish, and listens to its events
 * as a page would, at the address it printed.
 */
export async function startDev(
  root: string,
  env: NodeJS.ProcessEnv = {},
  args: readonly string[] = [],
  { permissionsBind = false }: DevStart = {},
): Promise<RunningDev> {
  const preferred = await freePort();
  const npm = ['npm', 'run', 'dev', ...(args.length > 0 ? ['--', ...args] : [])];
  const bounded = permissionsBind && process.getuid?.() === 0;
  const [command = 'npm', ...rest] = bounded
    ? ['setpriv', `--bounding-set=${PERMISSION_OVERRIDES.map((name) => `-${name}`).join(',')}`, '--', ...npm]
    : npm;
  // Its own process group, like a job in a terminal, so that Ctrl-C can be sent the same way.
  const child = spawn(command, rest, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(preferred), NO_COLOR: '1', ...env },
  });
  let output = '';
  // setpriv missing, say: said, not thrown where no one catches it.
  child.once('error', (error) => (output += `${command} could not start: ${error.message}\n`));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pgid = child.pid ?? 0;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const kill = () => {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };

  try {
    const url = await waitFor('the dev server to print its address', () => {
      if (child.exitCode !== null || child.pid === undefined) throw new Error(`npm run dev exited early:\n${output}`);
      const match = /Dev server\s+(http:\/\/\S+:\d+)\//.exec(output);
      return match?.[1] && /built in|Build failed/.test(output) ? match[1] : undefined;
    });
    const port = Number(new URL(url).port);
    const events: DevEvent[] = [];
    const controller = new AbortController();
    await listenToEvents(`${url}/__dev/events`, events, controller.signal);
    await waitFor('the first event', () => events.some((event) => event.type === 'state'));
    return {
      url,
      port,
      pgid,
      output: () => output,
      events,
      kill,
      stop: async () => {
        controller.abort();
        if (child.exitCode === null && child.signalCode === null) process.kill(-pgid, 'SIGINT');
        const timer = setTimeout(kill, 15_000);
        const result = await exited;
        clearTimeout(timer);
        return result;
      },
    };
  } catch (error) {
    kill();
    throw error;
  }
}

async function listenToEvents(url: string, events: DevEvent[], signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { signal });
  if (!response.body) throw new Error(`${url} sent no event stream`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) type = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length > 0) events.push({ type, data: data.join('\n'), at: performance.now() });
      }
    }
  })().catch(() => {
    // Aborted when the test stops the server.
  });
}

/**
 * Processes still alive in a process group, zombies excluded (an orphan whose parent is gone may
 * wait as a zombie for a PID 1 that never reaps it). Reads /proc, so Linux only.
 */
export async function livingProcessesInGroup(pgid: number): Promise<string[]> {
  const living: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (command) state ppid pgrp ...": the command may itself contain spaces and parentheses.
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const [state, , group] = stat.slice(close + 2).split(' ');
    if (Number(group) === pgid && state !== 'Z') living.push(`${entry} ${stat.slice(stat.indexOf('(') + 1, close)}`);
  }
  return living;
}

/**
 * The pid of the dev server process in a group (npm leads it, a shell runs the launcher): found by
 * its command line (the shell holds it as one argument), since Node 24 names its main thread "MainThread" where Node 20 says "node".
 */
export async function serverPid(dev: RunningDev): Promise<number> {
  for (const line of await livingProcessesInGroup(dev.pgid)) {
    const pid = Number(line.split(' ')[0]);
    const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (argv.some((arg) => arg.endsWith('launch.mjs'))) return pid;
  }
  throw new Error(`No dev server process in group ${dev.pgid}`);
}

/**
 * A dev server's temporary folders (generator/writer.ts, scratchFolder: their names carry the server's process id), in the
 * temporary folder it was given (TMPDIR).
 */
export async function temporaryFoldersOf(pid: number, folder = tmpdir()): Promise<string[]> {
  return (await readdir(folder)).filter((entry) => entry.startsWith(`site-dev-${pid}-`));
}

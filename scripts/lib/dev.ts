import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
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
 * Starts `npm run dev -- <args>` in a project folder on a free port (through PORT, which env or
 * --port in args may override), waits for the first build to finish, and listens to its events
 * as a page would, at the address it printed.
 */
export async function startDev(root: string, env: NodeJS.ProcessEnv = {}, args: readonly string[] = []): Promise<RunningDev> {
  const preferred = await freePort();
  // Its own process group, like a job in a terminal, so that Ctrl-C can be sent the same way.
  const child = spawn('npm', ['run', 'dev', ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(preferred), NO_COLOR: '1', ...env },
  });
  let output = '';
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
      if (child.exitCode !== null) throw new Error(`npm run dev exited early:\n${output}`);
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

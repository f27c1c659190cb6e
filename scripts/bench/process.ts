/**
 * A whole process measured from outside: wall time from spawn to exit, and its peak resident memory
 * as the kernel counts it, through GNU time (`/usr/bin/time -f %M`, Debian's `time`). The one
 * method serves every tool in a race: our build and Eleventy (Node, worker threads included, since
 * threads share their process's memory) and Hugo (Go), where a module loaded into Node could measure
 * only the first two; and it still reports for a process stopped at its time limit. The figure is
 * wait4's ru_maxrss: that of the largest process of the tree. Our build runs sharp and resvg in a
 * process of its own (its image service) beside the main one, so the tree is also sampled every
 * 50 ms, its processes' resident memory summed: the figure is the larger of the two.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const GNU_TIME = '/usr/bin/time';

export interface MeasuredProcess {
  ms: number;
  /** Peak RSS in MB (1,048,576 bytes); undefined without GNU time. */
  rssMb: number | undefined;
  /** The exit status; null when a signal ended it. */
  status: number | null;
  /** Stopped at `limitMs`. */
  stopped: boolean;
  stdout: string;
  stderr: string;
}

export interface MeasureOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this long, and reported as stopped. */
  limitMs?: number;
}

/** Whether peak memory can be measured here. */
export function canMeasureMemory(): boolean {
  return existsSync(GNU_TIME);
}

/** The peak RSS, kB, that GNU time wrote last (after "Command exited with non-zero status 1", if any). */
export function peakKb(timeOutput: string): number | undefined {
  const last = timeOutput.trim().split('\n').at(-1)?.trim() ?? '';
  return /^\d+$/.test(last) ? Number(last) : undefined;
}

/** Runs `command` to its end (or its limit) and measures it; never rejects for a failing command. */
export async function measureProcess(command: string, args: readonly string[], options: MeasureOptions): Promise<MeasuredProcess> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-bench-time-'));
  const report = path.join(folder, 'peak');
  const timed = canMeasureMemory();
  try {
    const started = performance.now();
    const child = spawn(timed ? GNU_TIME : command, timed ? ['-f', '%M', '-o', report, command, ...args] : args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    // The measured process is GNU time's child: killing it, not time, lets time report what it used.
    const stop = (tries = 0) => {
      stopped = true;
      const children = timed ? childrenOf(child.pid) : [];
      // Time forks its child at once, but on a busy machine "at once" may not have come yet.
      if (timed && children.length === 0 && tries < 40) {
        timer = setTimeout(() => stop(tries + 1), 50);
        return;
      }
      for (const target of children.length > 0 ? children : [child.pid]) {
        try {
          if (target !== undefined) process.kill(target, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    };
    if (options.limitMs !== undefined) timer = setTimeout(stop, options.limitMs);
    let treeKb = 0;
    const sampler = setInterval(() => {
      treeKb = Math.max(treeKb, treeRssKb(child.pid));
    }, 50);
    const status = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
    const ms = performance.now() - started;
    clearTimeout(timer);
    clearInterval(sampler);
    const largest = timed ? peakKb(await readFile(report, 'utf8').catch(() => '')) : undefined;
    const kb = largest === undefined ? undefined : Math.max(largest, treeKb);
    return { ms, rssMb: kb === undefined ? undefined : kb / 1024, status: stopped ? null : status, stopped, stdout, stderr };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The resident memory of `pid` and every process under it, in kB, as Linux counts it now; 0 where /proc does not say. */
function treeRssKb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let kb = 0;
  try {
    kb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    // Gone already.
  }
  return kb + childrenOf(pid).reduce((sum, child) => sum + treeRssKb(child), 0);
}

/** The processes `pid` started, as Linux lists them; none where /proc does not say. */
function childrenOf(pid: number | undefined): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

import { readFileSync } from 'node:fs';

/**
 * Whether a process runs: it exists, and on Linux is not a zombie (a killed process whose parent
 * died too may wait as one for a reaper that never comes, keeping its id).
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

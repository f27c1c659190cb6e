/**
 * Loaded with `--import` into a benchmarked process: on exit it writes the process's peak resident
 * memory (kB, from getrusage) to the file named by BENCH_RSS_FILE.
 */
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});

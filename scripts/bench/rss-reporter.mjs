// @ts-check
/**
 * Loaded with `--import` (through NODE_OPTIONS, so npm's own process loads it too) into a
 * benchmarked process: on exit it appends the process's script and its peak resident memory (kB,
 * from getrusage, worker threads included) to the file named by BENCH_RSS_FILE.
 */
import { appendFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_RSS_FILE;
  if (file) appendFileSync(file, `${process.argv[1] ?? ''}\t${process.resourceUsage().maxRSS}\n`);
});

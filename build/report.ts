import type { BuildResult } from './pipeline';

/** Human-readable size: bytes under 1 kB, otherwise kB with one decimal. */
export function formatBytes(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
}

/** The build summary: one line per output file with its size and gzipped size, then the timings. */
export function summarize(result: BuildResult): string[] {
  const outputs = [...result.outputs].sort((a, b) => a.path.localeCompare(b.path));
  const width = Math.max(...outputs.map((output) => output.path.length), 4);
  const lines = outputs.map(
    (output) =>
      `  ${output.path.padEnd(width)}  ${formatBytes(output.bytes).padStart(9)}  ${`gzip ${formatBytes(output.gzipBytes)}`.padStart(14)}`,
  );
  const steps = result.timings.map((timing) => `${timing.step} ${Math.round(timing.ms)} ms`).join(', ');
  lines.push(`  ${outputs.length} files. Steps: ${steps}.`);
  lines.push(`Built in ${Math.round(result.totalMs)} ms.`);
  return lines;
}

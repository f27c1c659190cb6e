// @ts-check
/** A render worker's first code: it starts while the site is bundled, then loads the bundle it is sent (pool.ts). */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';

// The renderer every site's bundle imports (outside it, as packages are) loads meanwhile.
const renderer = Promise.all([import('react/jsx-runtime'), import('react-dom/server')]);

/**
 * Frames in the bundle name the TypeScript file and line, through its inline source map: read when a stack is first asked
 * for, not as the bundle loads (as --enable-source-maps would, about 8 ms), since most builds throw nothing.
 * @param {string} bundle its file URL
 */
function mapStacks(bundle) {
  /** @type {SourceMap | undefined} */
  let map;
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = frame.toString();
      const line = frame.getLineNumber() ?? 0;
      const column = frame.getColumnNumber() ?? 0;
      if (frame.getFileName() !== bundle) return `    at ${text}`;
      map ??= new SourceMap(
        JSON.parse(Buffer.from(/base64,(\S+)\s*$/.exec(readFileSync(new URL(bundle), 'utf8'))?.[1] ?? '', 'base64').toString()),
      );
      const { originalSource, originalLine, originalColumn } = /** @type {Partial<import('node:module').SourceMapping>} */ (
        map.findEntry(line - 1, column - 1)
      );
      if (originalSource === undefined || originalLine === undefined || originalColumn === undefined) return `    at ${text}`;
      const file = fileURLToPath(new URL(originalSource, map.payload.sourceRoot));
      return `    at ${text.replace(`${bundle}:${line}:${column}`, `${file}:${originalLine + 1}:${originalColumn + 1}`)}`;
    });
    return [Error.prototype.toString.call(error), ...lines].join('\n');
  };
}

// A bundle that throws as it loads fails this import, which Node reports to the pool as the worker's error.
parentPort?.once('message', (/** @type {{ bundle: string }} */ { bundle }) => {
  mapStacks(bundle);
  return renderer.then(() => import(bundle));
});

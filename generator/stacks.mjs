// @ts-check
/** Our bundles' frames name the TypeScript line: the source map is read for the first stack asked for, not as a bundle loads (8 ms). */
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** @param {string} bundle the URL it is imported by @param {() => string} source its text */
export function mapStacks(bundle, source) {
  /** @type {SourceMap | undefined} */
  let map;
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = frame.toString();
      const line = frame.getLineNumber() ?? 0;
      const column = frame.getColumnNumber() ?? 0;
      if (frame.getFileName() !== bundle) return `    at ${text}`;
      map ??= new SourceMap(JSON.parse(Buffer.from(/base64,(\S+)\s*$/.exec(source())?.[1] ?? '', 'base64').toString()));
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

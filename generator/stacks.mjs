// @ts-check
/** Our bundles' frames name the TypeScript line: the source map is read for the first stack asked for, not as a bundle loads (8 ms). */
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The comment esbuild's inline source map is: the bundle's last line. */
const INLINE_MAP = '\n//# sourceMappingURL=data:application/json;base64,';

/**
 * A bundle's code, and its inline source map (base64) apart: a module imported without its map is 0.8 MB less for V8 to read
 * as a render worker starts (7 ms of the 139 it took, measured). @param {Uint8Array} output
 */
export function splitMap(output) {
  const bytes = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  const at = bytes.lastIndexOf(INLINE_MAP);
  return at < 0 ? { code: bytes, map: Buffer.alloc(0) } : { code: bytes.subarray(0, at + 1), map: bytes.subarray(at + INLINE_MAP.length) };
}

/** @param {string} bundle the URL it is imported by @param {() => string} map its source map, base64 (splitMap) */
export function mapStacks(bundle, map) {
  /** @type {SourceMap | undefined} */
  let sourceMap;
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = frame.toString();
      const line = frame.getLineNumber() ?? 0;
      const column = frame.getColumnNumber() ?? 0;
      if (frame.getFileName() !== bundle) return `    at ${text}`;
      sourceMap ??= new SourceMap(JSON.parse(Buffer.from(map().trim(), 'base64').toString()));
      const { originalSource, originalLine, originalColumn } = /** @type {Partial<import('node:module').SourceMapping>} */ (
        sourceMap.findEntry(line - 1, column - 1)
      );
      if (originalSource === undefined || originalLine === undefined || originalColumn === undefined) return `    at ${text}`;
      const file = fileURLToPath(new URL(originalSource, sourceMap.payload.sourceRoot));
      return `    at ${text.replace(`${bundle}:${line}:${column}`, `${file}:${originalLine + 1}:${originalColumn + 1}`)}`;
    });
    return [Error.prototype.toString.call(error), ...lines].join('\n');
  };
}

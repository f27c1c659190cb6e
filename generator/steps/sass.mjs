// @ts-check
/** Dart Sass in a thread of its own: some 0.3 s of a first build, which the main thread spends on everything else. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ root: string }} */
const { root } = workerData;
/** @type {typeof import('sass')} */
const sass = createRequire(path.join(root, 'package.json'))('sass');
parentPort?.on('message', (/** @type {string} */ entry) => {
  try {
    // No byte-order mark or @charset: the stylesheet goes inside pages that are UTF-8 already.
    const result = sass.compile(path.join(root, entry), { style: 'compressed', sourceMap: false, charset: false });
    const files = result.loadedUrls.filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url));
    parentPort?.postMessage({ css: result.css, files });
  } catch (error) {
    if (error instanceof sass.Exception) {
      const url = error.span.url;
      const file = url?.protocol === 'file:' ? fileURLToPath(url) : path.join(root, entry);
      parentPort?.postMessage({
        error: { message: error.sassMessage, file, line: error.span.start.line + 1, column: error.span.start.column + 1 },
      });
    } else {
      parentPort?.postMessage({ error: { message: error instanceof Error ? error.message : String(error), file: path.join(root, entry) } });
    }
  }
});

// @ts-check
/**
 * The start of a render worker (generator/workers.ts): source maps on, so that stack traces name
 * the TypeScript files; NODE_ENV set before React loads; the packages every page needs loaded at
 * once, while the main thread may still be making the site's bundle; then the bundle, named by
 * workerData.url, or for a worker started before the bundle was known (launch.mjs), by the first
 * message on workerData.port. The bundle answers the main thread itself (render/worker.tsx).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

process.setSourceMapsEnabled(true);
process.env.NODE_ENV = workerData.mode;
const require = createRequire(path.join(workerData.root, 'package.json'));
for (const name of ['react/jsx-runtime', 'react-dom/server']) {
  try {
    require(name);
  } catch {
    // Loading the bundle, which imports it, says what is wrong.
  }
}

/** @param {string} url */
const load = (url) =>
  import(url).catch((/** @type {unknown} */ error) => {
    const failure = {
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    };
    parentPort?.postMessage({ type: 'failed', failure });
  });

if (workerData.url) {
  load(workerData.url);
} else {
  workerData.port.once('message', (/** @type {string} */ url) => {
    workerData.port.close();
    load(url);
  });
}

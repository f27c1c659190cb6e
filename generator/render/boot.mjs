// @ts-check
/** A render worker's first code: it starts while the site is bundled, then loads the bundle it is sent (pool.ts). */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { mapStacks } from '../stacks.mjs';

// The renderer every site's bundle imports (outside it, as packages are) loads meanwhile.
const renderer = Promise.all([import('react/jsx-runtime'), import('react-dom/server')]);

// A bundle that throws as it loads fails this import, which Node reports to the pool as the worker's error.
parentPort?.once('message', (/** @type {{ bundle: string }} */ { bundle }) => {
  // Its source map beside it (steps/bundle.ts): read for the first stack asked for.
  mapStacks(bundle, () => readFileSync(new URL(`${bundle}.map`), 'utf8'));
  return renderer.then(() => import(bundle));
});

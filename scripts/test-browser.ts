/**
 * `npm run test:browser [-- --engine chromium|firefox|webkit|all] [vitest options]`: the browser
 * tests. Every engine by default; `--engine webkit` runs WebKit's alone (the project `webkit`), and
 * `--engine chromium` runs Chromium's with the Chromium-only project `browser` (axe, keyboard,
 * layout shift, hosting). Other arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGINES, takeEngineOption } from './lib/browsers';

const args = process.argv.slice(2);
const engines = takeEngineOption(args) ?? ENGINES;
const projects = engines.flatMap((engine) => (engine === 'chromium' ? ['browser', 'chromium'] : [engine]));
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', ...projects.flatMap((project) => ['--project', project]), ...args], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);

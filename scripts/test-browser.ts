/**
 * `npm run test:browser [-- --engine chromium|firefox|webkit|all] [vitest options]`: the browser
 * tests. Every engine by default; `--engine webkit` runs WebKit's alone (the project `webkit`), and
 * `--engine chromium` runs Chromium's with the Chromium-only project `browser` (axe, keyboard,
 * layout shift, hosting). Other arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGINES, type EngineName } from './lib/browsers';

const args = process.argv.slice(2);
const at = args.findIndex((arg) => arg === '--engine' || arg.startsWith('--engine='));
let engines: readonly EngineName[] = ENGINES;
if (at >= 0) {
  const [flag = '', inline] = args[at]?.split('=') ?? [];
  const value = inline ?? args[at + 1];
  args.splice(at, inline === undefined ? 2 : 1);
  if (value !== 'all') {
    if (!ENGINES.includes(value as EngineName)) {
      console.error(`${flag} takes ${ENGINES.join(', ')} or all, not "${value ?? ''}".`);
      process.exit(1);
    }
    engines = [value as EngineName];
  }
}
const projects = engines.flatMap((engine) => (engine === 'chromium' ? ['browser', 'chromium'] : [engine]));
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', ...projects.flatMap((project) => ['--project', project]), ...args], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);

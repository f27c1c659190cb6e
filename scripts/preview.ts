/**
 * `npm run preview [-- <serve's options>]`: serves dist/ with `serve`, which reads dist/serve.json
 * (headers, redirects, 404 page), on http://localhost:3000 ($PORT to change the port) and on
 * loopback only. serve's own default is every interface; opening the preview to the network is a
 * choice: `npm run preview -- --listen tcp://0.0.0.0:3000`. An address given with --listen (or
 * -l, -p) replaces the default instead of adding to it; every argument goes to serve as it is.
 * A site built under a base path (--base /site/) is served under it, from a folder that holds
 * dist/ there (mountSite), and the origin's root leads there.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { constants } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readHostedSite } from './lib/files';
import { mountSite, serveBin } from './lib/server';

const args = process.argv.slice(2);
// Not strict: the rest of the arguments are serve's, and serve checks them.
const { values } = parseArgs({
  args,
  strict: false,
  allowPositionals: true,
  options: { listen: { type: 'string', short: 'l', multiple: true }, port: { type: 'string', short: 'p', multiple: true } },
});
const listening = values.listen !== undefined || values.port !== undefined;
const address = `tcp://127.0.0.1:${process.env.PORT || 3000}`;

const { base } = await readHostedSite(path.resolve('dist')).catch((error: Error) => {
  console.error(error.message);
  return process.exit(1);
});
const mounted = await mountSite('dist', base);
if (base !== '/') {
  // As the dev server does: the origin's root leads to the site's folder (302: nothing for a browser to remember).
  const config = path.join(mounted.root, 'serve.json');
  const serve = JSON.parse(await readFile(config, 'utf8')) as { redirects: { source: string; destination: string; type: number }[] };
  serve.redirects.unshift({ source: '/', destination: base, type: 302 });
  await writeFile(config, `${JSON.stringify(serve, null, 2)}\n`);
  console.log(`The site was built for ${base}: it is served there, and / leads there.`);
}

const child = spawn(process.execPath, [serveBin(), mounted.root, ...(listening ? [] : ['--listen', address]), ...args], {
  stdio: 'inherit',
});
// Ctrl-C reaches serve too (same process group); wait for it to shut down and leave as it did.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void mounted.remove().finally(() => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
});

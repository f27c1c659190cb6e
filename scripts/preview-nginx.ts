/**
 * `npm run preview:nginx`: serves dist/ with nginx and the configuration the build generated
 * (deploy/nginx.conf), as a production server would, on this machine: its marked settings (root,
 * certificate) pointed at dist/ and a throwaway certificate, on high ports of loopback instead of
 * 443 and 80, with every file of nginx's own in a temporary folder. Nothing of a system nginx is
 * read or changed, and nothing needs root. Ctrl-C stops it and removes the folder.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readHostedSite } from './lib/files';
import { startNginx } from './lib/nginx';

const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.PORT || '8443' } } });
const https = Number(values.port);
if (!Number.isInteger(https) || https < 1024 || https > 65534) {
  console.error(`--port takes a port from 1024 to 65534 (the plain-HTTP server takes the next one), not "${values.port}".`);
  process.exit(1);
}

try {
  const { base } = await readHostedSite(path.resolve('dist'));
  const server = await startNginx(path.resolve('dist'), { base, names: ['localhost'], ports: { https, http: https + 1 } });
  const local = (url: string) => `${url.replace('127.0.0.1', 'localhost')}${base}`;
  console.log(`nginx serves dist/ with deploy/nginx.conf at ${local(server.url)}`);
  console.log(`  plain HTTP at ${local(server.plainUrl)} answers with production's redirect to https:// (port 443)`);
  console.log('  The certificate is made for this run: your browser warns once, and curl needs -k.');
  console.log('  Ctrl-C stops it.');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void server.stop().finally(() => process.exit(0)));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

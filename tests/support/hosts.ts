import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopProcess, waitForHttp, type RunningServer } from './server';

export const NGINX_INSTALL_HINT =
  'The hosting tests serve the site with nginx too: install it with `apt-get update && apt-get install -y nginx` (Debian/Ubuntu; .ci/run does this), or point NGINX_PATH at an nginx binary.';

/** Where nginx is, in order: $NGINX_PATH, Debian's /usr/sbin/nginx, then the PATH. Undefined when there is none. */
export function findNginx(): string | undefined {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Debian's mime.types, or the one next to the binary for other layouts. */
function mimeTypesFor(nginx: string): string {
  const candidates = ['/etc/nginx/mime.types', path.join(path.dirname(nginx), '../conf/mime.types')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No mime.types found for ${nginx} (looked in ${candidates.join(', ')}).`);
  return found;
}

/**
 * Serves a built site with nginx and the server block the build generated (deploy/nginx.conf),
 * changed only in where it listens and which folder it serves. nginx runs in the foreground as a
 * single process (no daemon, no privilege drop) with its pid, logs and temp files in a folder of
 * its own, so it touches nothing of a system nginx.
 */
export async function startNginx(siteDir: string): Promise<RunningServer> {
  const nginx = findNginx();
  if (!nginx) throw new Error(`No nginx found. ${NGINX_INSTALL_HINT}`);
  const port = await freePort();
  const prefix = await mkdtemp(path.join(tmpdir(), 'nginx-test-'));
  const generated = await readFile(path.join(siteDir, 'deploy', 'nginx.conf'), 'utf8');
  const server = generated
    .replace(/^\s*listen\s+\[::\][^;]*;\n/m, '')
    .replace(/^(\s*)listen\s+[^;]+;/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)root\s+[^;]+;/m, `$1root ${siteDir};`);
  if (!server.includes(`listen 127.0.0.1:${port};`) || !server.includes(`root ${siteDir};`)) {
    throw new Error('deploy/nginx.conf has no "listen" or "root" line to point at the test folder.');
  }
  const temp = (name: string) => path.join(prefix, name);
  await writeFile(temp('server.conf'), server);
  await writeFile(
    temp('nginx.conf'),
    `daemon off;
master_process off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 64; }
http {
    include ${mimeTypesFor(nginx)};
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${temp('server.conf')};
}
`,
  );
  const child = spawn(nginx, ['-p', prefix, '-c', temp('nginx.conf'), '-e', temp('error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForHttp(url),
      new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${stderr}`)))),
    ]);
  } catch (error) {
    await stopProcess(child);
    const log = await readFile(temp('error.log'), 'utf8').catch(() => '');
    throw new Error(`nginx did not start with the generated configuration: ${String(error)}\n${log}`);
  }
  return {
    url,
    stop: async () => {
      await stopProcess(child);
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

/** Serves a built site with tests/support/bare-server.py: Python's http.server plus an error document. */
export async function startBareServer(siteDir: string): Promise<RunningServer> {
  const port = await freePort();
  const script = path.join(import.meta.dirname, 'bare-server.py');
  const child = spawn('python3', [script, String(port), siteDir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return { url, stop: () => stopProcess(child) };
}

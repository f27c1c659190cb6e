/**
 * nginx with the configuration the build generated (deploy/nginx.conf), run from a folder of its
 * own with a throwaway certificate: what `npm run preview:nginx` and the hosting tests serve.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findOnPath } from './files';
import { freePort, mountSite, type RunningServer, stopProcess, waitFor, waitForHttp } from './server';

export const NGINX_INSTALL_HINT =
  'The hosting tests serve the site with nginx too: install it with `apt-get update && apt-get install -y nginx` (Debian/Ubuntu; .ci/run does this), or point NGINX_PATH at an nginx binary.';

/** Where nginx is, in order: $NGINX_PATH, Debian's /usr/sbin/nginx, then the PATH. Undefined when there is none. */
export function findNginx(): string | undefined {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  return findOnPath('nginx');
}

/** Debian's mime.types, or the one next to the binary for other layouts. */
function mimeTypesFor(nginx: string): string {
  const candidates = ['/etc/nginx/mime.types', path.join(path.dirname(nginx), '../conf/mime.types')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No mime.types found for ${nginx} (looked in ${candidates.join(', ')}).`);
  return found;
}

/** A self-signed certificate for www.kestrelrisk.com and 127.0.0.1, made for this run only (never committed). */
export interface TestCertificate {
  certificate: string;
  key: string;
  /** The certificate's PEM, for clients that should trust it. */
  pem: string;
}

async function makeTestCertificate(folder: string, names: readonly string[]): Promise<TestCertificate> {
  const certificate = path.join(folder, 'certificate.pem');
  const key = path.join(folder, 'key.pem');
  const alternatives = ['IP:127.0.0.1', ...names.map((name) => `DNS:${name}`)].join(',');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${names[0] ?? '127.0.0.1'}`,
      '-addext',
      `subjectAltName=${alternatives}`,
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make a test certificate (${result.error?.message ?? result.stderr})`);
  return { certificate, key, pem: await readFile(certificate, 'utf8') };
}

/**
 * The generated deploy/nginx.conf with what an operator edits changed: the settings it marks
 * (root, certificate, key) and, to serve it, optionally where it listens (loopback, free ports).
 * Fails if any of them is not found exactly once, rather than test something else.
 */
function configureNginx(
  generated: string,
  settings: { root: string; certificate: string; key: string; ports?: { https: number; http: number } },
): string {
  const replace = (text: string, pattern: RegExp, line: string, what: string): string => {
    const found = text.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
    if (found !== 1) throw new Error(`deploy/nginx.conf has ${found} ${what} lines, not one.`);
    return text.replace(new RegExp(pattern.source, 'm'), `$1${line}`);
  };
  let conf = generated;
  conf = replace(conf, /^(\s*)root\s+[^;]+;/, `root ${settings.root};`, '"root"');
  conf = replace(conf, /^(\s*)ssl_certificate\s+[^;]+;/, `ssl_certificate ${settings.certificate};`, '"ssl_certificate"');
  conf = replace(conf, /^(\s*)ssl_certificate_key\s+[^;]+;/, `ssl_certificate_key ${settings.key};`, '"ssl_certificate_key"');
  if (settings.ports) {
    conf = conf.replace(/^\s*listen\s+\[::\][^;]*;\n/gm, '');
    conf = replace(conf, /^(\s*)listen\s+443\b([^;]*);/, `listen 127.0.0.1:${settings.ports.https}$2;`, '"listen 443"');
    conf = replace(conf, /^(\s*)listen\s+80;/, `listen 127.0.0.1:${settings.ports.http};`, '"listen 80"');
  }
  return conf;
}

/** nginx's own configuration around the server blocks: every file in `prefix`, nothing of a system nginx. */
async function writeMainConfig(nginx: string, prefix: string, serverConf: string): Promise<string> {
  const temp = (name: string) => path.join(prefix, name);
  await writeFile(temp('server.conf'), serverConf);
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
  return temp('nginx.conf');
}

/**
 * nginx and its configuration in `prefix`: the generated one with its marked settings edited (the
 * site's folder, a test certificate made for this run) and, given `ports`, where it listens.
 */
async function prepareNginx(
  siteDir: string,
  prefix: string,
  ports?: { https: number; http: number },
  root = siteDir,
  names: readonly string[] = [],
): Promise<{ nginx: string; main: string; certificate: TestCertificate }> {
  const nginx = findNginx();
  if (!nginx) throw new Error(`No nginx found. ${NGINX_INSTALL_HINT}`);
  const certificate = await makeTestCertificate(prefix, names);
  const generated = await readFile(path.join(siteDir, 'deploy', 'nginx.conf'), 'utf8');
  const main = await writeMainConfig(nginx, prefix, configureNginx(generated, { root, ...certificate, ...(ports ? { ports } : {}) }));
  return { nginx, main, certificate };
}

/**
 * `nginx -t` on the generated configuration with only its marked settings edited (the site's
 * folder, a test certificate and key), listening where it says: the test does not bind ports.
 */
export async function checkNginxConfig(siteDir: string, names: readonly string[] = []): Promise<{ status: number | null; output: string }> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'nginx-check-'));
  try {
    const { nginx, main } = await prepareNginx(siteDir, prefix, undefined, siteDir, names);
    const result = spawnSync(nginx, ['-t', '-p', prefix, '-c', main, '-e', path.join(prefix, 'error.log')], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }
}

/** What the tests see of a server: its address, and a fetch that trusts its certificate. */
export interface TestServer extends RunningServer {
  fetch: (url: string, init?: { method?: string; headers?: Record<string, string>; redirect?: 'manual' }) => Promise<Response>;
}

/** nginx serving the site over HTTPS, and its plain-HTTP server that only redirects. */
export interface NginxServer extends TestServer {
  /** http://127.0.0.1:<port>, the port-80 server of the configuration. */
  plainUrl: string;
  certificate: TestCertificate;
}

/**
 * Serves a built site with nginx and the configuration the build generated (deploy/nginx.conf),
 * changed only in its marked settings (the folder it serves, a test certificate made for this
 * run) and where it listens (loopback, two free ports instead of 443 and 80). nginx runs in the
 * foreground as a single process (no daemon, no privilege drop) with its pid, logs and temp files
 * in a folder of its own, so it touches nothing of a system nginx. A site built under a base path
 * is served from a root that holds it in the base's folder, as the configuration says.
 */
export async function startNginx(
  siteDir: string,
  { base = '/', names = [], ports }: { base?: string; names?: readonly string[]; ports?: { https: number; http: number } } = {},
): Promise<NginxServer> {
  ports ??= { https: await freePort(), http: await freePort() };
  const prefix = await mkdtemp(path.join(tmpdir(), 'nginx-test-'));
  const mounted = await mountSite(siteDir, base);
  const { nginx, main, certificate } = await prepareNginx(siteDir, prefix, ports, mounted.root, names);
  const log = path.join(prefix, 'error.log');
  const child = spawn(nginx, ['-p', prefix, '-c', main, '-e', log], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `https://127.0.0.1:${ports.https}`;
  const plainUrl = `http://127.0.0.1:${ports.http}`;
  const fetchTrusting = trustingFetch(certificate.pem);
  try {
    await Promise.race([
      (async () => {
        await waitForHttp(plainUrl);
        await waitFor('nginx to answer over HTTPS', () => fetchTrusting(`${url}/`), 15_000, 100);
      })(),
      new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${stderr}`)))),
    ]);
  } catch (error) {
    await stopProcess(child);
    await mounted.remove();
    throw new Error(
      `nginx did not start with the generated configuration: ${String(error)}\n${await readFile(log, 'utf8').catch(() => '')}`,
    );
  }
  return {
    url,
    plainUrl,
    certificate,
    fetch: fetchTrusting,
    stop: async () => {
      await stopProcess(child);
      await rm(prefix, { recursive: true, force: true });
      await mounted.remove();
    },
  };
}

/**
 * fetch() for a server whose certificate is `pem`, checked in full against it (Node's fetch has
 * no option for that): never follows redirects, never decompresses. Answers a web Response.
 */
function trustingFetch(pem: string): TestServer['fetch'] {
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const request = httpsRequest(url, { method: init.method ?? 'GET', headers: init.headers ?? {}, ca: pem }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (let index = 0; index < response.rawHeaders.length; index += 2) {
            headers.append(response.rawHeaders[index] ?? '', response.rawHeaders[index + 1] ?? '');
          }
          const status = response.statusCode ?? 0;
          const body = init.method === 'HEAD' || status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
}

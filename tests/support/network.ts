import { type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

/** An IPv4 address of this machine that is not loopback, if it has one (a container may not). */
export function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;
}

/**
 * Whether a TCP connection to host:port is accepted or refused. Anything else (a timeout, an
 * unreachable host) rejects: it would say nothing about what the server listens on.
 */
export function tryConnect(host: string, port: number, timeoutMs = 5_000): Promise<'accepted' | 'refused'> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`Connecting to ${host}:${port} timed out`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)));
  });
}

/**
 * One plain-HTTP request for `requested` (sent as written, so "%2f" stays encoded) to the server at
 * `base`, with the Host header a browser would send for `host` (fetch will not send one), read to
 * its end: a response that never ends fails the test by its time limit.
 */
export function plainRequest(
  base: string,
  requested: string,
  { method = 'GET', host }: { method?: string; host?: string } = {},
): Promise<{ status?: number; headers: IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path: requested, method, headers: host ? { host } : {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

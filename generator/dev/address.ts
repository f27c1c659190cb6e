/**
 * Where the dev server listens, the URLs to print for it, and the Host names it answers. Loopback
 * by default: opening a dev build to the network is a choice (`--host`), said out loud in the terminal.
 */
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

export const DEFAULT_PORT = 3000;
export const LOOPBACK = '127.0.0.1';
export const ALL_INTERFACES = '0.0.0.0';

/** --port, else $PORT, else 3000; the message of a bad one names where it came from. */
export function portToTry(option: string | undefined, env: string | undefined): number {
  const [text, source] =
    option !== undefined ? [option, '--port'] : env !== undefined && env !== '' ? [env, 'PORT'] : [String(DEFAULT_PORT), 'the default'];
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new Error(`${source} must be a port number between 1 and 65535, not "${text}".`);
  }
  return port;
}

/** Loopback without --host, every interface for a bare --host. */
export function bindAddress(host: string | undefined): string {
  if (host === undefined) return LOOPBACK;
  return host === '' ? ALL_INTERFACES : host;
}

export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}

const isAllInterfaces = (address: string) => address === ALL_INTERFACES || address === '::';

/** `local` on this machine, `network` from others (the machine's non-internal addresses when every interface is bound). */
export function serverUrls(address: string, port: number): { local?: string; network: string[] } {
  const url = (host: string) => `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}/`;
  if (address === LOOPBACK) return { local: url('localhost'), network: [] };
  if (isLoopback(address)) return { local: url(address), network: [] };
  if (!isAllInterfaces(address)) return { network: [url(address)] };
  const family = address === ALL_INTERFACES ? 'IPv4' : undefined;
  const external = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && (family === undefined || entry.family === family) && !entry.address.startsWith('fe80:'))
    .map((entry) => url(entry.address));
  return { local: url('localhost'), network: external };
}

/** Loopback, as a browser on this machine writes it. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** A name or IPv4 address, or an IPv6 address in brackets; then an optional port. */
const HOST_HEADER = /^(?:(\[[0-9a-f:.]+\])|([^:[\]\s/@]+))(?::\d{1,5})?$/i;

/** Lower case, IPv6 in canonical form; undefined if malformed. */
function hostOf(header: string): string | undefined {
  const match = HOST_HEADER.exec(header);
  if (!match) return undefined;
  if (match[2] !== undefined) return match[2].toLowerCase();
  try {
    return new URL(`http://${match[1]}/`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * A page on any site can point a name of its own at 127.0.0.1 (DNS rebinding) and read what the
 * server answers it; the browser still sends that name, so anything but our own names is refused.
 * Opened with --host, any IP address too: rebinding needs a name the attacker controls, and an
 * address typed as such is how a phone on the LAN reaches it (or a port forwarded to it).
 */
export function isAllowedHost(header: string | undefined, bound: string, machineName: string = hostname()): boolean {
  const host = header === undefined ? undefined : hostOf(header);
  if (host === undefined) return false;
  if (LOOPBACK_HOSTS.includes(host)) return true;
  const boundHost = hostOf(isIP(bound) === 6 ? `[${bound}]` : bound);
  if (host === boundHost) return true;
  if (isLoopback(bound)) return false;
  const name = machineName.toLowerCase();
  return isIP(host.replace(/^\[(.*)\]$/, '$1')) !== 0 || host === name || host === `${name}.local`;
}

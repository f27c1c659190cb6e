/**
 * Where the dev server listens, from `--port`, `--host` and $PORT, the URLs to print for it, and
 * the Host names it answers.
 * Loopback by default: a dev build is for the person at the machine, and opening it to the
 * network is a choice (`--host`), said out loud in the terminal.
 */
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

export const DEFAULT_PORT = 3000;
export const LOOPBACK = '127.0.0.1';
export const ALL_INTERFACES = '0.0.0.0';

/** The port to try first: --port, else $PORT, else 3000. Throws a message naming the source of a bad one. */
export function portToTry(option: string | undefined, env: string | undefined): number {
  const [text, source] =
    option !== undefined ? [option, '--port'] : env !== undefined && env !== '' ? [env, 'PORT'] : [String(DEFAULT_PORT), 'the default'];
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new Error(`${source} must be a port number between 1 and 65535, not "${text}".`);
  }
  return port;
}

/** The address to bind: loopback without --host, every interface for a bare --host, else the one given. */
export function bindAddress(host: string | undefined): string {
  if (host === undefined) return LOOPBACK;
  return host === '' ? ALL_INTERFACES : host;
}

export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}

const isAllInterfaces = (address: string) => address === ALL_INTERFACES || address === '::';

/**
 * The URLs to open the server at: `local` on this machine, `network` from others (the machine's
 * non-internal addresses when every interface is bound).
 */
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

/** The names the dev server always answers to: loopback, as a browser on this machine writes it. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** A Host header: a name or IPv4 address, or an IPv6 address in brackets; then an optional port. */
const HOST_HEADER = /^(?:(\[[0-9a-f:.]+\])|([^:[\]\s/@]+))(?::\d{1,5})?$/i;

/** The host part of a Host header, lower case, IPv6 in canonical form; undefined if malformed. */
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
 * Whether the dev server answers a request with this Host header. A page on any site can point a
 * name of its own at 127.0.0.1 (DNS rebinding) and then read what the server answers it, error
 * messages and event stream included; the browser still sends that name, so anything but our own
 * names is refused. Always: localhost, 127.0.0.1 and [::1], with any port. Opened with --host,
 * also the address it was told to bind, this machine's host name (and <name>.local), and any IP
 * address: rebinding needs a name the attacker controls, and an address typed as such is how a
 * phone on the LAN reaches it (or a port forwarded to it, whose address this machine cannot know).
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

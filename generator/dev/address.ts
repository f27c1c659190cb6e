/** Loopback by default: opening a dev build to the network is a choice (`--host`), said out loud. */
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

export const DEFAULT_PORT = 3000;
export const LOOPBACK = '127.0.0.1';
export const ALL_INTERFACES = '0.0.0.0';

/** The message of a bad one names where it came from. */
export function portToTry(option: string | undefined, env: string | undefined): number {
  const [text, source] =
    option !== undefined ? [option, '--port'] : env !== undefined && env !== '' ? [env, 'PORT'] : [String(DEFAULT_PORT), 'the default'];
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new Error(`${source} must be a port number between 1 and 65535, not "${text}".`);
  return port;
}

export function bindAddress(host: string | undefined): string {
  return host === undefined ? LOOPBACK : host === '' ? ALL_INTERFACES : host;
}

export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}

const isAllInterfaces = (address: string) => address === ALL_INTERFACES || address === '::';

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

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const HOST_HEADER = /^(?:(\[[0-9a-f:.]+\])|([^:[\]\s/@]+))(?::\d{1,5})?$/i;

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

/** Any site can point a name at 127.0.0.1 (DNS rebinding); with --host an IP too: rebinding needs a name; a phone on the LAN uses an IP. */
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

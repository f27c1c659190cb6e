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

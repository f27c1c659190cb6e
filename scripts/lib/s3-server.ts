/**
 * An S3-compatible server on this machine (s3rver), for the deploy test and the bench: buckets
 * set up for static website hosting as the README's S3 steps set them (index document
 * index.html, error document 404.html), on a free 127.0.0.1 port, objects in a temporary folder.
 * It records every request that changes a bucket as it starts and as it ends, so a test can
 * replay what the bucket held at each moment of a deploy, and can leave one unanswered, so a test
 * can kill a deploy at a point it chooses, however fast the machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { type IncomingHttpHeaders, type RequestListener, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { devNull, tmpdir } from 'node:os';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';

/** The part of s3rver (which ships no types) that we use. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rver;

/** s3rver's fixed credentials, and a region for the CLI to sign with. */
const REGION = 'us-east-1';
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

const WEBSITE_CONFIG = `<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <IndexDocument><Suffix>index.html</Suffix></IndexDocument>
  <ErrorDocument><Key>404.html</Key></ErrorDocument>
</WebsiteConfiguration>`;

/** A request that changes a bucket (PUT, POST, DELETE), as it started or as it ended. */
export interface BucketChange {
  event: 'start' | 'end';
  method: string;
  bucket: string;
  /** The object's key, decoded; '' for a request on the bucket (a batch delete is `POST /<bucket>?delete`). */
  key: string;
  query: string;
  /** The response's status, on 'end'; none for a request that was never answered (held, its client gone). */
  status?: number;
}

export interface WebsiteResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface S3Server {
  /** The endpoint for the AWS CLI (--endpoint-url), path-style: http://127.0.0.1:<port>. */
  endpoint: string;
  changes: BucketChange[];
  /**
   * Resolves once no request that changes a bucket is in flight: a client may see its answer
   * before the server has logged the request's end, so a test reads `changes` after this.
   */
  settled: () => Promise<void>;
  /**
   * Leaves the next request that changes a bucket and matches unanswered for good, the server
   * never seeing it; resolves once it arrives. Its client waits until it is killed.
   */
  hold: (match: (change: BucketChange) => boolean) => Promise<BucketChange>;
  /** Every key in a bucket, through the REST API (s3rver takes unsigned requests). */
  listKeys: (bucket: string) => Promise<string[]>;
  /** A request to a bucket's website endpoint (S3's `<bucket>.s3-website-<region>` host), redirects not followed. */
  website: (bucket: string, urlPath: string, method?: 'GET' | 'HEAD') => Promise<WebsiteResponse>;
  /**
   * `base` without any AWS_* variable of the user's, plus s3rver's credentials and a region; the
   * user's AWS config files are not read (a profile could set another endpoint or addressing style).
   */
  awsEnv: (base?: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
  stop: () => Promise<void>;
}

export async function startS3Server({ buckets }: { buckets: readonly string[] }): Promise<S3Server> {
  const S3rverServer = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rverServer({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [WEBSITE_CONFIG] })),
  });
  const { port } = await server.run();
  const changes: BucketChange[] = [];
  let pending = 0;
  let whenSettled: (() => void)[] = [];
  const holds: { match: (change: BucketChange) => boolean; resolve: (change: BucketChange) => void }[] = [];
  // s3rver's own handler runs after the log, unless the request is held.
  const handlers = server.httpServer.listeners('request') as RequestListener[];
  server.httpServer.removeAllListeners('request');
  server.httpServer.on('request', (req, res) => {
    const handle = () => {
      for (const handler of handlers) handler.call(server.httpServer, req, res);
    };
    if (!['PUT', 'POST', 'DELETE'].includes(req.method ?? '')) return handle();
    const url = new URL(req.url ?? '/', 'http://s3');
    const [, bucket = '', ...key] = url.pathname.split('/');
    const change = { method: req.method ?? '', bucket, key: decodeURIComponent(key.join('/')), query: url.search };
    changes.push({ event: 'start', ...change });
    pending += 1;
    res.once('close', () => {
      changes.push({ event: 'end', ...change, ...(res.headersSent ? { status: res.statusCode } : {}) });
      pending -= 1;
      if (pending > 0) return;
      for (const resolve of whenSettled) resolve();
      whenSettled = [];
    });
    const hold = holds.find(({ match }) => match({ event: 'start', ...change }));
    if (!hold) return handle();
    holds.splice(holds.indexOf(hold), 1);
    hold.resolve({ event: 'start', ...change });
  });
  const settled = () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenSettled.push(resolve)));
  const hold = (match: (change: BucketChange) => boolean) => new Promise<BucketChange>((resolve) => holds.push({ match, resolve }));

  const get = (urlPath: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    new Promise<WebsiteResponse>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.once('error', reject);
      });
      req.once('error', reject);
      req.end();
    });
  const website = (bucket: string, urlPath: string, method: 'GET' | 'HEAD' = 'GET') =>
    get(urlPath, { host: `${bucket}.s3-website-${REGION}.amazonaws.com` }, method);

  // Version 1 of ListObjects, paged by the last key: s3rver's version 2 tokens need DES, which Node no longer has.
  const listKeys = async (bucket: string): Promise<string[]> => {
    const keys: string[] = [];
    let truncated = true;
    while (truncated) {
      const query = new URLSearchParams({ marker: keys.at(-1) ?? '' });
      // An x-amz-* header makes s3rver answer as the REST API, not as the bucket's website.
      const { status, body } = await get(`/${bucket}?${query}`, { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' });
      const xml = body.toString('utf8');
      if (status !== 200) throw new Error(`Listing ${bucket} answered ${status}: ${xml}`);
      keys.push(...DomUtils.getElementsByTagName('Key', parseDocument(xml, { xmlMode: true })).map((key) => DomUtils.textContent(key)));
      truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
    }
    return keys.sort();
  };

  const awsEnv = (base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({
    ...Object.fromEntries(Object.entries(base).filter(([name]) => !name.startsWith('AWS_'))),
    ...CREDENTIALS,
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_CONFIG_FILE: devNull,
    AWS_SHARED_CREDENTIALS_FILE: devNull,
    AWS_EC2_METADATA_DISABLED: 'true',
  });

  return {
    endpoint: `http://127.0.0.1:${port}`,
    changes,
    settled,
    hold,
    listKeys,
    website,
    awsEnv,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

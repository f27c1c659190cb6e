/**
 * A value every request of a build carries, such as the route table each page's navigation is drawn from: in shared memory,
 * so that a request carries it without a copy. Copied into each request, it made a thousand pages' build cost as much as
 * another five hundred pages (each request a thousand routes, copied and read). A worker reads it once for all its
 * requests: by the key of its bytes, so that no request depends on an earlier one (one with other bytes is read anew).
 */
import { deserialize, serialize } from 'node:v8';
import { hashParts } from '../cache.mjs';

/** Structured clone's bytes, as postMessage would copy them; `of` is never set: it names the type of the value they hold. */
export type Shared<T> = { key: string; bytes: SharedArrayBuffer; readonly of?: T };

export function toShared<T>(value: T): Shared<T> {
  const serialized = serialize(value);
  const bytes = new SharedArrayBuffer(serialized.byteLength);
  new Uint8Array(bytes).set(serialized);
  return { key: hashParts([serialized]), bytes };
}

/** The last one read, by its key: a build's requests carry one, a dev session's next build another. */
let last: { key: string; value: unknown } | undefined;

export function fromShared<T>(shared: Shared<T>): T {
  if (last?.key !== shared.key) last = { key: shared.key, value: deserialize(Buffer.from(shared.bytes)) };
  return last.value as T;
}

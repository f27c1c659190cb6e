/**
 * The image service: sharp and resvg in a process of their own (service-process.mjs), started on the first request. Native work
 * on libuv's threads cannot be stopped, and an exit waits for it: here a time limit or a failure ends it by ending the process.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BuildError, messageOf } from '../failure';

export type Format = { type: string; extension: string };

export interface EncodeRequest {
  /** Absolute. */
  file: string;
  widths: readonly number[];
  formats: readonly Format[];
  /** A cover's cut for link previews. */
  share?: { width: number; height: number };
  maxPixels: number;
}

export interface Encoded {
  /** As shown (turned by its EXIF orientation). */
  width: number;
  height: number;
  /** The original's. */
  type: string;
  outputs: { width: number; type: string; extension: string; bytes: Uint8Array }[];
  share?: { type: string; extension: string; bytes: Uint8Array };
}

export interface DrawRequest {
  svg: string;
  width: number;
  /** TrueType files, absolute. */
  fonts: readonly string[];
}

/** What was wrong with an image, for the step to word with the Markdown file and line. */
export interface ImageProblem {
  kind: 'too-large' | 'unreadable' | 'format';
  message: string;
  width?: number;
  height?: number;
  format?: string;
}

export class ImageProblemError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem.message);
  }
}

type Pending = { what: string; resolve: (value: unknown) => void; reject: (error: Error) => void };

type Reply = { id: number; value: unknown } | { id: number; problem: ImageProblem };

const PROCESS = path.join(import.meta.dirname, 'service-process.mjs');
/**
 * Answers a process gives before it is replaced, when it is next idle: the memory sharp's and resvg's allocators keep once freed
 * grows with the images made (10,000 cards: from 130 to 240 MB), and a new process starts at the floor, in a tenth of a second.
 */
const REQUESTS_PER_PROCESS = 1000;

export class ImageService {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private served = 0;
  /** Processes started so far. */
  started = 0;

  constructor(
    private readonly root: string,
    private readonly requestsPerProcess = REQUESTS_PER_PROCESS,
  ) {}

  encode(request: EncodeRequest, what: string, signal?: AbortSignal): Promise<Encoded> {
    return this.ask('encode', request, what, signal) as Promise<Encoded>;
  }

  draw(request: DrawRequest, what: string, signal?: AbortSignal): Promise<{ png: Uint8Array }> {
    return this.ask('draw', request, what, signal) as Promise<{ png: Uint8Array }>;
  }

  /** At once, whatever it is doing: what it was asked is rejected. */
  close(reason: Error = new Error('The image service was stopped.')): void {
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
  }

  private ask(type: 'encode' | 'draw', input: EncodeRequest | DrawRequest, what: string, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const child = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const aborted = () => this.close(signal?.reason instanceof Error ? signal.reason : new Error(String(signal?.reason)));
      signal?.addEventListener('abort', aborted, { once: true });
      const settled =
        <T>(settle: (value: T) => void) =>
        (value: T) => {
          signal?.removeEventListener('abort', aborted);
          this.served += 1;
          if (this.pending.size === 0) this.idle(child);
          settle(value);
        };
      this.pending.set(id, { what, resolve: settled(resolve), reject: settled(reject) });
      child.ref();
      child.channel?.ref();
      child.send({ id, type, ...input });
    });
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    // Structured clone: the images' bytes cross as they are, not as base64 text.
    const child = fork(PROCESS, [this.root], {
      serialization: 'advanced',
      // For service-process.mjs's collections after cards drawn.
      execArgv: ['--expose-gc'],
      // A thread a core for resvg's and sharp's work: libuv's default four, on two cores, cost a tenth more CPU a card.
      env: { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(Math.max(2, availableParallelism())) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.served = 0;
    this.started += 1;
    child.on('message', (reply: Reply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if ('problem' in reply) pending.reject(new ImageProblemError(reply.problem));
      else pending.resolve(reply.value);
    });
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      const first = this.pending.values().next().value;
      const cause = signal === 'SIGKILL' ? 'it ran out of memory, or was killed' : `exit code ${code ?? signal}`;
      this.close(new BuildError(`The image service stopped (${cause})${first ? ` while ${first.what}` : ''}.`));
    });
    child.once('error', (error) => {
      if (this.child === child) this.close(new BuildError(`The image service could not run: ${messageOf(error)}`, { cause: error }));
    });
    this.idle(child);
    return child;
  }

  /** An idle service must not keep the build's process alive; one that has given its share of answers is ended. */
  private idle(child: ChildProcess): void {
    if (this.served >= this.requestsPerProcess && this.child === child) {
      this.child = undefined;
      child.kill();
      return;
    }
    child.unref();
    child.channel?.unref();
  }
}

/**
 * The render workers, and the one place they start. A few pages stay queued at each, so that none waits for its next; one that
 * makes no progress for the time limit (a page that loops forever) is terminated, and the build fails naming the route.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BuildError, errorOf, failedAt } from '../failure';
import type { FromWorker, Requests, RequestType, ToWorker } from './protocol';

export interface PoolOptions {
  root: string;
  /** React's production build renders four times faster; the dev server keeps its warnings. */
  mode: 'production' | 'development';
  /** For one request (a page); loading the site's code may take ten seconds at least. */
  timeoutMs: number;
}

/** A loaded machine can take a few seconds to start a worker: a page's limit is no measure of that. */
const LOAD_MS = 10_000;

const QUEUED_PER_WORKER = 4;
const LOADING = "loading the site's code";
/** Below this many pages for each, another worker costs more to start than it saves. */
const PAGES_PER_WORKER = 24;
const BOOT = path.join(import.meta.dirname, 'boot.mjs');

/** Requests whose work grows with the site (describe, outputs): their step's time limit bounds them; the page limit is for one page. */
const WHOLE_SITE: ReadonlySet<RequestType> = new Set(['describe', 'outputs']);

interface Reply {
  /** "rendering page /about-us/". */
  what: string;
  /** No page limit (WHOLE_SITE): a failure of its step stops the workers. */
  unlimited?: boolean;
  route?: string;
  /** The content file the request is made from, if one alone is (an entry's Markdown): the file to change. */
  file?: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Member {
  worker: Worker;
  /** Whether it has loaded the site; until `load`, nothing is asked of it. */
  ready?: Promise<unknown>;
  /** In the order asked; the first is its loading. */
  replies: Reply[];
  /** Reset whenever an answer arrives. */
  timer?: NodeJS.Timeout;
}

export class RenderPool {
  private readonly members: Member[] = [];
  /** The one the build reports. */
  private failure: Error | undefined;
  private closed = false;
  private nextId = 1;
  /** The bundle its workers run: it calls serve() (worker.tsx). */
  loaded: string | undefined;
  /** Once a bundle has replaced another (the dev server's edits), the next one's worker boots ahead. */
  private spare: Member | undefined;

  /** The project it renders, whose files a request's entries are read from. */
  get root(): string {
    return this.options.root;
  }

  /** One worker starts at once, so that it is up when the site's bundle is made. */
  constructor(private readonly options: PoolOptions) {
    this.grow(1);
  }

  /** A new bundle (the dev server's, after an edit) replaces the workers: a module once loaded cannot be unloaded. */
  load(bundle: string): void {
    if (bundle === this.loaded) return;
    const stale = this.loaded === undefined ? [] : this.members.splice(0);
    for (const member of stale) void this.stop(member);
    for (const member of this.members) this.start(member, bundle);
    this.loaded = bundle;
    this.grow(Math.max(1, stale.length));
    if (stale.length > 0 && !this.closed) this.spare ??= this.spawn();
  }

  /** The workers `pages` pages need, up to `jobs`. */
  size(jobs: number, pages: number): void {
    this.grow(Math.max(1, Math.min(jobs, Math.ceil(pages / PAGES_PER_WORKER))));
  }

  /** To the worker with the fewest requests waiting: callers bound how many they send (queue.ts). */
  async ask<K extends RequestType>(type: K, input: Requests[K][0], what: string, route?: string, file?: string): Promise<Requests[K][1]> {
    const member = this.members.reduce<Member | undefined>(
      (best, member) => (best === undefined || member.replies.length < best.replies.length ? member : best),
      undefined,
    );
    if (!member) throw this.failure ?? new Error('The render workers were stopped.');
    if (!member.ready) throw new Error('The render workers are asked nothing before the site is loaded.');
    await member.ready;
    if (this.failure) throw this.failure;
    const answer = new Promise((resolve, reject) => {
      this.owe(member, { what, unlimited: WHOLE_SITE.has(type), route, file, resolve, reject });
      member.worker.postMessage({ id: this.nextId++, type, input } as ToWorker);
    });
    return (await answer) as Requests[K][1];
  }

  /** How many requests keep every worker busy without a wait between them. */
  get width(): number {
    return Math.max(1, this.members.length) * QUEUED_PER_WORKER;
  }

  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare ? [this.spare] : [];
    this.spare = undefined;
    await Promise.all([...this.members.splice(0), ...spare].map((member) => this.stop(member)));
  }

  private stop(member: Member): Promise<number> {
    clearTimeout(member.timer);
    for (const reply of member.replies.splice(0)) reply.reject(this.failure ?? new Error('The render workers were stopped.'));
    return member.worker.terminate();
  }

  private grow(count: number): void {
    while (this.members.length < count && !this.closed) {
      const member = this.spare ?? this.spawn();
      this.spare = undefined;
      this.members.push(member);
      if (this.loaded !== undefined) this.start(member, this.loaded);
    }
  }

  private start(member: Member, bundle: string): void {
    // Loading the site's code is the first answer a worker owes, held to the same time limit.
    member.ready = new Promise((resolve, reject) => this.owe(member, { what: LOADING, resolve, reject }));
    // Nobody may be waiting yet when a worker fails to load; whoever asks later gets the failure.
    member.ready.catch(() => {});
    member.worker.postMessage({ bundle: pathToFileURL(bundle).href });
  }

  private spawn(): Member {
    const { mode, root } = this.options;
    const worker = new Worker(BOOT, {
      // The project it renders: the one thing a worker knows besides the site's code.
      workerData: { root },
      // React picks its build by NODE_ENV as it loads, before any of the bundle's own code runs.
      env: { ...process.env, NODE_ENV: mode },
      // Not --enable-source-maps: boot.mjs maps the bundle's frames, only when a stack is read.
      execArgv: [],
      // A page's garbage is short-lived: a small young generation is collected often and cheaply. 10,000 pages peak 45 MB
      // lower (336 → 291 MB), at the same speed; below 12 MB saves nothing more.
      resourceLimits: { maxYoungGenerationSizeMb: 12 },
    });
    const member: Member = { worker, replies: [] };
    worker.on('message', (message: FromWorker) => {
      const reply = member.replies.shift();
      if (!reply) return;
      this.arm(member);
      if ('failure' in message) reply.reject(this.fail(errorOf(message.failure)));
      else reply.resolve(message.value);
    });
    worker.once('error', (error) => {
      const loading = member.replies[0] === undefined || member.replies[0].what === LOADING;
      // A content file that throws at import time.
      const failure = loading ? failedAt("Loading the site's code failed", error, root) : crashError(error, member.replies[0]);
      this.fail(failure);
      for (const reply of member.replies.splice(0)) reply.reject(failure);
    });
    worker.once('exit', (code) => {
      clearTimeout(member.timer);
      if (this.closed || member.replies.length === 0) return;
      const error =
        this.failure ?? this.fail(new BuildError(`A render worker stopped (exit code ${code}) while ${member.replies[0]?.what}.`));
      for (const reply of member.replies.splice(0)) reply.reject(error);
    });
    // An idle worker must not keep the process alive; a busy one is waited for through its timer.
    worker.unref();
    return member;
  }

  private owe(member: Member, reply: Reply): void {
    member.replies.push(reply);
    if (member.replies.length === 1) this.arm(member);
  }

  private arm(member: Member): void {
    clearTimeout(member.timer);
    const next = member.replies[0];
    // A whole-site request keeps the process alive through its worker; any other, through its timer.
    if (next?.unlimited) member.worker.ref();
    else member.worker.unref();
    if (!next || next.unlimited) return;
    const limit = next.what === LOADING ? Math.max(LOAD_MS, this.options.timeoutMs) : this.options.timeoutMs;
    member.timer = setTimeout(() => {
      const { what, route, file } = next;
      const took = `took longer than ${limit / 1000} s, so the render worker was stopped`;
      const error = new BuildError(
        file
          ? `${file}: ${what} ${took}: is it very large (a table of thousands of columns, say)? Split it up, or raise the limit (--page-timeout)`
          : `${what[0]?.toUpperCase()}${what.slice(1)} ${took}: does a component or content file loop forever? (--page-timeout sets the limit)`,
        { ...(route ? { route } : {}), ...(file ? { file } : {}) },
      );
      this.fail(error);
      for (const reply of member.replies.splice(0)) reply.reject(error);
      void member.worker.terminate();
    }, limit);
  }

  private fail(error: Error): Error {
    this.failure ??= error;
    return error;
  }
}

/** Out of memory, or an error thrown outside any request. */
function crashError(error: Error, reply: Reply | undefined): BuildError {
  const file = reply?.file;
  return new BuildError(`${file ? `${file}: a` : 'A'} render worker failed${reply ? ` while ${reply.what}` : ''}: ${error.message}`, {
    route: reply?.route,
    file,
    cause: error,
  });
}

/**
 * The render workers, seen from the main thread: worker threads that each load the site's bundle
 * (site-bundle.ts). A few pages stay queued at every worker, so that none waits for its next one,
 * and a worker that makes no progress for the time limit (a page that loops forever) is
 * terminated, whatever it is doing, and the build fails naming the route.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type MessagePort, Worker } from 'node:worker_threads';
import { hashParts, lookup, store } from './cache.mjs';
import { BuildError, errorOf, fileOf, messageOf, projectFrame } from './failure';
import type { BrandDrawings, FromWorker, PageTarget, RenderedPage, RenderSettings, SiteDescription, ToWorker } from './render/protocol';

export interface PoolOptions {
  /** A module that starts serveSite() (render/worker.tsx). */
  bundle: string;
  root: string;
  /** React's production build renders four times faster; the dev server keeps its warnings. */
  mode: 'production' | 'development';
  /** How long a worker may take to load the site's code, or to render one page. */
  timeoutMs: number;
  /**
   * The bundle's key (site-bundle.ts), for a build: the pool then keeps its answers to the
   * questions that are not pages (the route table, the icon sprite, the brand drawings) in the
   * cache, so that a build of code seen before need not wait for a worker to load it. Unset in the
   * dev server, whose code changes with every save, and when the bundle itself is not cached.
   */
  bundleKey?: string;
}

const QUEUED_PER_WORKER = 4;

const BOOTSTRAP = path.join(import.meta.dirname, 'render', 'bootstrap.mjs');

/**
 * A worker launch.mjs started for a build before the generator loaded, waiting on `port` for the
 * bundle's URL (render/bootstrap.mjs); the first production pool takes it.
 */
interface EarlyWorker {
  worker: Worker;
  port: MessagePort;
  exited: boolean;
}
const EARLY_WORKER = Symbol.for('site-generator.early-render-worker');
const early = globalThis as { [EARLY_WORKER]?: EarlyWorker };

interface Reply {
  /** For messages: "rendering page /about-us/". */
  what: string;
  route?: string;
  /** The first answer a worker owes: that it loaded the site's code. */
  load?: boolean;
  resolve: (message: FromWorker) => void;
  reject: (error: Error) => void;
}

interface Member {
  worker: Worker;
  /** Settles once the worker has loaded the site's code, or failed to. */
  ready: Promise<unknown>;
  /** A worker answers in the order it was asked. */
  replies: Reply[];
  /** Armed while the worker owes an answer; reset whenever one arrives. */
  timer?: NodeJS.Timeout;
}

export class RenderPool {
  private readonly members: Member[] = [];
  /** The first failure: the one the build reports. */
  private failure: Error | undefined;
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** What a page's text depends on, besides the build's settings; unset as above. */
  get bundleKey(): string | undefined {
    return this.options.bundleKey;
  }

  /** Starts workers until there are `count`; each loads the site's code at once. */
  grow(count: number): void {
    while (this.members.length < count && !this.closed) this.members.push(this.spawn());
  }

  /** The route table and site configuration; the worker checks every page's content first. */
  async describe(table: string): Promise<SiteDescription> {
    return (await this.request({ type: 'describe', root: this.options.root, table }, 'described', 'loading the route table')).site;
  }

  async drawIcons(): Promise<string> {
    return (await this.request({ type: 'draw-icons' }, 'drawn-icons', 'drawing the icon sprite')).sprite;
  }

  async drawBrand(host: string, sizes: { touchIcon: number; largeIcon: number }): Promise<BrandDrawings> {
    return (await this.request({ type: 'draw-brand', host, sizes }, 'drawn', 'drawing the brand images')).drawings;
  }

  /** Renders each page on whichever worker is free next; `describeTarget` names a page in messages. */
  async render(
    settings: RenderSettings,
    targets: readonly PageTarget[],
    describeTarget: (target: PageTarget) => string,
    onPage: (page: RenderedPage, target: PageTarget) => void,
  ): Promise<void> {
    let next = 0;
    const work = async (member: Member) => {
      await member.ready;
      member.worker.postMessage({ type: 'setup', settings } satisfies ToWorker);
      const inFlight: Promise<FromWorker>[] = [];
      const send = () => {
        const index = next++;
        const target = targets[index] as PageTarget;
        const route = describeTarget(target);
        const reply = this.ask(member, { type: 'render', id: index, target }, `rendering page ${route}`, route);
        // Pages queued behind a failure are rejected with it, and nobody waits for them any more.
        reply.catch(() => {});
        inFlight.push(reply);
      };
      while (inFlight.length < QUEUED_PER_WORKER && next < targets.length) send();
      while (inFlight.length > 0) {
        const reply = await inFlight.shift();
        if (this.failure) throw this.failure;
        if (reply?.type !== 'rendered') throw new Error(`A render worker answered "${reply?.type}" to "render".`);
        onPage(reply.page, targets[reply.id] as PageTarget);
        if (next < targets.length) send();
      }
    };
    try {
      await Promise.all(this.members.map(work));
    } catch (error) {
      // The first failure stops the build: the other workers' pages are of no use any more.
      await this.close();
      throw this.failure ?? error;
    }
  }

  /** Terminates every worker, whatever it is doing. */
  async close(): Promise<void> {
    this.closed = true;
    const members = this.members.splice(0);
    for (const member of members) {
      clearTimeout(member.timer);
      for (const reply of member.replies.splice(0)) reply.reject(this.failure ?? new Error('The render workers were stopped.'));
    }
    await Promise.all(members.map((member) => member.worker.terminate()));
  }

  /**
   * One question to the first worker, and its answer of the expected type; or the answer it gave
   * last time, for the same bundle. Only answers are kept: a failure is asked again.
   */
  private async request<T extends FromWorker['type']>(
    message: ToWorker,
    answer: T,
    what: string,
  ): Promise<Extract<FromWorker, { type: T }>> {
    const { root, mode, bundleKey } = this.options;
    const key = bundleKey === undefined ? undefined : hashParts(['worker answer v1', bundleKey, mode, JSON.stringify(message)]);
    const kept = key === undefined ? undefined : lookup(root, 'answers', key);
    if (kept) return JSON.parse(kept.output.toString('utf8')) as Extract<FromWorker, { type: T }>;
    this.grow(1);
    const member = this.members[0];
    if (!member) throw new Error('The render workers were stopped.');
    const reply = await this.ask(member, message, what);
    if (reply.type !== answer) throw new Error(`A render worker answered "${reply.type}" to "${message.type}".`);
    if (key !== undefined) store(root, 'answers', key, { output: JSON.stringify(reply), inputs: [], extension: 'json' });
    return reply as Extract<FromWorker, { type: T }>;
  }

  private spawn(): Member {
    const { bundle, mode, root } = this.options;
    const url = pathToFileURL(bundle).href;
    const started = early[EARLY_WORKER];
    delete early[EARLY_WORKER];
    if (started && (started.exited || mode !== 'production')) void started.worker.terminate();
    const adopted = started && !started.exited && mode === 'production' ? started : undefined;
    adopted?.port.postMessage(url);
    const worker = adopted?.worker ?? new Worker(BOOTSTRAP, { workerData: { url, mode, root } });
    const member: Member = { worker, ready: Promise.resolve(), replies: [] };
    // Loading the site's code is the first answer a worker owes, held to the same time limit.
    member.ready = this.owe(member, { what: "loading the site's code", load: true });
    // Nobody may be waiting yet when a worker fails to load; whoever asks later gets the failure.
    member.ready.catch(() => {});
    worker.on('message', (message: FromWorker) => {
      const reply = member.replies.shift();
      if (!reply) return;
      this.arm(member);
      if (message.type !== 'failed') {
        reply.resolve(message);
      } else if (reply.load) {
        // The bundle failed to load: its stack names the file that threw.
        const { message: text, stack = `Error: ${text}` } = message.failure;
        reply.reject(this.fail(evaluationError(Object.assign(new Error(text), { stack }), root)));
      } else {
        reply.reject(this.fail(errorOf(message.failure)));
      }
    });
    worker.once('error', (error) => {
      const reply = member.replies[0];
      this.fail(reply?.load ? evaluationError(error, root) : this.crashError(error, reply));
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

  /** A worker holds what it is sent until it has loaded the site's code. */
  private async ask(member: Member, message: ToWorker, what: string, route?: string): Promise<FromWorker> {
    if (this.failure) throw this.failure;
    const reply = this.owe(member, { what, route });
    member.worker.postMessage(message);
    return reply;
  }

  private owe(member: Member, reply: Pick<Reply, 'what' | 'route' | 'load'>): Promise<FromWorker> {
    return new Promise((resolve, reject) => {
      member.replies.push({ ...reply, resolve, reject });
      if (member.replies.length === 1) this.arm(member);
    });
  }

  /** (Re)starts the time limit of the answer the worker owes next, if it owes one. */
  private arm(member: Member): void {
    clearTimeout(member.timer);
    const next = member.replies[0];
    if (!next) return;
    member.timer = setTimeout(() => {
      this.fail(this.timeoutError(next));
      void member.worker.terminate();
    }, this.options.timeoutMs);
  }

  /** A worker that died after loading the site (out of memory, an error thrown outside any page). */
  private crashError(error: Error, reply: Reply | undefined): BuildError {
    const route = reply?.route;
    return new BuildError(`A render worker failed${reply ? ` while ${reply.what}` : ''}: ${error.message}`, {
      ...(route ? { route } : {}),
      cause: error,
    });
  }

  private timeoutError({ what, route }: Pick<Reply, 'what' | 'route'>): BuildError {
    return new BuildError(
      `${what[0]?.toUpperCase()}${what.slice(1)} took longer than ${this.options.timeoutMs / 1000} s, so the render worker was stopped: does a component or content file loop forever? (--page-timeout sets the limit)`,
      route ? { route } : {},
    );
  }

  private fail(error: Error): Error {
    this.failure ??= error;
    return error;
  }
}

/** An error thrown while the site's modules were evaluated (a content file that throws at import time). */
function evaluationError(error: unknown, root: string): BuildError {
  const where = projectFrame(error, root);
  return new BuildError(`Loading the site's code failed${where ? ` at ${where}` : ''}: ${messageOf(error)}`, {
    file: fileOf(where),
    cause: error,
  });
}

/**
 * The dev server's build: one BuildContext kept alive for the session, on which only the steps a
 * change touches are run again. Changes arriving during a rebuild are queued and merged. The
 * site's code runs in render workers only, loaded from a bundle esbuild rebuilds incrementally
 * after each save; a page that loops forever costs a worker, never the server.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { LinkedAsset } from '../../components/Document/Document';
import type { BuildContext, BuildOptions, OutputFile } from '../context';
import { type Failure, failureOf } from '../failure';
import { createContext, defaultOptions, runStep, type Step, steps } from '../pipeline';
import type { SiteBundler } from '../site-bundle';
import type { SourceName } from '../sources';
import { RenderPool } from '../workers';

/** The longest a request waits for a rebuild in progress. */
const IDLE_WAIT_MS = 1500;

/** Whether a step renders from the site's code, so that its output reflects the current modules. */
const readsSite = (step: Step) => step.reads.includes('site');

export type Outcome =
  | { ok: true; action: 'css'; stylesheet: LinkedAsset; steps: { step: string; ms: number }[]; ms: number }
  | { ok: true; action: 'reload'; steps: { step: string; ms: number }[]; ms: number }
  | { ok: false; error: Failure; ms: number };

export interface SessionOptions {
  root: string;
  /** Folder the site is built into and served from. */
  siteDir: string;
  bundler: SiteBundler;
  /** Called after every rebuild with what it did and the files whose change caused it. */
  onOutcome: (outcome: Outcome, files: readonly string[]) => void;
  /** Quiet period after the last file event before rebuilding: editors often write a file in several steps. */
  debounceMs?: number;
  /** Overrides for the options the site's own defaults produce (e.g. siteUrl). */
  overrides?: Partial<BuildOptions>;
}

export class DevSession {
  /** Bumped whenever pages were written again, so a page loaded from an older build knows to reload. */
  version = 0;
  error: Failure | undefined;

  private ctx: BuildContext | undefined;
  private pool: RenderPool | undefined;
  /** Whether the render workers run an older version of the site's code. */
  private poolStale = true;
  /** Steps whose inputs changed since they last succeeded; all of them at first. */
  private stale = new Set<string>();
  /** Which step wrote each output file, so a step's old files are replaced when it runs again. */
  private owners = new Map<string, string>();
  /** The stylesheet and script URLs the current HTML was rendered with. */
  private renderedAssets: BuildContext['assets'] = {};

  private pending = new Set<SourceName>();
  private pendingFiles = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: SessionOptions) {}

  /** Asks for a rebuild after a change; several changes close together make one rebuild. */
  schedule(kind: SourceName, file: string): void {
    if (this.closed) return;
    this.pending.add(kind);
    this.pendingFiles.add(file);
    if (kind === 'site') this.poolStale = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), this.options.debounceMs ?? 20);
  }

  /** The first, full build. */
  start(): Promise<void> {
    this.pending.add('site');
    this.kick();
    return this.idle();
  }

  /**
   * Resolves once no rebuild is running or waiting, so that a request gets the pages of the latest
   * save; but after IDLE_WAIT_MS at most, so that a rebuild stuck on a page that never finishes
   * leaves the server answering (with the last good pages, which reload when the rebuild ends).
   */
  idle(): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      setTimeout(resolve, IDLE_WAIT_MS).unref();
    });
  }

  /** Public URLs of the built stylesheet and script. */
  get assets(): BuildContext['assets'] {
    return this.ctx?.assets ?? {};
  }

  /** True once every page has been rendered at least once. */
  get hasPages(): boolean {
    return this.version > 0;
  }

  /**
   * HTML as it should be served now: a stylesheet-only rebuild changes the hashed stylesheet name
   * without rendering the pages again, so their links are pointed at the current files.
   */
  currentHtml(html: string): string {
    for (const key of ['css', 'js'] as const) {
      const rendered = this.renderedAssets[key];
      const current = this.ctx?.assets[key];
      // The dev server links its stylesheet; an inline one would be in the page already.
      if (rendered && current && 'href' in rendered && 'href' in current && rendered.href !== current.href) {
        html = html.replaceAll(rendered.href, current.href).replaceAll(rendered.integrity, current.integrity);
      }
    }
    return html;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending.clear();
    // Terminating the workers ends a render that would never finish.
    await this.pool?.close();
    await this.running;
  }

  private busy(): boolean {
    return this.running !== undefined || this.pending.size > 0;
  }

  private kick(): void {
    if (this.running || this.pending.size === 0 || this.closed) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && !this.closed) {
        this.kick();
      } else {
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && !this.closed) {
      clearTimeout(this.timer);
      const kinds = new Set(this.pending);
      const files = [...this.pendingFiles];
      this.pending.clear();
      this.pendingFiles.clear();
      const outcome = await this.rebuild(kinds);
      this.options.onOutcome(outcome, files);
    }
  }

  private async rebuild(kinds: ReadonlySet<SourceName>): Promise<Outcome> {
    const started = performance.now();
    const ran: Step[] = [];
    try {
      const ctx = await this.prepare(kinds);
      ctx.timings = [];
      for (const step of steps) {
        if (!this.stale.has(step.name)) continue;
        await this.runTracked(ctx, step);
        this.stale.delete(step.name);
        ran.push(step);
        if (readsSite(step)) this.renderedAssets = { ...ctx.assets };
      }
      const ms = performance.now() - started;
      this.error = undefined;
      const timings = [...ctx.timings];
      const cssOnly = ran.length > 0 && ran.every((step) => step.reads.length === 1 && step.reads[0] === 'styles');
      const css = ctx.assets.css;
      if (cssOnly && css && 'href' in css) return { ok: true, action: 'css', stylesheet: css, steps: timings, ms };
      if (ran.some(readsSite)) this.version += 1;
      return { ok: true, action: 'reload', steps: timings, ms };
    } catch (error) {
      // A failed render may leave a worker busy or stopped: the next rebuild starts fresh ones.
      this.poolStale = true;
      this.error = failureOf(error, this.options.root);
      return { ok: false, error: this.error, ms: performance.now() - started };
    }
  }

  /** Starts workers on fresh code when the site's code changed, and marks the steps the change touches. */
  private async prepare(kinds: ReadonlySet<SourceName>): Promise<BuildContext> {
    if (this.poolStale || !this.pool || !this.ctx) {
      const bundle = await this.options.bundler.bundle();
      const options: BuildOptions = {
        ...defaultOptions(this.options.root),
        outDir: this.options.siteDir,
        log: () => {},
        mode: 'development',
        ...this.options.overrides,
      };
      await this.pool?.close();
      this.pool = new RenderPool({ bundle, root: this.options.root, mode: 'development', timeoutMs: options.pageTimeoutMs });
      this.pool.grow(1);
      if (this.ctx) {
        this.ctx.options = options;
        this.ctx.pool = this.pool;
      } else {
        // The first build: every step.
        this.ctx = createContext(options, this.options.siteDir, this.pool);
        for (const step of steps) this.stale.add(step.name);
      }
      this.poolStale = false;
      // New code: everything that runs it is stale.
      for (const step of steps) if (readsSite(step)) this.stale.add(step.name);
    }
    // A step is stale when a source it reads changed.
    for (const step of steps) if (step.reads.some((source) => kinds.has(source))) this.stale.add(step.name);
    return this.ctx;
  }

  /** Runs one step, replacing the outputs it wrote last time; files it no longer writes are deleted. */
  private async runTracked(ctx: BuildContext, step: Step): Promise<void> {
    const { name } = step;
    const previous = ctx.outputs.filter((output) => this.owners.get(output.path) === name);
    const others = ctx.outputs.filter((output) => this.owners.get(output.path) !== name);
    ctx.outputs = [...others];
    let succeeded = false;
    try {
      await runStep(ctx, step);
      succeeded = true;
    } finally {
      const produced = ctx.outputs.slice(others.length);
      const written = new Set(produced.map((output) => output.path));
      const kept: OutputFile[] = [];
      for (const old of previous) {
        if (written.has(old.path)) continue;
        if (succeeded) {
          this.owners.delete(old.path);
          await rm(path.join(ctx.staging, old.path), { force: true });
        } else {
          kept.push(old);
        }
      }
      for (const output of produced) this.owners.set(output.path, name);
      ctx.outputs = [...others, ...kept, ...produced];
    }
  }
}

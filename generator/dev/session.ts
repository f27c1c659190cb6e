/**
 * The dev server's build: buildSite() (pipeline.ts) run again after each save, each step kept from
 * the last run while its inputs are the same and no source it reads changed, so that a save re-runs
 * only the steps it touches. Changes arriving during a rebuild are merged into the next one.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Failure, failureOf } from '../failure';
import { type BuildOptions, defaultOptions } from '../options';
import { type BuiltAssets, buildSite, type RunStep, STEPS, type StepName, stepNames, type Timing, timedSteps } from '../pipeline';
import type { SiteBundler } from '../site-bundle';
import type { SourceName } from '../sources';
import { RenderPool } from '../workers';
import type { OutputFile } from '../writer';

/** The longest a request waits for a rebuild in progress. */
const IDLE_WAIT_MS = 1500;

export type Outcome =
  | { ok: true; action: 'css'; stylesheet: BuiltAssets['css']; steps: Timing[]; ms: number }
  | { ok: true; action: 'reload'; steps: Timing[]; ms: number }
  | { ok: false; error: Failure; ms: number };

export interface SessionOptions {
  root: string;
  /** Where the site is built and served from. */
  siteDir: string;
  bundler: SiteBundler;
  /** After every rebuild, with the files whose change caused it. */
  onOutcome: (outcome: Outcome, files: readonly string[]) => void;
  /** Quiet period after the last file event: editors often write a file in several steps. */
  debounceMs?: number;
  overrides?: Partial<BuildOptions>;
}

/** What each step made the last time it succeeded, with its inputs and files, to take again while nothing it depends on changed. */
class StepMemory {
  private readonly kept = new Map<StepName, { inputs: readonly unknown[]; value: unknown; files: OutputFile[] }>();
  /** Steps a source they read changed for since they last succeeded; every step at first. */
  private readonly stale = new Set<StepName>(stepNames);

  changed(sources: ReadonlySet<SourceName>): void {
    for (const name of stepNames) if (STEPS[name].some((source) => sources.has(source))) this.stale.add(name);
  }

  /** `ran` hears of the steps that ran; those kept put their files back. */
  steps(run: RunStep, files: OutputFile[], ran: StepName[]): RunStep {
    return async <T>(name: StepName, inputs: readonly unknown[], make: () => Promise<T>): Promise<T> => {
      const kept = this.kept.get(name);
      if (kept && !this.stale.has(name) && kept.inputs.length === inputs.length && kept.inputs.every((input, i) => input === inputs[i])) {
        files.push(...kept.files);
        return kept.value as T;
      }
      const from = files.length;
      const value = await run(name, inputs, make);
      this.kept.set(name, { inputs, value, files: files.slice(from) });
      this.stale.delete(name);
      ran.push(name);
      return value;
    };
  }

  value<T>(name: StepName): T | undefined {
    return this.kept.get(name)?.value as T | undefined;
  }
}

export class DevSession {
  /** Bumped whenever pages were written again, so that a page loaded from an older build reloads. */
  version = 0;
  error: Failure | undefined;
  /** The stylesheet and script as pages link them now. */
  assets: Partial<BuiltAssets> = {};

  private pool: RenderPool | undefined;
  /** Whether the render workers run an older version of the site's code. */
  private poolStale = true;
  private readonly memory = new StepMemory();
  /** Every file in the site folder, so that those no step writes any more are deleted. */
  private written = new Set<string>();
  /** The stylesheet and script URLs the current HTML was rendered with. */
  private renderedAssets: Partial<BuiltAssets> = {};
  private readonly pending = new Set<SourceName>();
  private readonly pendingFiles = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: SessionOptions) {}

  /** Several changes close together make one rebuild. */
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
   * leaves the server answering with the last good pages (which reload when it ends).
   */
  idle(): Promise<void> {
    if (this.running === undefined && this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      setTimeout(resolve, IDLE_WAIT_MS).unref();
    });
  }

  get hasPages(): boolean {
    return this.version > 0;
  }

  /** A stylesheet-only rebuild renames the hashed stylesheet without rendering the pages: their links point at the current one. */
  currentHtml(html: string): string {
    for (const key of ['css', 'js'] as const) {
      const rendered = this.renderedAssets[key];
      const current = this.assets[key];
      // An inline stylesheet would be in the page already.
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

  private kick(): void {
    if (this.running || this.pending.size === 0 || this.closed) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && !this.closed) this.kick();
      else for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && !this.closed) {
      clearTimeout(this.timer);
      const kinds = new Set(this.pending);
      const files = [...this.pendingFiles];
      this.pending.clear();
      this.pendingFiles.clear();
      this.options.onOutcome(await this.rebuild(kinds), files);
    }
  }

  private async rebuild(kinds: ReadonlySet<SourceName>): Promise<Outcome> {
    const started = performance.now();
    this.memory.changed(kinds);
    const ran: StepName[] = [];
    const timings: Timing[] = [];
    const files: OutputFile[] = [];
    try {
      const { root, siteDir, overrides } = this.options;
      const options: BuildOptions = { ...defaultOptions(root), outDir: siteDir, log: () => {}, mode: 'development', ...overrides };
      const pool = await this.freshPool(options);
      const step = this.memory.steps(timedSteps(options, timings), files, ran);
      const assets = await buildSite({ options, pool, staging: siteDir, files, step });
      await this.removeUnwritten(files);
      this.assets = assets;
      if (ran.includes('pages')) this.renderedAssets = assets;
      this.error = undefined;
      const ms = performance.now() - started;
      const cssOnly = ran.length > 0 && ran.every((name) => STEPS[name].every((source) => source === 'styles'));
      if (cssOnly && 'href' in assets.css) return { ok: true, action: 'css', stylesheet: assets.css, steps: timings, ms };
      // A step that renders from the site's code: pages may have changed.
      if (ran.some((name) => (STEPS[name] as readonly SourceName[]).includes('site'))) this.version += 1;
      return { ok: true, action: 'reload', steps: timings, ms };
    } catch (error) {
      // A failed render may leave a worker busy or stopped: the next rebuild starts fresh ones.
      this.poolStale = true;
      for (const file of files) this.written.add(file.path);
      // What did succeed is served: a stylesheet saved with a broken page still swaps in.
      this.assets = { css: this.memory.value('stylesheet'), js: this.memory.value('client') };
      this.error = failureOf(error, this.options.root);
      return { ok: false, error: this.error, ms: performance.now() - started };
    }
  }

  /** Started on fresh code when the site's code changed (or a render failed). */
  private async freshPool(options: BuildOptions): Promise<RenderPool> {
    if (this.pool && !this.poolStale) return this.pool;
    const bundle = await this.options.bundler.bundle();
    await this.pool?.close();
    this.pool = new RenderPool({ bundle, root: this.options.root, mode: 'development', timeoutMs: options.pageTimeoutMs });
    this.pool.grow(1);
    this.poolStale = false;
    return this.pool;
  }

  /** Deletes what earlier rebuilds wrote and this one did not (an old hashed stylesheet, a removed page). */
  private async removeUnwritten(files: readonly OutputFile[]): Promise<void> {
    const current = new Set(files.map((file) => file.path));
    for (const file of this.written) if (!current.has(file)) await rm(path.join(this.options.siteDir, file), { force: true });
    this.written = current;
  }
}

/**
 * The dev server's build: one BuildContext kept alive for the session, on which only the steps a
 * change touches are run again. Changes arriving during a rebuild are queued and merged.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { LinkedAsset } from '../../components/layout/Document';
import type { BuildContext, BuildOptions, OutputFile } from '../context';
import { describeError, isBuildError } from '../errors';
import type { SiteLoader, SiteModule } from './loader';

/** What changed, by source folder. "pages" covers pages/, components/ and site.config.ts. */
export type ChangeKind = 'styles' | 'client' | 'public' | 'pages';

/** The steps that read one source folder and nothing else; every other step depends on the site's code. */
const SOURCE_STEPS: Record<Exclude<ChangeKind, 'pages'>, string> = { styles: 'styles', client: 'client', public: 'public' };
const sourceSteps = new Set<string>(Object.values(SOURCE_STEPS));

/** A failed build as shown in the terminal and the browser overlay. */
export interface DevError {
  message: string;
  file?: string;
  route?: string;
  /** Only for unexpected errors (bugs in the generator), never on its own. */
  stack?: string;
}

export type Outcome =
  | { ok: true; action: 'css'; stylesheet: LinkedAsset; steps: { step: string; ms: number }[]; ms: number }
  | { ok: true; action: 'reload'; steps: { step: string; ms: number }[]; ms: number }
  | { ok: false; error: DevError; ms: number };

export interface SessionOptions {
  root: string;
  /** Folder the site is built into and served from. */
  siteDir: string;
  loader: SiteLoader;
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
  error: DevError | undefined;

  private module: SiteModule | undefined;
  private ctx: BuildContext | undefined;
  private moduleStale = true;
  /** Steps whose inputs changed since they last succeeded; all of them at first. */
  private stale = new Set<string>();
  private firstRun = true;
  /** Which step wrote each output file, so a step's old files are replaced when it runs again. */
  private owners = new Map<string, string>();
  /** The stylesheet and script URLs the current HTML was rendered with. */
  private renderedAssets: BuildContext['assets'] = {};

  private pending = new Set<ChangeKind>();
  private pendingFiles = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: SessionOptions) {}

  /** Asks for a rebuild after a change; several changes close together make one rebuild. */
  schedule(kind: ChangeKind, file: string): void {
    if (this.closed) return;
    this.pending.add(kind);
    this.pendingFiles.add(file);
    if (kind === 'pages') this.moduleStale = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), this.options.debounceMs ?? 20);
  }

  /** The first, full build. */
  start(): Promise<void> {
    this.pending.add('pages');
    this.kick();
    return this.idle();
  }

  /** Resolves once no rebuild is running or waiting, so a request never gets a page from before a save. */
  idle(): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
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
      if (rendered && current && rendered.href !== current.href) {
        html = html.replaceAll(rendered.href, current.href).replaceAll(rendered.integrity, current.integrity);
      }
    }
    return html;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending.clear();
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

  private async rebuild(kinds: ReadonlySet<ChangeKind>): Promise<Outcome> {
    const started = performance.now();
    const ran: string[] = [];
    try {
      const { module, ctx } = await this.prepare(kinds);
      ctx.timings = [];
      for (const [name, step] of module.steps) {
        if (!this.stale.has(name)) continue;
        await this.runTracked(module, ctx, name, step);
        this.stale.delete(name);
        ran.push(name);
        if (!sourceSteps.has(name)) this.renderedAssets = { ...ctx.assets };
      }
      const ms = performance.now() - started;
      this.error = undefined;
      const steps = [...ctx.timings];
      const cssOnly = ran.length > 0 && ran.every((name) => name === SOURCE_STEPS.styles);
      if (cssOnly && ctx.assets.css) return { ok: true, action: 'css', stylesheet: ctx.assets.css, steps, ms };
      if (ran.some((name) => !sourceSteps.has(name))) this.version += 1;
      return { ok: true, action: 'reload', steps, ms };
    } catch (error) {
      this.error = toDevError(error, this.options.root);
      return { ok: false, error: this.error, ms: performance.now() - started };
    }
  }

  /** Loads fresh code when the site's code changed, and marks the steps the change touches. */
  private async prepare(kinds: ReadonlySet<ChangeKind>): Promise<{ module: SiteModule; ctx: BuildContext }> {
    for (const kind of kinds) {
      if (kind !== 'pages') this.stale.add(SOURCE_STEPS[kind]);
    }
    if (kinds.has('pages')) this.markPageSteps();
    if (this.moduleStale || !this.module) {
      const module = await this.options.loader.load();
      const options: BuildOptions = {
        ...module.defaultOptions(this.options.root),
        outDir: this.options.siteDir,
        log: () => {},
        ...this.options.overrides,
      };
      if (this.ctx) {
        this.ctx.options = options;
      } else {
        this.ctx = module.createContext(options, this.options.siteDir);
      }
      this.module = module;
      this.moduleStale = false;
      if (this.firstRun) {
        for (const [name] of module.steps) this.stale.add(name);
        this.firstRun = false;
      }
      this.markPageSteps();
    }
    if (!this.ctx) throw new Error('The dev build has no context after loading the site code.');
    return { module: this.module, ctx: this.ctx };
  }

  private markPageSteps(): void {
    for (const [name] of this.module?.steps ?? []) if (!sourceSteps.has(name)) this.stale.add(name);
  }

  /** Runs one step, replacing the outputs it wrote last time; files it no longer writes are deleted. */
  private async runTracked(
    module: SiteModule,
    ctx: BuildContext,
    name: string,
    step: SiteModule['steps'][number][1],
  ): Promise<void> {
    const previous = ctx.outputs.filter((output) => this.owners.get(output.path) === name);
    const others = ctx.outputs.filter((output) => this.owners.get(output.path) !== name);
    ctx.outputs = [...others];
    let succeeded = false;
    try {
      await module.runStep(ctx, name, step);
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

function toDevError(error: unknown, root: string): DevError {
  if (!isBuildError(error)) return describeError(error, root);
  return {
    message: error.message,
    ...(error.file ? { file: error.file } : {}),
    ...(error.route ? { route: error.route } : {}),
  };
}

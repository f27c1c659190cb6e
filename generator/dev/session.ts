/** The build's own steps, run again after each save, each kept while its inputs are the same: the same checks refuse the same mistakes. */
import { sep } from 'node:path';
import { pruneCache } from '../cache.mjs';
import { type Failure, failureOf } from '../failure';
import { ImageService } from '../images/service';
import { type BuildOptions, defaultOptions } from '../options';
import { STEPS } from '../pipeline';
import { RenderPool } from '../render/pool';
import { runSteps, StepMemo, type Timing } from '../runner';
import type { Site } from '../site';
import { type SiteBundler, siteBundler } from '../steps/bundle';
import { client } from '../steps/client';
import { pageLabel, pages } from '../steps/pages';
import { site } from '../steps/site';
import type { Build } from '../steps/step';
import { stylesheet } from '../steps/stylesheet';
import { StylesCompiler } from '../styles-compiler';
import { Writer, type WrittenAsset } from '../writer';

/** How long a failed build's outcome waits for a save made during it (watch.ts looks at a change again after 70 ms). */
const SAVE_REPORTED_MS = 250;

/** The longest a request waits for a rebuild in progress. */
const IDLE_WAIT_MS = 1500;

export type Stylesheet = Pick<WrittenAsset, 'href' | 'integrity'>;

export type Outcome =
  | { ok: true; action: 'css'; stylesheet: Stylesheet; steps: Timing[]; ms: number }
  | { ok: true; action: 'reload'; steps: Timing[]; ms: number; rendered: { pages: string[]; of: number } }
  /** A save that changed nothing the pages hold (the file written again as it was). */
  | { ok: true; action: 'none'; steps: Timing[]; ms: number }
  | { ok: false; error: Failure; ms: number };

export interface SessionOptions {
  root: string;
  siteDir: string;
  /** The site's bundles, the pages' spools. */
  workDir: string;
  onOutcome: (outcome: Outcome, files: readonly string[]) => void;
  overrides?: Partial<BuildOptions>;
}

export class DevSession {
  /** So that a page loaded from an older build reloads. */
  version = 0;
  error: Failure | undefined;
  stylesheet: Stylesheet | undefined;

  private memo = new StepMemo();
  private pool: RenderPool | undefined;
  private bundler: { pages: string; bundler: SiteBundler } | undefined;
  /** Kept warm for the session: a save's stylesheet in a fifth of a cold compiler's time. */
  private readonly styles: StylesCompiler;
  private readonly images: ImageService;
  /** So that those no step writes any more are deleted. */
  private written = new Set<string>();
  private readonly pending = new Set<string>();
  private first = true;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: SessionOptions) {
    this.styles = new StylesCompiler(options.root);
    this.images = new ImageService(options.root);
  }

  /** Several close together make one rebuild. */
  schedule(file: string): void {
    if (this.closed) return;
    this.pending.add(file);
    clearTimeout(this.timer);
    // Editors often write a file in several steps.
    this.timer = setTimeout(() => this.kick(), 20);
  }

  start(): Promise<void> {
    this.kick();
    return this.idle();
  }

  /** The pages of the latest save; after IDLE_WAIT_MS, a rebuild stuck on a page that never finishes leaves the last good ones. */
  idle(): Promise<void> {
    if (this.running === undefined && this.pending.size === 0 && !this.first) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      // Before the first build ends there is nothing to answer with but its outcome.
      if (this.version > 0 || this.error) setTimeout(resolve, IDLE_WAIT_MS).unref();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending.clear();
    // Terminating the workers ends a render that would never finish.
    await this.pool?.close();
    await this.running;
    await this.bundler?.bundler.dispose();
    await this.styles.close();
    this.images.close();
  }

  private kick(): void {
    if (this.running || (this.pending.size === 0 && !this.first) || this.closed) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && !this.closed) this.kick();
      else for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  private async drain(): Promise<void> {
    let overtaken: readonly string[] = [];
    while ((this.pending.size > 0 || this.first) && !this.closed) {
      clearTimeout(this.timer);
      const files = [...new Set([...overtaken, ...this.pending])];
      this.pending.clear();
      this.first = false;
      const outcome = await this.rebuild(files);
      // The watcher reports a save some milliseconds after it: one made while this build read the file may be on its way.
      if (!outcome.ok && this.pending.size === 0) await new Promise((resolve) => setTimeout(resolve, SAVE_REPORTED_MS));
      // A failure that later saves overtook (a file saved again while the build read it) is not shown: the rebuild of those
      // saves, with these files, says how the site is now.
      overtaken = !outcome.ok && this.pending.size > 0 && !this.closed ? files : [];
      if (overtaken.length === 0) this.options.onOutcome(outcome, files);
    }
  }

  /** `again`: after a file of the server's own went missing, every step run afresh. */
  private async rebuild(files: readonly string[], again = false): Promise<Outcome> {
    const started = performance.now();
    const startedAt = Date.now();
    this.memo.changed(files);
    const { root, siteDir, workDir, overrides } = this.options;
    const options: BuildOptions = { ...defaultOptions(root), outDir: siteDir, log: () => {}, mode: 'development', ...overrides };
    const writer = new Writer(siteDir, workDir);
    if (!this.pool) {
      this.pool = new RenderPool({ root, mode: 'development', timeoutMs: options.pageTimeoutMs });
      // The new workers have loaded nothing: the site is loaded into them again.
      this.memo.forget(site.name);
    }
    const build: Build = {
      options,
      writer,
      renderer: this.pool,
      styles: this.styles,
      images: this.images,
      bundler: (config) => this.bundle(config, writer),
    };
    try {
      const { results, timings, ran, changed } = await runSteps(STEPS, { ...options, build, memo: this.memo });
      // Those no step wrote this time: their page or asset is gone.
      const current = new Set(results.files.map((file) => file.path));
      for (const file of this.written) if (!current.has(file)) writer.remove(file);
      this.written = current;
      const failedLast = this.error !== undefined;
      this.error = undefined;
      const ms = performance.now() - started;
      const sheet = results.of(stylesheet);
      this.stylesheet = { href: sheet.late, integrity: sheet.integrity };
      const wrote = changed.filter((name) => results.filesOf(name).length > 0);
      if (this.version > 0 && !failedLast && !ran.includes(pages.name) && !wrote.includes(client.name)) {
        // The same files as before (a file saved again as it was): nothing for open pages to do.
        if (wrote.length === 0) return { ok: true, action: 'none', steps: timings, ms };
        // A new stylesheet, and the pages written again only for its address: it swaps in place.
        if (wrote.includes(stylesheet.name)) return { ok: true, action: 'css', stylesheet: this.stylesheet, steps: timings, ms };
      }
      this.version += 1;
      const { fresh, infos } = results.of(pages);
      const rendered = { pages: ran.includes(pages.name) ? fresh.map((index) => pageLabel(infos[index])) : [], of: infos.length };
      return { ok: true, action: 'reload', steps: timings, ms, rendered };
    } catch (error) {
      if (!again && lostOwnFile(error, workDir)) {
        // Something else removed a file the server wrote (a cleaner of the temporary folder): its step made it, so every step runs
        // again rather than report a missing file nobody can fix.
        this.memo = new StepMemo();
        return this.rebuild(files, true);
      }
      this.error = failureOf(error, root);
      // A failed render may leave a worker busy or stopped: the next rebuild starts fresh ones.
      await this.pool?.close();
      this.pool = undefined;
      return { ok: false, error: this.error, ms: performance.now() - started };
    } finally {
      writer.close();
      pruneCache(root, startedAt);
    }
  }

  private async bundle(config: Site, writer: Writer) {
    if (this.bundler?.pages !== config.pages) {
      await this.bundler?.bundler.dispose();
      this.bundler = { pages: config.pages, bundler: await siteBundler(this.options.root, config) };
    }
    return this.bundler.bundler.bundle(writer);
  }
}

/** A file in the server's own folder (its output, the site's bundle) that is gone, however deep in the error's causes. */
function lostOwnFile(error: unknown, folder: string): boolean {
  for (let at = error; at instanceof Error; at = at.cause) {
    const { code, path: file } = at as NodeJS.ErrnoException;
    if (code === 'ENOENT' && file !== undefined && file.startsWith(`${folder}${sep}`)) return true;
  }
  return false;
}

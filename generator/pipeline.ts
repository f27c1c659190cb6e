import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { BuildContext, BuildOptions, BuildStep } from './context';
import { BuildError, isBuildError, messageOf } from './failure';
import { openOutput } from './out-dir';
import { bundleSite } from './site-bundle';
import type { SourceName } from './sources';
import { brand } from './steps/brand';
import { client } from './steps/client';
import { fonts } from './steps/fonts';
import { hosting } from './steps/hosting';
import { icons } from './steps/icons';
import { checkLinks } from './steps/links';
import { notFoundPage, pages } from './steps/pages';
import { publicFiles } from './steps/public';
import { redirectPages } from './steps/redirects';
import { checkRoutes } from './steps/routes';
import { sitemap } from './steps/sitemap';
import { styles } from './steps/styles';
import { stylesheet } from './steps/stylesheet';
import { RenderPool } from './workers';

/** One named step of the build, and the sources (generator/sources.ts) it reads. */
export interface Step {
  name: string;
  run: BuildStep;
  /** Besides what earlier steps put in the context; the dev server re-runs a step when one of these changes. */
  reads: readonly SourceName[];
}

/** The build, in order. Each step reads the context earlier steps filled in. */
export const steps: readonly Step[] = [
  { name: 'routes', run: checkRoutes, reads: ['site'] },
  { name: 'styles', run: styles, reads: ['styles'] },
  { name: 'client', run: client, reads: ['client'] },
  { name: 'brand', run: brand, reads: ['site'] },
  { name: 'icons', run: icons, reads: ['site'] },
  // A build also reads the pages' text, through the render workers; the dev server ships the
  // whole font, so that a save of the site's code leaves the fonts as they are.
  { name: 'fonts', run: fonts, reads: ['styles'] },
  { name: 'stylesheet', run: stylesheet, reads: ['styles'] },
  { name: 'pages', run: pages, reads: ['site'] },
  { name: 'not-found', run: notFoundPage, reads: ['site'] },
  { name: 'redirects', run: redirectPages, reads: ['site'] },
  { name: 'sitemap', run: sitemap, reads: ['site'] },
  { name: 'public', run: publicFiles, reads: ['public'] },
  { name: 'hosting', run: hosting, reads: ['site', 'public'] },
  { name: 'links', run: checkLinks, reads: ['site', 'public'] },
];

export function defaultOptions(root: string = process.cwd()): BuildOptions {
  return {
    root,
    outDir: path.join(root, 'dist'),
    outLayout: 'link',
    routesModule: path.join(root, 'pages', 'routes.ts'),
    year: new Date().getFullYear(),
    jobs: availableParallelism(),
    pageTimeoutMs: 10_000,
    stepTimeoutMs: 120_000,
    log: (line) => console.log(line),
    mode: 'production',
  } satisfies BuildOptions;
}

export interface BuildResult {
  /** The output folder the site is now in. */
  outDir: string;
  outputs: BuildContext['outputs'];
  timings: BuildContext['timings'];
  totalMs: number;
  /** Clean-ups that failed (an earlier build's folder that cannot be deleted); the build itself succeeded. */
  warnings: string[];
}

/**
 * Runs every step into a staging folder, then makes it the output in one atomic step
 * (out-dir.ts). If any step fails, the staging folder is removed and the output is left exactly
 * as it was.
 */
export async function runBuild(overrides: Partial<BuildOptions> = {}): Promise<BuildResult> {
  const options = { ...defaultOptions(overrides.root), ...overrides };
  const started = performance.now();
  const warnings: string[] = [];
  const warn = (line: string) => warnings.push(line);
  const output = await openOutput(options.outDir, warn, options.outLayout);
  let bundle: Awaited<ReturnType<typeof bundleSite>> | undefined;
  let pool: RenderPool | undefined;
  try {
    bundle = await bundleSite(options.root, options.routesModule);
    pool = new RenderPool({ bundle: bundle.file, root: options.root, mode: 'production', timeoutMs: options.pageTimeoutMs });
    // The first worker loads the site's code while the steps before the pages run.
    pool.grow(1);
    const ctx = createContext(options, output.staging, pool);
    for (const step of steps) await runStep(ctx, withInjectedStall(step));
    await pool.close();
    await output.commit();
    return { outDir: options.outDir, outputs: ctx.outputs, timings: ctx.timings, totalMs: performance.now() - started, warnings };
  } catch (error) {
    await pool?.close();
    await output.abandon();
    throw error;
  } finally {
    await bundle?.dispose();
  }
}

/**
 * Fault injection for the tests, beside out-dir.ts's pause points: SITE_GENERATOR_STALL_STEP=<name>
 * makes that step wait for a promise nothing settles, as a broken step would.
 */
function withInjectedStall(step: Step): Step {
  if (process.env.SITE_GENERATOR_STALL_STEP !== step.name) return step;
  return { ...step, run: () => new Promise<void>(() => {}) };
}

/** A context with nothing built yet. The dev server keeps one alive and re-runs single steps on it. */
export function createContext(options: BuildOptions, staging: string, pool: RenderPool): BuildContext {
  return {
    options,
    staging,
    pool,
    assets: {},
    inline: { scripts: [], styles: [] },
    outputs: [],
    pageReferences: new Map(),
    timings: [],
  };
}

const stepNameWidth = Math.max(...steps.map((step) => step.name.length));

/**
 * Runs one step, records its time and reports it through `options.log`, so that whoever waits
 * sees the build move. An unexpected error becomes a BuildError naming the step; so does a step
 * that does not finish within the step time limit, or that waits for something that can never
 * happen (a promise nothing will settle).
 */
export async function runStep(ctx: BuildContext, { name, run }: Step): Promise<void> {
  const started = performance.now();
  const limit = ctx.options.stepTimeoutMs;
  let timer: NodeJS.Timeout | undefined;
  let onBeforeExit: (() => void) | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BuildError(`Step "${name}" did not finish within ${limit / 1000} s.`)), limit);
    // The timer alone must not keep the process alive: when nothing else is pending, the step is
    // waiting for what will never come, and Node is about to exit.
    timer.unref();
    onBeforeExit = () =>
      reject(
        new BuildError(`Step "${name}" never finished: it waits for something that nothing will ever complete (a promise never settled).`),
      );
    process.once('beforeExit', onBeforeExit);
  });
  try {
    await Promise.race([run(ctx), stalled]);
  } catch (error) {
    throw isBuildError(error) ? error : new BuildError(`Step "${name}" failed: ${messageOf(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    if (onBeforeExit) process.off('beforeExit', onBeforeExit);
  }
  const ms = performance.now() - started;
  ctx.timings.push({ step: name, ms });
  ctx.options.log(stepLine(name, ms, stepNameWidth));
}

/**
 * The progress line of a finished step, `  ✓ styles     212 ms`: names padded to `width` (the
 * longest step name) so that the times line up while the build runs. Plain text, no colour: it
 * goes through BuildOptions.log, which may be a pipe or a CI log.
 */
function stepLine(step: string, ms: number, width: number): string {
  return `  ✓ ${step.padEnd(width)}  ${String(Math.round(ms)).padStart(5)} ms`;
}

/**
 * The build, as the steps it runs: each takes what earlier steps made, so that a step run before
 * what it needs is a type error. runBuild() runs them into a staging folder that replaces the
 * output when every step succeeded; the dev server runs buildSite() again after each save.
 */
import type { InlineStylesheet, LinkedAsset } from '../components/Document/Document';
import { BuildError, isBuildError, messageOf } from './failure';
import { type Faults, faultsFrom } from './faults';
import { contentSecurityPolicy, type InlineCode } from './hosting/policy';
import { type BuildOptions, defaultOptions } from './options';
import { openOutput } from './output-swap';
import { bundleSite, type SiteBundle } from './site-bundle';
import type { SourceName } from './sources';
import { drawBrand } from './steps/brand';
import { bundleClient } from './steps/client';
import { prepareSubsetting, subsetFont, wholeFont, writeSubsets } from './steps/fonts';
import { writeHostConfig } from './steps/hosting';
import { writeIconSprite } from './steps/icons';
import { checkLinks } from './steps/links';
import { type PageSource, routeTargets, shownText, startWorkers, writePages } from './steps/pages';
import { copyPublic } from './steps/public';
import { writeRedirectPages } from './steps/redirects';
import { loadSite } from './steps/routes';
import { compileStyles } from './steps/sass';
import { writeSitemap } from './steps/sitemap';
import { assembleStylesheet } from './steps/stylesheet';
import { RenderPool } from './workers';
import { type OutputFile, Writer } from './writer';

/**
 * The steps, in order, and the sources (sources.ts) each reads itself besides what earlier steps
 * hand it: the dev server runs a step again when one of these changed, or a value it takes did.
 * Its fonts step ships the whole font, so that a save of the site's code leaves the font alone.
 */
export const STEPS = {
  routes: ['site'],
  sass: ['styles'],
  client: ['client'],
  icons: ['site'],
  brand: ['site'],
  fonts: ['styles'],
  stylesheet: ['styles'],
  pages: ['site'],
  'not-found': ['site'],
  redirects: ['site'],
  sitemap: ['site'],
  public: ['public'],
  hosting: ['site', 'public'],
  links: ['site', 'public'],
} as const satisfies Record<string, readonly SourceName[]>;

export type StepName = keyof typeof STEPS;

export const stepNames = Object.keys(STEPS) as StepName[];

/** `inputs`, what `run` uses: the dev server keeps a step's value while they and its sources are the same. */
export type RunStep = <T>(name: StepName, inputs: readonly unknown[], run: () => Promise<T>) => Promise<T>;

export interface Build {
  options: BuildOptions;
  /** The render workers, which alone load the site's code. */
  pool: RenderPool;
  staging: string;
  /** Every file written, in order. */
  files: OutputFile[];
  step: RunStep;
}

/** What the pages link to, as built: the dev server points pages rendered before at the newest. */
export interface BuiltAssets {
  css: InlineStylesheet | LinkedAsset;
  js: LinkedAsset;
}

export async function buildSite({ options, pool, staging, files, step }: Build): Promise<BuiltAssets> {
  const { root, mode } = options;
  // The styles compile while the site's code loads in a worker: neither needs the other.
  const loading = step('routes', [pool], () => loadSite(pool, options));
  const compiling = step('sass', [], () => compileStyles(root));
  // Awaited after the routes, whose failure is reported first.
  compiling.catch(() => {});
  const site = await loading;
  startWorkers(pool, options.jobs, site);
  const base = { pool, jobs: options.jobs, root, year: options.year, staging, site };
  // A build's font is cut down to the text its pages show. The workers render the pages for that
  // text as soon as the site's code is loaded, and the font is cut as soon as the text and the
  // styles are known, while the steps in between run: the pass takes no script, icons or brand,
  // which only the head and attributes show. Written by the fonts step, which awaits it.
  const subsets =
    mode === 'development' ? undefined : Promise.all([compiling, shownText(base)]).then(([css, text]) => subsetFont(root, css, text));
  subsets?.catch(() => {});
  const css = await compiling;
  const out = new Writer(staging, site.address.base, files);
  const js = await step('client', [], () => bundleClient(root, out));
  const icons = await step('icons', [site], () => writeIconSprite(pool, out));
  const source: PageSource = { ...base, assets: { js, icons } };
  const brand = await step('brand', [site], () => drawBrand(pool, site, root, out));
  const fonts =
    subsets === undefined
      ? await step('fonts', [], () => wholeFont(root, out))
      : await step('fonts', [css, site], async () => writeSubsets(await subsets, out));
  const stylesheet = await step('stylesheet', [css, fonts], () => assembleStylesheet(css, fonts, mode, out));
  const inline: InlineCode = { scripts: site.inline.scripts, styles: 'inline' in stylesheet ? [stylesheet.inline] : [] };
  const csp = contentSecurityPolicy(inline, { for: 'meta' });
  // The dev server's pages link the stylesheet and script: a save of either is served without rendering them again.
  const style = { css: stylesheet, fonts: fonts.preload, csp, fontCharacters: fonts.characters, brand };
  const look = [site, brand, icons, csp, fonts.characters];
  const pages = await step('pages', look, () => writePages(source, style, routeTargets(site), out));
  const notFound = await step('not-found', look, () => writePages(source, style, ['not-found'], out));
  await step('redirects', [site, csp, brand], () => writeRedirectPages(site, csp, brand.favicon, out));
  await step('sitemap', [site], () => writeSitemap(site, out));
  await step('public', [], () => copyPublic(root, out));
  await step('hosting', [site, csp], () => writeHostConfig(site, inline, out));
  await step('links', [site, pages, notFound], () => checkLinks(staging, files, site, pages, notFound));
  return { css: stylesheet, js };
}

export interface BuildResult {
  outDir: string;
  outputs: OutputFile[];
  timings: Timing[];
  totalMs: number;
  /** Clean-ups that failed (an earlier build's folder that cannot be deleted); the build itself succeeded. */
  warnings: string[];
}

/** If any step fails, the staging folder is removed and the output is left exactly as it was. */
export async function runBuild(overrides: Partial<BuildOptions> = {}): Promise<BuildResult> {
  const options = { ...defaultOptions(overrides.root), ...overrides };
  const started = performance.now();
  // The one place the build reads its fault injection, for the tests.
  const faults = faultsFrom(process.env);
  const warnings: string[] = [];
  const output = await openOutput(options.outDir, options.outLayout, { warn: (line) => warnings.push(line), faults });
  let bundle: SiteBundle | undefined;
  let pool: RenderPool | undefined;
  try {
    // HarfBuzz compiles and the font is decoded, when this build will subset it, while esbuild
    // bundles the site and a worker loads it.
    prepareSubsetting(options.root);
    bundle = await bundleSite(options.root, options.routesModule);
    pool = new RenderPool({
      bundle: bundle.file,
      bundleKey: bundle.key,
      root: options.root,
      mode: 'production',
      timeoutMs: options.pageTimeoutMs,
    });
    // The first worker loads the site's code while the steps before the pages run.
    pool.grow(1);
    const timings: Timing[] = [];
    const files: OutputFile[] = [];
    await buildSite({ options, pool, staging: output.staging, files, step: timedSteps(options, timings, faults) });
    await pool.close();
    await output.commit();
    return { outDir: options.outDir, outputs: files, timings, totalMs: performance.now() - started, warnings };
  } catch (error) {
    await pool?.close();
    await output.abandon();
    throw error;
  } finally {
    await bundle?.dispose();
  }
}

export interface Timing {
  step: string;
  ms: number;
}

const stepNameWidth = Math.max(...stepNames.map((name) => name.length));

/**
 * Each step timed, logged as it finishes so that whoever waits sees the build move, and held to the
 * step time limit. Steps that run at the same time are reported in the order they started.
 */
export function timedSteps(options: Pick<BuildOptions, 'log' | 'stepTimeoutMs'>, timings: Timing[], faults?: Faults): RunStep {
  let reported = Promise.resolve();
  let failed = false;
  return async (name, _inputs, run) => {
    const started = performance.now();
    const earlier = reported;
    let done = () => {};
    reported = new Promise((resolve) => {
      done = resolve;
    });
    try {
      const value = await timeLimited(name, faults?.stalls(name) ? () => new Promise<never>(() => {}) : run, options.stepTimeoutMs).catch(
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
      const ms = performance.now() - started;
      await earlier;
      // After a failure, the build stops: a step that was running alongside finishes unreported.
      if (!failed) {
        timings.push({ step: name, ms });
        options.log(`  ✓ ${name.padEnd(stepNameWidth)}  ${String(Math.round(ms)).padStart(5)} ms`);
      }
      return value;
    } finally {
      done();
    }
  };
}

/** An error, a step that outlasts `limitMs` or one awaiting a promise nothing will settle: a BuildError naming the step. */
export async function timeLimited<T>(name: string, run: () => Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onBeforeExit: (() => void) | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BuildError(`Step "${name}" did not finish within ${limitMs / 1000} s.`)), limitMs);
    // Unref'd: once nothing else is pending, the step waits for what will never come, and Node is about to exit.
    timer.unref();
    onBeforeExit = () =>
      reject(
        new BuildError(`Step "${name}" never finished: it waits for something that nothing will ever complete (a promise never settled).`),
      );
    process.once('beforeExit', onBeforeExit);
  });
  try {
    return await Promise.race([run(), stalled]);
  } catch (error) {
    throw isBuildError(error) ? error : new BuildError(`Step "${name}" failed: ${messageOf(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    if (onBeforeExit) process.off('beforeExit', onBeforeExit);
  }
}

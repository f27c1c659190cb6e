/** The build as the steps it runs (runner.ts), into a staging folder that replaces the output when every step succeeded. */

import { stopBundler } from './bundle.mjs';
import { pruneCache } from './cache.mjs';
import { messageOf } from './failure';
import { faultsFrom } from './faults';
import { ImageService } from './images/service';
import { type BuildOptions, defaultOptions } from './options';
import { openOutput } from './output-swap';
import { RenderPool } from './render/pool';
import type { SiteDescription } from './render/protocol';
import { type AnyStep, runSteps, stepNames, type Timing } from './runner';
import { brand } from './steps/brand';
import { siteCode } from './steps/bundle';
import { client } from './steps/client';
import { config } from './steps/config';
import { fonts } from './steps/fonts';
import { hosting } from './steps/hosting';
import { icons } from './steps/icons';
import { images } from './steps/images';
import { links } from './steps/links';
import { outputs } from './steps/outputs';
import { pages } from './steps/pages';
import { policy } from './steps/policy';
import { publicFiles } from './steps/public';
import { share } from './steps/share';
import { site } from './steps/site';
import type { Build } from './steps/step';
import { styles } from './steps/styles';
import { stylesheet } from './steps/stylesheet';
import { write } from './steps/write';
import { StylesCompiler } from './styles-compiler';
import { type OutputFile, Writer } from './writer';

/** In order: each after those it needs. A step that returns files has them collected, whatever its name. */
export const STEPS: readonly AnyStep[] = [
  config,
  siteCode,
  site,
  styles,
  client,
  icons,
  brand,
  images,
  share,
  pages,
  fonts,
  stylesheet,
  policy,
  write,
  outputs,
  publicFiles,
  hosting,
  links,
];

export const STEP_NAMES = stepNames(STEPS);

/** Each service is freed once its steps are done: sharp, Sass and esbuild hold 300 MB later steps do not need. One asked again restarts. */
const RELEASES: readonly { after: readonly AnyStep[]; release: (build: Build) => unknown }[] = [
  { after: [brand, images, share], release: (build) => build.images.close() },
  { after: [styles], release: (build) => build.styles.close() },
  { after: [siteCode, client], release: (build) => stopBundler(build.options.root) },
];

/** Called as each step finishes: a release runs once every step it waits for has. */
function releaser(build: Build): (step: AnyStep) => void {
  const waiting = RELEASES.map(({ after, release }) => ({ left: new Set(after), release }));
  return (step) => {
    for (const entry of waiting)
      if (entry.left.delete(step) && entry.left.size === 0) Promise.resolve(entry.release(build)).catch(() => {});
  };
}

export interface BuildResult {
  outDir: string;
  outputs: OutputFile[];
  timings: Timing[];
  totalMs: number;
  /** Clean-ups that failed; the build itself succeeded. */
  warnings: string[];
  /** The entries the build left out, and why. */
  left: SiteDescription['left'];
}

/** If any step fails, the staging folder is removed and the output is left exactly as it was. */
export async function runBuild(overrides: Partial<BuildOptions> & { root: string }): Promise<BuildResult> {
  const options = { ...defaultOptions(overrides.root), ...overrides };
  const started = performance.now();
  const faults = faultsFrom(process.env);
  const warnings: string[] = [];
  const output = await openOutput(options.outDir, options.outLayout, { ...options, warn: (line) => warnings.push(line), faults });
  const build: Build = {
    options,
    writer: new Writer(output.staging, output.work),
    renderer: new RenderPool({ root: options.root, mode: 'production', timeoutMs: options.pageTimeoutMs }),
    styles: new StylesCompiler(options.root),
    images: new ImageService(options.root),
  };
  const startedAt = Date.now();
  const stop = async () => {
    build.images.close();
    build.writer.close();
    await Promise.all([build.styles.close(), build.renderer.close()]);
    pruneCache(options.root, startedAt);
  };
  try {
    // The build's log, progress and step time limit, and the faults a test asked for.
    const { results, timings } = await runSteps(STEPS, {
      ...options,
      build,
      finished: releaser(build),
      stalls: faults.stalls,
      limit: faults.limit,
    });
    await stop();
    const outputs = results.files;
    const { described } = results.of(site);
    const published = Object.values(described.collections).flatMap((collection) =>
      collection.entries.flatMap((entry) => (entry.shown ? [entry.file] : [])),
    );
    const mark = await output.commit(outputs, new Set(published));
    return {
      outDir: options.outDir,
      outputs: [...outputs, mark],
      timings,
      totalMs: performance.now() - started,
      warnings,
      left: described.left,
    };
  } catch (error) {
    await stop();
    // The build's own failure is the one to report, not a clean-up's after it.
    await output.abandon().catch((cleanup: unknown) => options.log(`Could not remove the failed build's folders: ${messageOf(cleanup)}`));
    throw error;
  }
}

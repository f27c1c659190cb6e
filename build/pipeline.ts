import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { notFound, routes } from '../pages/routes';
import { site } from '../site.config';
import { BuildError, type BuildContext, type BuildOptions, type BuildStep } from './context';
import { brand } from './steps/brand';
import { client } from './steps/client';
import { fonts } from './steps/fonts';
import { hosting } from './steps/hosting';
import { checkLinks } from './steps/links';
import { notFoundPage, pages } from './steps/pages';
import { publicFiles } from './steps/public';
import { checkRoutes } from './steps/routes';
import { sitemap } from './steps/sitemap';
import { styles } from './steps/styles';

/** The build, in order. Each step reads the context earlier steps filled in. */
export const steps: readonly (readonly [name: string, step: BuildStep])[] = [
  ['routes', checkRoutes],
  ['fonts', fonts],
  ['styles', styles],
  ['client', client],
  ['brand', brand],
  ['pages', pages],
  ['not-found', notFoundPage],
  ['sitemap', sitemap],
  ['public', publicFiles],
  ['hosting', hosting],
  ['links', checkLinks],
];

export function defaultOptions(root: string = process.cwd()): BuildOptions {
  return {
    root,
    outDir: path.join(root, 'dist'),
    routes,
    notFound,
    site,
    year: new Date().getFullYear(),
    siteUrl: process.env.SITE_URL || site.url,
    log: (line) => console.log(line),
  } satisfies BuildOptions;
}

export interface BuildResult {
  outputs: BuildContext['outputs'];
  timings: BuildContext['timings'];
  totalMs: number;
}

/**
 * Runs every step into a staging folder next to `outDir`, then swaps it in. If any step fails,
 * the staging folder is removed and `outDir` is left exactly as it was.
 */
export async function runBuild(overrides: Partial<BuildOptions> = {}): Promise<BuildResult> {
  const options = { ...defaultOptions(overrides.root), ...overrides };
  const started = performance.now();
  const staging = `${options.outDir}.staging-${process.pid}-${Date.now()}`;
  const ctx = createContext(options, staging);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    for (const [name, step] of steps) await runStep(ctx, name, step);
    await swapIn(staging, options.outDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { outputs: ctx.outputs, timings: ctx.timings, totalMs: performance.now() - started };
}

/** A context with nothing built yet. The dev server keeps one alive and re-runs single steps on it. */
export function createContext(options: BuildOptions, staging: string): BuildContext {
  return { options, staging, assets: {}, assetUrls: new Map(), outputs: [], timings: [] };
}

/** Runs one step and records its time; an unexpected error becomes a BuildError naming the step. */
export async function runStep(ctx: BuildContext, name: string, step: BuildStep): Promise<void> {
  const started = performance.now();
  try {
    await step(ctx);
  } catch (error) {
    throw error instanceof BuildError
      ? error
      : new BuildError(`Step "${name}" failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
  }
  ctx.timings.push({ step: name, ms: performance.now() - started });
}

/** Replaces outDir with the finished staging folder, keeping the old one until the new one is in place. */
async function swapIn(staging: string, outDir: string): Promise<void> {
  const previous = `${outDir}.previous-${process.pid}-${Date.now()}`;
  const hadPrevious = await exists(outDir);
  if (hadPrevious) await rename(outDir, previous);
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir);
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

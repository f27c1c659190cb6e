import type { BuildContext } from '../context';
import { BuildError } from '../failure';
import { contentSecurityPolicy } from '../hosting/policy';
import { recordOutput } from '../output';
import type { PageTarget, RenderedPage, RenderSettings } from '../render/protocol';
import { addressOf, canonicalPath, siteOf } from '../urls';

/** Renders every route of the table to <route>/index.html, on every render worker. */
export async function pages(ctx: BuildContext): Promise<void> {
  growWorkers(ctx);
  await write(
    ctx,
    siteOf(ctx).routes.map((_, index) => index),
  );
}

/** Renders the fallback page to 404.html. */
export async function notFoundPage(ctx: BuildContext): Promise<void> {
  await write(ctx, ['not-found']);
}

/** Below this many pages for each, another worker costs more to start than it saves. */
const PAGES_PER_WORKER = 24;

/** Up to one worker per core; a small site does not pay for starting more than it can use. */
export function growWorkers(ctx: BuildContext): void {
  const pageCount = siteOf(ctx).routes.length;
  ctx.pool.grow(Math.max(1, Math.min(ctx.options.jobs, Math.ceil(pageCount / PAGES_PER_WORKER))));
}

/** Every page the build writes: each route, then the 404 page. */
export function allTargets(ctx: BuildContext): PageTarget[] {
  return [...siteOf(ctx).routes.map((_, index) => index), 'not-found'];
}

/** A page's path, for messages: "/about-us/", or "/404" for the 404 page. */
export function targetPath(ctx: BuildContext, target: PageTarget): string {
  return target === 'not-found' ? '/404' : canonicalPath(siteOf(ctx).routes[target]?.path ?? '/');
}

/** Renders pages on the render workers, each on whichever is free next; onPage hears of each as it is done. */
export async function renderTargets(
  ctx: BuildContext,
  settings: RenderSettings,
  targets: readonly PageTarget[],
  onPage: (page: RenderedPage, target: PageTarget) => void,
): Promise<void> {
  await ctx.pool.render(settings, targets, (target) => targetPath(ctx, target), onPage);
}

async function write(ctx: BuildContext, targets: readonly PageTarget[]): Promise<void> {
  await renderTargets(ctx, settingsOf(ctx, 'write'), targets, (page) => {
    recordOutput(ctx, page.file, page.bytes);
    ctx.pageReferences.set(page.file, { references: page.references, missingFragments: page.missingFragments });
  });
}

/**
 * What every page of this build shares, for the workers. The text pass (the font step's) runs
 * before the stylesheet exists: nothing it reports depends on it.
 */
export function settingsOf(ctx: BuildContext, pass: RenderSettings['pass']): RenderSettings {
  const { css, js, fonts = [], icons } = ctx.assets;
  if (!js || (pass === 'write' && !css)) throw new BuildError('Pages were rendered before the stylesheet and script were built.');
  if (!ctx.brand) throw new BuildError('Pages were rendered before the icons and social image were drawn.');
  const { origin, base } = addressOf(ctx);
  return {
    staging: ctx.staging,
    root: ctx.options.root,
    assets: { css: css ?? { inline: '' }, js, fonts, ...(icons ? { icons } : {}) },
    brand: ctx.brand,
    origin,
    base,
    year: ctx.options.year,
    csp: contentSecurityPolicy(ctx.inline, { for: 'meta' }),
    pass,
    ...(pass === 'write' && ctx.fonts?.characters !== undefined ? { fontCharacters: ctx.fonts.characters } : {}),
  };
}

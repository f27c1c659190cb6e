/** The build as the steps it runs (runner.ts), into a staging folder that replaces the output when every step succeeded. */
import { messageOf } from './failure';
import { faultsFrom } from './faults';
import { contentSecurityPolicy, type InlineCode } from './hosting/policy';
import { hostedSite } from './hosting/redirects';
import { ImageService } from './images/service';
import { type BuildOptions, defaultOptions } from './options';
import { openOutput } from './output-swap';
import { pageStyles } from './prune-css';
import { RenderPool } from './render/pool';
import type { SiteDescription } from './render/protocol';
import { type ResultsOf, runSteps, Steps, type Timing } from './runner';
import { HOST_NAMES, type Site } from './site';
import { drawBrand, drawShares, writeIcons } from './steps/brand';
import { bundleSite, type SiteBundle } from './steps/bundle';
import { bundleClient } from './steps/client';
import { loadConfig } from './steps/config';
import { buildFonts } from './steps/fonts';
import { writeHostConfig } from './steps/hosting';
import { DEFAULT_MAX_PIXELS, makeImages } from './steps/images';
import { checkLinks } from './steps/links';
import { renderPages, writePages } from './steps/pages';
import { copyPublic } from './steps/public';
import { feedPath, writeFeeds, writeRedirectPages, writeSitemap } from './steps/sitemap';
import { compileStyles, StylesCompiler } from './steps/styles';
import { type OutputFile, writeAsset } from './writer';

/** As React escapes an attribute's value. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

export interface BuildContext {
  options: BuildOptions;
  staging: string;
  /** Scratch space (spools, code outside the cache), removed with the build. */
  work: string;
  /** The dev server's is rebuilt incrementally. */
  bundle?: (config: { site: Parameters<typeof bundleSite>[1] }) => Promise<SiteBundle>;
  /** The one place render workers start: the caller closes them. */
  startWorkers: () => RenderPool;
  /** Sass's worker: the caller closes it. */
  styles: StylesCompiler;
  /** sharp and resvg: the caller closes it. */
  images: ImageService;
  /** For a step that can redo only part of its work. */
  previous?: <T>(step: string) => T | undefined;
}

/** The steps whose results carry files, in the order their files are listed. */
const SITE_FILE_STEPS = [
  'client',
  'icons',
  'brand',
  'images',
  'share',
  'fonts',
  'stylesheet',
  'write',
  'redirects',
  'sitemap',
  'feeds',
] as const;
export const FILE_STEPS = [...SITE_FILE_STEPS, 'public', 'hosting'] as const;

export function buildSteps(context: BuildContext) {
  const { options, staging, work } = context;
  const { root, mode } = options;
  const drawing = (site: Site, base: string) => ({ root, site, staging, base, service: context.images });
  return new Steps()
    .add('config', [], () => loadConfig(options, work))
    .add('bundle', ['config'], ({ config }) => (context.bundle ? context.bundle(config) : bundleSite(root, config.site, work)))
    .add('workers', [], () => {
      // Started before the bundle is made: a worker needs it only once it is up.
      return { pool: context.startWorkers() };
    })
    .add('site', ['config', 'bundle', 'workers'], async ({ config, bundle, workers }) => {
      workers.pool.load(bundle.file);
      const input = { root, pagesModule: config.site.pages, mode, now: options.now };
      const described: SiteDescription = await workers.pool.ask('describe', input, 'loading the site');
      return { described, hosted: hostedSite(config.address.base, described.redirects), reads: described.reads, input };
    })
    .add('load', ['site', 'workers'], async ({ site, workers }) => {
      // The workers the pages will need load the site while the brand and images are made; none waits for this step, since
      // a worker answers in order and the pages go to each loaded one.
      workers.pool.size(options.jobs, site.described.pages.length);
      // The first worker, which described the site, has them already.
      const input = { ...site.input, loaded: site.described.collections };
      await workers.pool.each('describe', (index) => (index === 0 ? site.input : input), 'loading the site');
      return {};
    })
    .add('styles', ['config'], ({ config }) => compileStyles(root, config.site.styles, context.styles))
    .add('client', ['config'], ({ config }) => bundleClient(root, config.site, staging, config.address.base))
    .add('icons', ['config', 'site', 'workers'], ({ config, workers }) => writeIcons(workers.pool, staging, config.address.base))
    .add('brand', ['config', 'site', 'workers'], ({ config, workers }, { signal }) =>
      drawBrand(workers.pool, drawing(config.site, config.address.base), config.address, signal),
    )
    .add(
      'images',
      ['config', 'site'],
      ({ config, site }, step) =>
        makeImages(
          {
            root,
            sources: site.described.images,
            staging,
            base: config.address.base,
            service: context.images,
            maxPixels: config.site.images?.maxPixels ?? DEFAULT_MAX_PIXELS,
            share: site.described.socialImageSize,
          },
          step,
        ),
      // Each image not in the cache is encoded several times: a site of many gets their time.
      { extraMs: ({ site }) => site.described.images.length * 2_000 },
    )
    .add(
      'share',
      ['config', 'site', 'workers', 'brand', 'images'],
      ({ config, site, workers, brand, images }, step) =>
        drawShares(workers.pool, drawing(config.site, config.address.base), site.described, brand, images, config.address, step),
      { extraMs: ({ site }) => site.described.shares.length * 100, label: 'share images' },
    )
    .add(
      'pages',
      ['config', 'site', 'workers', 'icons', 'brand', 'images', 'share'],
      ({ config, site, workers, icons, brand, images, share }) => {
        const { origin, base } = config.address;
        const feeds = Object.fromEntries(
          site.described.feeds.filter((feed) => feed.entries.length > 0).map((feed) => [feed.collection, feedPath(base, feed)]),
        );
        const settings = {
          root,
          mode,
          now: options.now,
          base,
          origin,
          year: options.year,
          ...(icons.href === undefined ? {} : { icons: icons.href }),
          brand: brand.assets,
          socialImages: { '': brand.socialImage, ...share.socialImages },
          images: images.images,
          feeds,
        };
        return renderPages(workers.pool, options.jobs, site.described, settings, work, context.previous?.('pages'));
      },
    )
    .add('fonts', ['config', 'styles', 'pages', 'workers'], ({ config, styles, pages, workers }) =>
      buildFonts(root, config.site, styles.css, pages, workers.pool, staging, config.address.base, mode),
    )
    .add('stylesheet', ['config', 'styles', 'fonts'], async ({ config, styles, fonts }) => {
      const css = fonts.faces + styles.css;
      // Inside <style> nothing is escaped: the text must not end the element.
      if (/<\/style/i.test(css)) throw new Error('The stylesheet contains "</style", which would end the page\'s <style> element.');
      if (mode === 'production') return { css, late: css, integrity: '', files: [] as OutputFile[] };
      const linked = await writeAsset(staging, config.address.base, { name: 'main', extension: 'css', contents: css });
      return { css, late: linked.href, integrity: linked.integrity, files: [linked.file] };
    })
    .add('policy', ['client'], ({ client }) => {
      // A production page's own policy adds its stylesheet (pageStyles); this one serves pages with none inline.
      const inline: InlineCode = { scripts: client.inlineScript ? [client.inlineScript] : [], styles: [] };
      return { inline, meta: contentSecurityPolicy(inline, { for: 'meta' }) };
    })
    .add(
      'write',
      ['pages', 'workers', 'client', 'stylesheet', 'fonts', 'policy'],
      async ({ pages, workers, client, stylesheet, fonts, policy }) => {
        // In attributes, as React would have written them; the inline stylesheet and script are raw text.
        const late = {
          csp: escapeAttribute(policy.meta),
          stylesheet: mode === 'production' ? stylesheet.late : escapeAttribute(stylesheet.late),
          integrity: escapeAttribute(stylesheet.integrity),
          font: escapeAttribute(fonts.preload),
          script: escapeAttribute(client.script.href),
          scriptIntegrity: escapeAttribute(client.script.integrity),
          inlineScript: client.inlineScript,
        };
        const { scripts } = policy.inline;
        const own = mode === 'production' ? pageStyles(stylesheet.css, client.words, scripts, escapeAttribute) : undefined;
        return { files: await writePages(workers.pool, pages, late, staging, own) };
      },
    )
    .add('redirects', ['config', 'site', 'policy', 'brand'], async ({ config, site, policy, brand }) => ({
      files: await writeRedirectPages(site.described, site.hosted, config.address.origin, policy.meta, brand.assets.favicon, staging),
    }))
    .add('sitemap', ['config', 'site'], async ({ config, site }) => ({
      files: await writeSitemap(site.described, config.address, staging),
    }))
    .add('feeds', ['config', 'site'], async ({ config, site }) => ({
      files: await writeFeeds(site.described, config.site, config.address, staging),
    }))
    .add('public', ['config', ...SITE_FILE_STEPS], (results) => {
      const taken = new Set(filesOf(results, 'feeds').map((file) => file.path));
      return copyPublic(root, results.config.site.public, taken, staging);
    })
    .add('hosting', ['config', 'site', 'policy', ...SITE_FILE_STEPS, 'public'], async (results) => ({
      files: await writeHostConfig(
        filesOf(results, 'public'),
        results.site.hosted,
        results.config.address,
        results.policy.inline,
        results.config.site.hosts ?? HOST_NAMES,
        staging,
      ),
    }))
    .add('links', ['config', 'site', 'pages', 'workers', ...SITE_FILE_STEPS, 'public'], async (results) => {
      const { config, site, pages, workers, stylesheet } = results;
      await checkLinks(
        staging,
        filesOf(results, 'public'),
        config.address,
        site.described,
        pages,
        mode === 'production' ? stylesheet.css : undefined,
        workers.pool,
        { root, public: config.site.public },
      );
      return {};
    });
}

export type BuildResults = ResultsOf<ReturnType<typeof buildSteps>>;

/** Declared, never run: no step reads the context before it runs. */
export const STEP_NAMES = buildSteps({ options: defaultOptions() } as BuildContext).names;

export function filesOf(results: Partial<Record<string, unknown>>, last: (typeof FILE_STEPS)[number] = 'hosting'): OutputFile[] {
  return FILE_STEPS.slice(0, FILE_STEPS.indexOf(last) + 1).flatMap(
    (name) => (results[name] as { files?: OutputFile[] } | undefined)?.files ?? [],
  );
}

export interface BuildResult {
  outDir: string;
  outputs: OutputFile[];
  timings: Timing[];
  totalMs: number;
  /** Clean-ups that failed; the build itself succeeded. */
  warnings: string[];
}

/** If any step fails, the staging folder is removed and the output is left exactly as it was. */
export async function runBuild(overrides: Partial<BuildOptions> = {}): Promise<BuildResult> {
  const options = { ...defaultOptions(overrides.root), ...overrides };
  const started = performance.now();
  const faults = faultsFrom(process.env);
  const warnings: string[] = [];
  const output = await openOutput(options.outDir, options.outLayout, {
    warn: (line) => warnings.push(line),
    faults,
    keepAssetsMs: options.keepAssetsMs,
    now: options.now,
  });
  const pools: RenderPool[] = [];
  const styles = new StylesCompiler(options.root);
  const images = new ImageService(options.root);
  const stopWorkers = () => {
    images.close();
    return Promise.all([styles.close(), ...pools.map((pool) => pool.close())]);
  };
  try {
    const startWorkers = () => {
      const pool = new RenderPool({ root: options.root, mode: 'production', timeoutMs: options.pageTimeoutMs });
      pools.push(pool);
      return pool;
    };
    const steps = buildSteps({ options, staging: output.staging, work: output.work, startWorkers, styles, images });
    const { results, timings } = await runSteps(steps, {
      log: options.log,
      ...(options.progress ? { progress: options.progress } : {}),
      stepTimeoutMs: options.stepTimeoutMs,
      stalls: faults.stalls,
      limit: faults.limit,
    });
    await stopWorkers();
    const outputs = filesOf(results);
    const mark = await output.commit(outputs);
    return { outDir: options.outDir, outputs: [...outputs, mark], timings, totalMs: performance.now() - started, warnings };
  } catch (error) {
    await stopWorkers();
    // The build's own failure is the one to report, not a clean-up's after it.
    await output.abandon().catch((cleanup: unknown) => options.log(`Could not remove the failed build's folders: ${messageOf(cleanup)}`));
    throw error;
  }
}

/**
 * The race of issue 42: 1,000 Markdown articles (`--pages`) as a collection of the site (its pages
 * module's, its routes kept: an article page each, list pages ten to a page, the Atom feed and the
 * sitemap), built by ours with no cache (the generator's cache folder removed, as on a fresh CI
 * machine) and with the cache of the run before, by Eleventy and by Hugo building the same files with
 * the same work where they can (scripts/bench/peers.ts). Each run is a whole process with its output
 * folder removed first, measured by scripts/bench/process.ts; the tools run in turns (ours cold,
 * ours warm, Eleventy, Hugo), round after round, after one round that is not timed. Each round
 * also builds ours warm with the code left one colour, before or after the highlighted build in
 * turns: what highlighting costs. Then a cold build of 40 photos (`--photos`), and with
 * `--large-pages 10000`, that many articles cold and warm.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cacheDir } from '../../generator/cache.mjs';
import { buildsFolder } from '../../generator/output-swap';
import { buildCommand, copyProject, writePagesModule } from '../lib/project';
import { PHOTO, pagesModule, writeArticles, writePhotoArticles } from './corpus';
import { checkWork, eleventyPeer, hugoPeer, hugoVersion, type Peer, shellsOf } from './peers';
import { canMeasureMemory, GNU_TIME, type MeasuredProcess, measureProcess } from './process';
import { type BenchSection, type Measurement, summarizeSamples } from './types';

export interface ArticlesBenchOptions {
  /** Articles in the race. */
  pages?: number;
  /** Timed rounds, after one that is not. */
  runs?: number;
  /** Photos of the cold photo build, ten to an article. */
  photos?: number;
  /** Their size (default PHOTO's 2400×1600; issue 42's memory target is for 24 Mpx, 6000×4000). */
  photoSize?: { width: number; height: number };
  /** Also that many articles, built cold and then warm, once each; none when undefined. */
  largePages?: number;
}

/** Issue 42's targets for 1,000 articles; memory must not grow with the content, so they hold for fewer too. */
const TARGETS = {
  coldOverEleventy: 2,
  warmOverEleventy: 1,
  coldRssMb: 400,
  warmRssMb: 300,
  largeRssMb: 500,
  largeTimePerArticle: 1.1,
  // 100 photos of 24 Mpx in one collection, cold: memory bounded by the queue, not the shoot.
  photosRssMb: 700,
  // Issue 45: code highlighted at build time costs at most a tenth of a warm build.
  highlightedOverPlain: 1.1,
};

/**
 * The photo build is stopped after this long. A build today fails the images step after 2 min and
 * 2 s an image (200 s for 40), and one that was not stopped printed nothing for 15 minutes.
 */
const PHOTO_LIMIT_MS = 300_000;

/** The last lines a process printed, for a message. */
function tail(run: MeasuredProcess, lines = 3): string {
  const printed = `${run.stdout}\n${run.stderr}`
    .trim()
    .split('\n')
    .filter((line) => line.trim());
  return printed.length === 0 ? 'nothing' : printed.slice(-lines).join(' / ');
}

/** A run that must succeed: the race measures nothing from a failed build. */
function succeeded(tool: string, run: MeasuredProcess): MeasuredProcess {
  if (run.status === 0) return run;
  throw new Error(`${tool} failed (exit ${run.status}): ${tail(run, 8)}`);
}

const median = (samples: readonly number[]) => summarizeSamples(samples).median;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export async function measureArticles({
  pages = 1000,
  runs = 5,
  photos = 40,
  photoSize = PHOTO,
  largePages,
}: ArticlesBenchOptions = {}): Promise<BenchSection> {
  const loadBefore = os.loadavg();
  // A copy whose node_modules/.cache is its own, so that "cold" removes no one else's cache.
  const project = await copyProject('site-bench-articles-', { ownCache: true });
  const work = await mkdtemp(path.join(os.tmpdir(), 'site-bench-articles-work-'));
  /** Our build of the Markdown files in `folder` (relative to the copy) into `outDir`: a whole process, cold or warm. */
  const oursOf = async (folder: string, outDir: string, { highlight = true }: { highlight?: boolean } = {}) => {
    const module = await writePagesModule(
      work,
      `${path.basename(folder)}${highlight ? '' : '-plain'}.ts`,
      pagesModule(project.root, folder, { highlight }),
    );
    return async (cache: 'cold' | 'warm', { quiet = true, limitMs }: { quiet?: boolean; limitMs?: number } = {}) => {
      for (const stale of [outDir, buildsFolder(outDir)]) await rm(stale, { recursive: true, force: true });
      if (cache === 'cold') await rm(cacheDir(project.root), { recursive: true, force: true });
      // --json is quiet too, and says what each step took.
      const [command, args] = buildCommand([...(quiet ? ['--json'] : []), '--pages', module, '--out-dir', outDir]);
      return measureProcess(command, args, { cwd: project.root, ...(limitMs === undefined ? {} : { limitMs }) });
    };
  };
  /** A peer's build into its own folder, removed first. */
  const peerRun = (peer: Peer, outDir: string) => async () => {
    await rm(outDir, { recursive: true, force: true });
    return succeeded(peer.name, await peer.build(outDir));
  };
  try {
    const articles = 'content/race';
    await writeArticles(path.join(project.root, articles), pages);
    const oursDir = path.join(work, 'ours');
    const ours = await oursOf(articles, oursDir);
    const plain = await oursOf(articles, path.join(work, 'plain'), { highlight: false });

    // The round that is not timed: our cold build also makes the pages the peers' templates are cut from.
    succeeded('Our cold build', await ours('cold'));
    await checkWork('Our build', oursDir, pages);
    const shells = await shellsOf(oursDir);
    const eleventy = await eleventyPeer(path.join(work, 'eleventy'), path.join(project.root, articles), shells);
    const version = await hugoVersion();
    const hugo = version ? await hugoPeer(path.join(work, 'hugo'), path.join(project.root, articles), shells, version) : undefined;
    const peers = [eleventy, ...(hugo ? [hugo] : [])].map((peer) => {
      const outDir = path.join(work, `${peer.name.split(' ')[0]?.toLowerCase()}-out`);
      return { peer, outDir, build: peerRun(peer, outDir) };
    });
    succeeded('Our warm build', await ours('warm'));
    succeeded('Our warm build, code in one colour', await plain('warm'));
    for (const { peer, outDir, build } of peers) {
      await build();
      await checkWork(peer.name, outDir, pages);
    }

    const cold: MeasuredProcess[] = [];
    const warm: MeasuredProcess[] = [];
    const warmPlain: MeasuredProcess[] = [];
    const peerRuns = new Map<Peer, MeasuredProcess[]>(peers.map(({ peer }) => [peer, []]));
    for (let round = 0; round < runs; round += 1) {
      cold.push(succeeded('Our cold build', await ours('cold')));
      // Highlighted and plain in turns (A/B, then B/A), so that neither always follows the cold build.
      const pair = [
        async () => warm.push(succeeded('Our warm build', await ours('warm'))),
        async () => warmPlain.push(succeeded('Our warm build, code in one colour', await plain('warm'))),
      ];
      for (const build of round % 2 === 0 ? pair : pair.reverse()) await build();
      for (const { peer, build } of peers) peerRuns.get(peer)?.push(await build());
    }
    const eleventyRuns = peerRuns.get(eleventy) ?? [];
    // The share step of a cold build draws a title card for each article (they have no cover): its time over their number.
    const cardMs = cold.map((run) => {
      const report = JSON.parse(run.stdout) as { steps?: { step: string; ms: number }[] };
      return (report.steps?.find((step) => step.step === 'share')?.ms ?? Number.NaN) / pages;
    });
    const race = `${pages} articles`;
    const memory = canMeasureMemory();
    const rss = (samples: readonly MeasuredProcess[]) => samples.map((run) => run.rssMb ?? Number.NaN);
    const wall = (samples: readonly MeasuredProcess[]) => samples.map((run) => run.ms);
    const targeted = pages <= 1000;
    const measurements: Measurement[] = [
      { name: `${race}, ours, cache cold: wall time, spawn to exit`, unit: 'ms', samples: wall(cold) },
      { name: `${race}, ours, cache warm: wall time, spawn to exit`, unit: 'ms', samples: wall(warm) },
      {
        name: `${race}, ours, cache cold: one title card (the share step's time ÷ ${pages}, a few drawn at once)`,
        unit: 'ms',
        samples: cardMs,
        decimals: 2,
      },
      ...peers.map(({ peer }) => ({
        name: `${race}, ${peer.name}: wall time, spawn to exit`,
        unit: 'ms' as const,
        samples: wall(peerRuns.get(peer) ?? []),
      })),
      {
        name: `${race}: ours cold ÷ ${eleventy.name}, round by round`,
        unit: '',
        samples: cold.map((run, round) => run.ms / (eleventyRuns[round]?.ms ?? Number.NaN)),
        decimals: 2,
        targetMedian: TARGETS.coldOverEleventy,
      },
      {
        name: `${race}: ours warm ÷ ${eleventy.name}, round by round`,
        unit: '',
        samples: warm.map((run, round) => run.ms / (eleventyRuns[round]?.ms ?? Number.NaN)),
        decimals: 2,
        targetMedian: TARGETS.warmOverEleventy,
      },
      { name: `${race}, ours, cache warm, code in one colour: wall time, spawn to exit`, unit: 'ms', samples: wall(warmPlain) },
      {
        name: `${race}: ours warm, code highlighted ÷ in one colour, round by round`,
        unit: '',
        samples: warm.map((run, round) => run.ms / (warmPlain[round]?.ms ?? Number.NaN)),
        decimals: 3,
        targetMedian: TARGETS.highlightedOverPlain,
      },
    ];
    if (memory)
      measurements.push(
        {
          name: `${race}, ours, cache cold: peak memory (RSS)`,
          unit: 'MB',
          samples: rss(cold),
          ...(targeted ? { targetMedian: TARGETS.coldRssMb } : {}),
        },
        {
          name: `${race}, ours, cache warm: peak memory (RSS)`,
          unit: 'MB',
          samples: rss(warm),
          ...(targeted ? { targetMedian: TARGETS.warmRssMb } : {}),
        },
        ...peers.map(({ peer }) => ({
          name: `${race}, ${peer.name}: peak memory (RSS)`,
          unit: 'MB' as const,
          samples: rss(peerRuns.get(peer) ?? []),
        })),
      );
    const notes = [
      `Articles: ${pages} Markdown files of 600-900 words (headings, lists, a code block, a blockquote, links to the site's pages, a table in every fifth; no images) in a collection of the site, its routes kept; ${plural(runs, 'round')} in turns (ours with no cache, ours with the cache of that run, ${peers.map(({ peer }) => peer.name).join(', ')}) after one round not timed, each run a whole process with its output folder removed first.`,
      `Articles: ours highlights each article's ts block (each article's own code) at build time (Shiki, the news collection's settings), a warm build from the cache of the run before; the "one colour" build is the same with markdown.code left out, warm, in the same rounds, before or after the highlighted one in turns.`,
      `Articles: each tool wrote an article page per file inside our page's document, ${Math.ceil(pages / 10)} list pages of 10, an Atom feed and a sitemap; ours also builds the site's own pages, its brand and share images, fonts and host files.${
        version ? '' : ' Hugo is not installed, so it has no column: apt-get install hugo (Debian) adds it.'
      }`,
      memory
        ? `Articles: peak memory is the larger of GNU time's %M (${GNU_TIME}: the kernel's peak RSS of the largest process of each tree, render workers being threads of it) and the peak of the whole tree's RSS sampled every 50 ms, which counts our image service's process too.`
        : `Articles: no peak memory: GNU time (${GNU_TIME}) is not installed; apt-get install time (Debian) adds it.`,
    ];

    // Photos: as an editor adds a shoot, built with no cache.
    const photoArticles = Math.ceil(photos / PHOTO.perArticle);
    const photoFolder = 'content/photos';
    const { bytes } = await writePhotoArticles(path.join(project.root, photoFolder), photos, photoSize);
    const photoBuild = await (await oursOf(photoFolder, path.join(work, 'photos')))('cold', { quiet: false, limitMs: PHOTO_LIMIT_MS });
    const failed =
      photoBuild.status === 0
        ? undefined
        : photoBuild.stopped
          ? `stopped at ${PHOTO_LIMIT_MS / 1000} s, having printed last: ${tail(photoBuild)}`
          : `failed (exit ${photoBuild.status}): ${tail(photoBuild)}`;
    const shoot = `${plural(photos, 'photo')} (${photoSize.width}×${photoSize.height} JPEG) in ${plural(photoArticles, 'article')}, cache cold`;
    measurements.push({ name: `${shoot}: wall time, spawn to exit`, unit: 'ms', samples: [photoBuild.ms], ...(failed ? { failed } : {}) });
    if (memory)
      measurements.push({
        name: `${shoot}: peak memory (RSS)`,
        unit: 'MB',
        samples: [photoBuild.rssMb ?? Number.NaN],
        targetMedian: TARGETS.photosRssMb,
        ...(failed ? { failed } : {}),
      });
    notes.push(
      `Articles: the photos (${(bytes / 1024 / 1024).toFixed(1)} MB of JPEG, noise and gradients that encode as photos do) are ten to an article, the first its cover and the others in its text; one build, with no cache${
        failed ? `: it ${failed}`.replace(/\.?$/, '.') : '.'
      }`,
    );

    if (largePages !== undefined) {
      const large = `content/race-${largePages}`;
      await writeArticles(path.join(project.root, large), largePages);
      const build = await oursOf(large, path.join(work, 'large'));
      const largeCold = succeeded(`Our cold build of ${largePages} articles`, await build('cold'));
      const largeWarm = succeeded(`Our warm build of ${largePages} articles`, await build('warm'));
      const scaled = TARGETS.largeTimePerArticle * (largePages / pages);
      for (const [cache, run, race] of [
        ['cold', largeCold, cold],
        ['warm', largeWarm, warm],
      ] as const) {
        measurements.push(
          { name: `${largePages} articles, ours, cache ${cache}: wall time, spawn to exit`, unit: 'ms', samples: [run.ms] },
          {
            name: `${largePages} articles, ours, cache ${cache}: time ÷ ${pages} articles' median`,
            unit: '',
            samples: [run.ms / median(wall(race))],
            decimals: 2,
            targetMedian: Number(scaled.toFixed(2)),
          },
        );
        if (memory)
          measurements.push({
            name: `${largePages} articles, ours, cache ${cache}: peak memory (RSS)`,
            unit: 'MB',
            samples: [run.rssMb ?? Number.NaN],
            targetMedian: TARGETS.largeRssMb,
          });
      }
      notes.push(
        `Articles: ${largePages} articles built once with no cache, then once with its cache; the time target is 1.1× the race's per article.`,
      );
    }
    const loadAfter = os.loadavg();
    notes.push(
      `Articles: load average (1, 5, 15 min) ${loadBefore.map((load) => load.toFixed(2)).join(', ')} before, ${loadAfter
        .map((load) => load.toFixed(2))
        .join(', ')} after, on ${os.availableParallelism()} cores.`,
    );
    return { name: 'Articles', measurements, notes };
  } finally {
    await rm(work, { recursive: true, force: true });
    await project.remove();
  }
}

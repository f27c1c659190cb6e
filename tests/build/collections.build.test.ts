/**
 * A collection of Markdown entries, built: 25 reports (tests/fixtures/collection/), ten to a list
 * page, with a draft, one scheduled for after the build's "now", one expired, a cover image and an
 * image in a body, of two sizes. What pages exist, what the feed holds, the sitemap's lastmod, and
 * each image's sources and box.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildError } from '../../generator/failure';
import { runBuild } from '../../generator/pipeline';
import { filesUnder } from '../../scripts/lib/files';
import { photo } from '../../scripts/lib/photos';
import { copyProject, type ProjectCopy, projectRoot } from '../../scripts/lib/project';
import siteConfig, { site } from '../../site.config';

const NOW = Date.parse('2026-06-01T00:00:00Z');
/** Of the 25 reports, all but the draft (03), the scheduled (05) and the expired (07). */
const PUBLISHED = Array.from({ length: 25 }, (_, index) => index + 1).filter((number) => ![3, 5, 7].includes(number));
const name = (number: number) => `report-${String(number).padStart(2, '0')}`;

let folder: string;
let outDir: string;
let files: string[];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'collections-'));
  outDir = path.join(folder, 'dist');
  await runBuild({ root: projectRoot, outDir, log: () => {}, pages: 'tests/fixtures/collection/pages.tsx', now: NOW, siteUrl: site.url });
  files = await filesUnder(outDir);
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const page = async (file: string) => cheerio.load(await readFile(path.join(outDir, file), 'utf8'));

describe('a collection of 25 entries', () => {
  it('has a page for every published entry and none for the draft, the scheduled or the expired one', () => {
    const entries = files.filter((file) => /^reports\/report-\d+\/index\.html$/.test(file)).sort();
    expect(entries).toEqual(PUBLISHED.map((number) => `reports/${name(number)}/index.html`));
  });

  it('lists them newest first, ten a page, each page linking the next and the one before', async () => {
    expect(files.filter((file) => /^reports\/(page\/\d+\/)?index\.html$/.test(file)).sort()).toEqual([
      'reports/index.html',
      'reports/page/2/index.html',
      'reports/page/3/index.html',
    ]);
    const listed: string[] = [];
    for (const [index, file] of ['reports/index.html', 'reports/page/2/index.html', 'reports/page/3/index.html'].entries()) {
      const $ = await page(file);
      listed.push(
        ...$('.c-entry-card__link')
          .toArray()
          .map((link) => $(link).attr('href') ?? ''),
      );
      expect($('a[rel="prev"]').attr('href')).toBe(index === 0 ? undefined : index === 1 ? '/reports/' : '/reports/page/2/');
      expect($('a[rel="next"]').attr('href')).toBe(index === 2 ? undefined : `/reports/page/${index + 2}/`);
    }
    // The reports are dated one a day, 01 the newest.
    expect(listed).toEqual(PUBLISHED.map((number) => `/reports/${name(number)}/`));
  });

  it('has an Atom feed of the newest 20 published entries (a feed’s length unless the collection says), linked from its pages', async () => {
    const feed = cheerio.load(await readFile(path.join(outDir, 'reports/feed.xml'), 'utf8'), { xmlMode: true });
    expect(
      feed('feed > entry > link')
        .toArray()
        .map((link) => feed(link).attr('href')),
    ).toEqual(PUBLISHED.slice(0, 20).map((number) => `${site.url}/reports/${name(number)}/`));
    expect(feed('feed > entry').first().find('updated').text()).toBe('2026-05-25T00:00:00Z');
    // Report 02 was updated after it was published.
    const second = feed('feed > entry').eq(1);
    expect([second.find('published').text(), second.find('updated').text()]).toEqual(['2026-05-24T00:00:00Z', '2026-05-30T00:00:00Z']);
    for (const file of ['reports/index.html', `reports/${name(1)}/index.html`]) {
      const $ = await page(file);
      expect($('link[rel="alternate"][type="application/atom+xml"]').attr('href')).toBe('/reports/feed.xml');
    }
  });

  it("gives the sitemap each entry's last change, and leaves the unpublished out", async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${site.url}/reports/${name(2)}/</loc><lastmod>2026-05-30</lastmod>`);
    expect(sitemap).toContain(`<loc>${site.url}/reports/${name(1)}/</loc><lastmod>2026-05-25</lastmod>`);
    for (const number of [3, 5, 7]) expect(sitemap).not.toContain(`/reports/${name(number)}/`);
  });

  it('tells a link preview that an entry is an article, published and updated when its frontmatter says', async () => {
    const meta = ($: cheerio.CheerioAPI, property: string) => $(`meta[property="${property}"]`).attr('content');
    const updated = await page(`reports/${name(2)}/index.html`);
    expect([meta(updated, 'og:type'), meta(updated, 'article:published_time'), meta(updated, 'article:modified_time')]).toEqual([
      'article',
      '2026-05-24',
      '2026-05-30',
    ]);
    const once = await page(`reports/${name(1)}/index.html`);
    expect([meta(once, 'og:type'), meta(once, 'article:published_time'), meta(once, 'article:modified_time')]).toEqual([
      'article',
      '2026-05-25',
      undefined,
    ]);
    const list = await page('reports/index.html');
    expect([meta(list, 'og:type'), meta(list, 'article:published_time')]).toEqual(['website', undefined]);
  });

  it('describes an entry to search engines as an article: headline, dates, image, page and publisher', async () => {
    const $ = await page(`reports/${name(2)}/index.html`);
    const data = JSON.parse($('script[type="application/ld+json"]').text()) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: $('h1').text(),
      description: $('meta[name="description"]').attr('content'),
      datePublished: $('meta[property="article:published_time"]').attr('content'),
      dateModified: $('meta[property="article:modified_time"]').attr('content'),
      image: [$('meta[property="og:image"]').attr('content')],
      mainEntityOfPage: $('link[rel="canonical"]').attr('href'),
      publisher: { '@type': 'Organization', name: site.name },
    });
    expect(data.datePublished).toBe('2026-05-24');
  });

  it('shares the cover of an entry that has one, cut to the share image’s 1200 × 630', async () => {
    const $ = await page(`reports/${name(2)}/index.html`);
    const image = new URL($('meta[property="og:image"]').attr('content') ?? '').pathname;
    expect(image).toMatch(/\/assets\/images\/[\w-]+-share\.[0-9a-f]{10}\.png$/);
    const metadata = await sharp(path.join(outDir, image)).metadata();
    expect([metadata.width, metadata.height]).toEqual([1200, 630]);
    expect([$('meta[property="og:image:width"]').attr('content'), $('meta[property="og:image:height"]').attr('content')]).toEqual([
      '1200',
      '630',
    ]);
  });

  it('draws each entry without a cover a share image of its own, with its title', async () => {
    const $ = await page(`reports/${name(1)}/index.html`);
    const home = await page('index.html');
    const image = $('meta[property="og:image"]').attr('content');
    expect(image).toMatch(/\/assets\/social\.[0-9a-f]{10}\.png$/);
    expect(image).not.toBe(home('meta[property="og:image"]').attr('content'));
    expect($('meta[property="og:image:alt"]').attr('content')).toContain('Report 01');
  });
});

describe("an entry's images", () => {
  /** Each source's type and its candidates' files and widths. */
  const sourcesOf = ($: cheerio.CheerioAPI) =>
    $('picture source, picture img')
      .toArray()
      .map((element) => ({
        type: $(element).attr('type') ?? 'img',
        candidates: ($(element).attr('srcset') ?? '').split(', ').map((candidate) => candidate.split(' ')),
      }));

  it('are AVIF, WebP and the original at up to three widths, none wider than twice the column, each file as wide as it says', async () => {
    const $ = await page(`reports/${name(2)}/index.html`);
    const sources = sourcesOf($);
    expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp', 'img']);
    for (const source of sources) {
      // The cover is 1,600 px wide: a 46rem column is 1,472 device pixels on a phone of twice the density.
      expect(source.candidates.map(([, width]) => width)).toEqual(['480w', '960w', '1440w']);
      for (const [url, width] of source.candidates) {
        const metadata = await sharp(path.join(outDir, url ?? '')).metadata();
        expect(`${metadata.width}w`, url).toBe(width);
      }
    }
    expect(sources[2]?.candidates.every(([url]) => url?.endsWith('.png'))).toBe(true);
  });

  it('have their box, their text alternative and their sizes; the cover loads at once, an image in the body lazily', async () => {
    const cover = (await page(`reports/${name(2)}/index.html`))('.c-article__image img');
    expect([cover.attr('width'), cover.attr('height'), cover.attr('loading'), cover.attr('alt')]).toEqual([
      '1600',
      '900',
      'eager',
      'A wide blue panel, the report’s cover',
    ]);
    expect(cover.attr('sizes')).toBe('(min-width: 48rem) 46rem, 100vw');
    const $ = await page(`reports/${name(4)}/index.html`);
    const inBody = $('.c-article__body picture img');
    expect([inBody.attr('width'), inBody.attr('height'), inBody.attr('loading'), inBody.attr('alt')]).toEqual([
      '400',
      '300',
      'lazy',
      'A small green panel',
    ]);
    // Narrower than every width made: its own width only.
    expect(sourcesOf($).map((source) => source.candidates.map(([, width]) => width))).toEqual([['400w'], ['400w'], ['400w']]);
  });
});

describe('images as editors name and share them', () => {
  let project: ProjectCopy;
  let out: string;
  let paths: string[];

  // Two collections whose entries' covers are the same file under the same name; one body holds an image named with
  // an accent and a space, written as Markdown needs it: <Café map.jpg>, the other one saved as WebP.
  beforeAll(async () => {
    project = await copyProject('collections-images-');
    for (const letter of ['a', 'b']) {
      const entries = path.join(project.root, `zz-test-${letter}`);
      await mkdir(entries);
      await copyFile(path.join(project.root, 'tests/fixtures/collection/reports/small.jpg'), path.join(entries, 'cover.jpg'));
      await copyFile(path.join(project.root, 'tests/fixtures/collection/reports/wide.png'), path.join(entries, 'Café map.png'));
      await sharp(path.join(project.root, 'tests/fixtures/collection/reports/wide.png')).webp().toFile(path.join(entries, 'panel.webp'));
      // As a phone stores a photo taken upright: its pixels on their side, and an EXIF orientation that turns them.
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c86400' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toFile(path.join(entries, 'phone.jpg'));
      await writeFile(
        path.join(entries, `entry-${letter}.md`),
        `---\ntitle: Entry ${letter} with a shared cover\ndescription: An entry whose cover is byte for byte the cover of another entry.\ndate: 2025-01-0${letter === 'a' ? 1 : 2}\nimage:\n  src: cover.jpg\n  alt: The shared cover\n---\n\nThe body.\n\n${letter === 'a' ? '![A map of the café](<Café map.png>)\n\n![A photo held upright](phone.jpg)' : '![A panel saved as WebP](panel.webp)'}\n`,
      );
    }
    const collection = (letter: string) =>
      `{ ...news, folder: 'zz-test-${letter}', path: '/zz-test-${letter}', list: { ...news.list, title: 'List ${letter}', fields: {} }, feed: '${letter}' }`;
    await writeFile(
      path.join(project.root, 'zz-test-pages.tsx'),
      `import site from './pages/site';\nconst news = site.collections.news;\nexport default { ...site, collections: { ...site.collections, a: ${collection('a')}, b: ${collection('b')} } };\n`,
    );
    out = path.join(project.root, 'zz-test-dist');
    const { outputs } = await runBuild({ root: project.root, outDir: out, log: () => {}, pages: 'zz-test-pages.tsx' });
    paths = outputs.map((output) => output.path);
  }, 180_000);

  afterAll(async () => {
    await project?.remove();
  });

  const entryPage = async (letter: string) =>
    cheerio.load(await readFile(path.join(out, `zz-test-${letter}/entry-${letter}/index.html`), 'utf8'));

  it('of the same bytes and name, beside two entries, share the same files, written and listed once', async () => {
    expect(paths.filter((file) => file.startsWith('assets/images/cover-'))).not.toEqual([]);
    expect(paths.filter((file, index) => paths.indexOf(file) !== index)).toEqual([]);
    const mark = JSON.parse(await readFile(path.join(out, 'deploy/build.json'), 'utf8')) as { files: string[] };
    expect(new Set(mark.files).size).toBe(mark.files.length);
    const cover = async (letter: string) => (await entryPage(letter))('.c-article__image img').attr('src');
    expect(await cover('a')).toBe(await cover('b'));
  });

  it('named with an accent and a space, are found, and named in plain letters in their address', async () => {
    const $ = await entryPage('a');
    const map = $('.c-article__body picture img');
    expect(map.attr('alt')).toBe('A map of the café');
    expect(map.attr('src')).toMatch(/^\/assets\/images\/cafe-map-\d+\.[0-9a-f]{10}\.png$/);
  });

  it('taken on a phone held upright, stored on their side, have the box they are shown in, at each width', async () => {
    const $ = await entryPage('a');
    const photo = $('.c-article__body img[alt="A photo held upright"]');
    expect([photo.attr('width'), photo.attr('height')]).toEqual(['600', '1200']);
    for (const candidate of (photo.attr('srcset') ?? '').split(', ')) {
      const [url = '', width] = candidate.split(' ');
      const metadata = await sharp(path.join(out, url)).metadata();
      expect(`${metadata.width}w`, url).toBe(width);
      expect(metadata.height, url).toBe((Number.parseInt(width ?? '', 10) * 1200) / 600);
    }
  });

  it('saved as WebP, are AVIF and the WebP fallback, each candidate once', async () => {
    const $ = await entryPage('b');
    const picture = $('.c-article__body picture');
    const sources = picture
      .find('source, img')
      .toArray()
      .map((element) => [$(element).attr('type') ?? 'img', ($(element).attr('srcset') ?? '').split(', ')] as const);
    expect(sources.map(([type]) => type)).toEqual(['image/avif', 'img']);
    for (const [, candidates] of sources) expect(new Set(candidates).size).toBe(candidates.length);
    expect(sources[1]?.[1].every((candidate) => /\.webp \d+w$/.test(candidate))).toBe(true);
    expect(picture.find('img').attr('src')).toMatch(/\.webp$/);
  });
});

/**
 * The fixture collection built from a copy, with a paragraph added at the end of the first report (and `files` beside it):
 * the error the build fails with, and the line of that paragraph.
 */
async function failureOfAddedParagraph(prefix: string, paragraph: string, files: Record<string, string | Uint8Array> = {}) {
  const project = await copyProject(prefix);
  try {
    const reports = path.join(project.root, 'tests/fixtures/collection/reports');
    const linking = path.join(reports, `${name(1)}.md`);
    const source = await readFile(linking, 'utf8');
    for (const [file, contents] of Object.entries(files)) await writeFile(path.join(reports, file), contents);
    await writeFile(linking, `${source.trimEnd()}\n\n${paragraph}\n`);
    const build = runBuild({
      root: project.root,
      outDir: path.join(project.root, 'zz-test-dist'),
      log: () => {},
      pages: 'tests/fixtures/collection/pages.tsx',
      now: NOW,
      siteUrl: site.url,
    });
    const error = await build.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    return { error, line: source.trimEnd().split('\n').length + 2 };
  } finally {
    await project.remove();
  }
}

describe('a link from a published entry to one the build leaves out', () => {
  it('fails the build naming the line of the link and the Markdown file left out', async () => {
    const { error, line } = await failureOfAddedParagraph('collections-draft-link-', `See [the draft](/reports/${name(3)}/).`);
    expect(String(error)).toContain(
      `tests/fixtures/collection/reports/${name(1)}.md:${line}: reports/${name(1)}/index.html (route /reports/${name(1)}): points at an entry this build leaves out: tests/fixtures/collection/reports/${name(3)}.md is a draft, scheduled for later or expired`,
    );
  });
});

describe('a link from an entry to a file kept beside it that is no image', () => {
  it('fails the build naming the line, the file, and where to put it to publish it', async () => {
    const { error, line } = await failureOfAddedParagraph('collections-beside-link-', 'Read [the terms](./zz-test-terms.pdf).', {
      'zz-test-terms.pdf': '%PDF-1.4\n',
    });
    expect(String(error)).toContain(
      `tests/fixtures/collection/reports/${name(1)}.md:${line}: reports/${name(1)}/index.html (route /reports/${name(1)}): links tests/fixtures/collection/reports/zz-test-terms.pdf, which the site does not publish: from an article's folder only its images are. Put the file in ${siteConfig.public}/ and link /zz-test-terms.pdf`,
    );
  });
});

describe('an image cut short, as a copy interrupted leaves it', () => {
  it('fails the build naming the Markdown file and line that shows it, and what to do', async () => {
    const whole = await photo(7, { width: 1200, height: 800 });
    const { error, line } = await failureOfAddedParagraph('collections-cut-image-', '![A photo cut short](zz-test-cut.jpg)', {
      'zz-test-cut.jpg': whole.subarray(0, Math.floor(whole.length * 0.6)),
    });
    expect(String(error)).toMatch(
      new RegExp(
        `tests/fixtures/collection/reports/${name(1)}\\.md:${line}: tests/fixtures/collection/reports/zz-test-cut\\.jpg could not be read as an image \\(.+\\): is the file whole\\? Export it again`,
      ),
    );
    expect((error as BuildError).file).toBe(`tests/fixtures/collection/reports/${name(1)}.md`);
  });
});

describe('an entry the next build leaves out', () => {
  it('has none of its files in the output, even within the grace period that keeps older builds’ assets', async () => {
    const project = await copyProject('collections-withdrawn-');
    try {
      const reports = path.join(project.root, 'tests/fixtures/collection/reports');
      const outDir = path.join(project.root, 'zz-test-dist');
      const entry = (number: number) => `tests/fixtures/collection/reports/${name(number)}.md`;
      const buildAt = (now: number) =>
        runBuild({ root: project.root, outDir, log: () => {}, pages: 'tests/fixtures/collection/pages.tsx', now, siteUrl: site.url });
      /** The assets the output's mark says were made for each entry. */
      const madeFor = async () =>
        JSON.parse(await readFile(path.join(outDir, 'deploy/build.json'), 'utf8')).madeFor as Record<string, string[]>;
      const filesOf = (made: Record<string, string[]>, number: number) =>
        Object.keys(made).filter((file) => made[file]?.includes(entry(number)));

      await buildAt(NOW);
      const before = await madeFor();
      // 02 has a cover (its copies and its share cut); 04 an image in its body; 01 a share card with its title.
      // A file also made for an entry still published (an image two entries show) stays.
      const withdrawn = [...filesOf(before, 2), ...filesOf(before, 4)].filter((file) =>
        before[file]?.every((owner) => owner === entry(2) || owner === entry(4)),
      );
      expect(filesOf(before, 2).length).toBeGreaterThan(3);
      expect(filesOf(before, 4).length).toBeGreaterThan(1);
      const [oldCard] = filesOf(before, 1);
      for (const file of [...withdrawn, oldCard ?? '']) expect(existsSync(path.join(outDir, file)), file).toBe(true);

      // 02 becomes a draft, 04 is deleted, and 01, still published, gets a new title, so a new card.
      const second = path.join(reports, `${name(2)}.md`);
      await writeFile(second, (await readFile(second, 'utf8')).replace(/^date: /m, 'draft: true\ndate: '));
      await rm(path.join(reports, `${name(4)}.md`));
      const first = path.join(reports, `${name(1)}.md`);
      await writeFile(first, (await readFile(first, 'utf8')).replace(/^title: .*$/m, 'title: "Report 01, retitled"'));
      await buildAt(NOW + 24 * 60 * 60 * 1000);

      const output = new Set(await filesUnder(outDir));
      expect(withdrawn.filter((file) => output.has(file))).toEqual([]);
      expect(JSON.stringify(await madeFor())).not.toMatch(new RegExp(`${name(2)}|${name(4)}`));
      // What a page still open in a browser needs of an entry still published stays for its grace period.
      expect(output.has(oldCard ?? '')).toBe(true);
    } finally {
      await project.remove();
    }
  });
});

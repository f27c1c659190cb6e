/**
 * Articles as readers find them, built from the fixture of tests/fixtures/articles/ (notes with tags, authors and a cover, one
 * with every feature of a body; a draft, a scheduled and an expired note; a case study; a page of prose and one of the newest
 * notes) with --now 2026-06-01: each tag's list, a page at a time, and its feed, in the sitemap; what an entry's page leads to;
 * each feed's full text, read back by a strict XML parser; the dev server's marks on what a build leaves out; and the mistakes
 * an editor makes in tags, authors and prose, each named with its file and line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, runBuild } from '../../generator/pipeline';
import { buildCommand, copyProject, type ProjectCopy, projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';
import { readAtom } from '../support/atom';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const PAGES = 'tests/fixtures/articles/pages.tsx';
const NOTES = 'tests/fixtures/articles/notes';

let folder: string;
let outDir: string;
let result: BuildResult;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'articles-'));
  outDir = path.join(folder, 'dist');
  result = await runBuild({ root: projectRoot, outDir, log: () => {}, pages: PAGES, now: NOW, siteUrl: site.url });
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const page = async (file: string, dir = outDir) => cheerio.load(await readFile(path.join(dir, file), 'utf8'));
const hrefs = ($: cheerio.CheerioAPI, selector: string) =>
  $(selector)
    .toArray()
    .map((element) => $(element).attr('href'));

describe("each tag's list", () => {
  it('lists the published notes of its tag, newest first, two a page, at its own address', async () => {
    const alpha = await page('zz-notes/tags/alpha-topic/index.html');
    const second = await page('zz-notes/tags/alpha-topic/page/2/index.html');
    // The draft, the scheduled and the expired note give the tag too: none is listed.
    expect([...hrefs(alpha, '.c-entry-card__link'), ...hrefs(second, '.c-entry-card__link')]).toEqual([
      '/zz-notes/every-feature/',
      '/zz-notes/shares-alpha/',
      '/zz-notes/shares-both/',
    ]);
    expect([alpha('h1').text(), alpha('title').text()]).toEqual(['Notes on the alpha topic', `Notes on the alpha topic | ${site.name}`]);
    expect([alpha('a[rel="next"]').attr('href'), second('a[rel="prev"]').attr('href')]).toEqual([
      '/zz-notes/tags/alpha-topic/page/2/',
      '/zz-notes/tags/alpha-topic/',
    ]);
    expect(alpha('.c-article-list__back a').attr('href')).toBe('/zz-notes/');
    expect(alpha('[aria-current="page"]').attr('href')).toBe('/zz-notes/tags/alpha-topic/');
  });

  it('has a feed, shown on its list and found by feed readers from it, before the collection’s', async () => {
    const gamma = await page('zz-notes/tags/gamma-topic/index.html');
    expect(gamma('.c-article-list__feed a').attr('href')).toBe('/zz-notes/tags/gamma-topic/feed.xml');
    expect(hrefs(gamma, 'link[rel="alternate"][type="application/atom+xml"]').slice(0, 2)).toEqual([
      '/zz-notes/tags/gamma-topic/feed.xml',
      '/news/feed.xml',
    ]);
    const feed = readAtom(await readFile(path.join(outDir, 'zz-notes/tags/gamma-topic/feed.xml'), 'utf8'));
    expect([feed.title, feed.entries.map((entry) => entry.link)]).toEqual([
      'Notes on the gamma topic',
      [`${site.url}/zz-notes/newest/`, `${site.url}/zz-notes/shares-none/`],
    ]);
  });

  it('and its feed are in the sitemap, each feed with its latest entry’s change; no tag of the unpublished alone', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    for (const tag of ['alpha-topic', 'beta-topic', 'gamma-topic']) {
      expect(sitemap).toContain(`<loc>${site.url}/zz-notes/tags/${tag}/</loc>`);
      expect(sitemap).toMatch(
        new RegExp(`<loc>${site.url}/zz-notes/tags/${tag}/feed\\.xml</loc><lastmod>2026-05-\\d\\dT00:00:00Z</lastmod>`),
      );
    }
    expect(sitemap).toContain(`<loc>${site.url}/zz-notes/tags/alpha-topic/page/2/</loc>`);
    expect(sitemap).toContain(`<loc>${site.url}/zz-notes/feed.xml</loc><lastmod>2026-05-28T00:00:00Z</lastmod>`);
    expect(result.outputs.map((output) => output.path).filter((file) => file.startsWith('zz-notes/tags/'))).toHaveLength(3 * 2 + 2);
  });
});

describe('a note with every feature', () => {
  it('gives its dates, reading time, author, tags and a table of contents of its five sections', async () => {
    const $ = await page('zz-notes/every-feature/index.html');
    expect($('title').text()).toBe(`A note with every feature an editor uses | ${site.name}`);
    expect($('.c-article__author a').attr('href')).toBe('/about-us/#ceo');
    expect($('.c-article__reading').text()).toMatch(/^\d+ min read$/);
    expect(hrefs($, '.c-article__tags a')).toEqual(['/zz-notes/tags/alpha-topic/', '/zz-notes/tags/beta-topic/']);
    const contents = hrefs($, 'nav[aria-labelledby="article-toc"] a');
    expect(contents).toEqual(['#the-first-section', '#a-table', '#some-code', '#a-quotation', '#the-last-section']);
    for (const href of contents) expect($(`${href}`).is('h2')).toBe(true);
  });

  it('leads to the notes beside it, those sharing most of its tags, and its list', async () => {
    const $ = await page('zz-notes/every-feature/index.html');
    expect([$('a[rel="prev"]').attr('href'), $('a[rel="next"]').attr('href')]).toEqual([
      '/zz-notes/shares-none/',
      '/zz-notes/shares-alpha/',
    ]);
    // Both tags first; then of the two sharing one, the newer; two, as the collection says.
    expect(hrefs($, '.c-article__related .c-entry-card__link')).toEqual(['/zz-notes/shares-both/', '/zz-notes/shares-alpha/']);
    expect($('.c-article__all a').attr('href')).toBe('/zz-notes/');
  });
});

describe('the feeds', () => {
  it('carry the newest three published notes (the collection’s feed length) in full, every link and image absolute', async () => {
    const feed = readAtom(await readFile(path.join(outDir, 'zz-notes/feed.xml'), 'utf8'));
    expect(feed.entries.map((entry) => entry.link)).toEqual(
      ['newest', 'shares-none', 'every-feature'].map((slug) => `${site.url}/zz-notes/${slug}/`),
    );
    const every = feed.entries[2];
    expect(every?.content.type).toBe('html');
    expect(every?.content.base).toBe(`${site.url}/zz-notes/every-feature/`);
    const $ = cheerio.load(every?.content.html ?? '');
    expect(
      $('h2')
        .toArray()
        .map((heading) => $(heading).text()),
    ).toEqual(['The first section', 'A table', 'Some code', 'A quotation', 'The last section']);
    expect($('table')).toHaveLength(1);
    expect($('pre code').text()).toContain('expectedLoss');
    expect(hrefs($, 'a')).toEqual([`${site.url}/zz-notes/shares-both/`, 'https://example.com/']);
    const image = $('img');
    expect(image.attr('alt')).toBe('A small green panel');
    expect(image.attr('src')).toMatch(new RegExp(`^${site.url}/assets/images/figure[\\w-]*\\.[0-9a-f]{10}\\.jpg$`));
    expect(image.attr('srcset')).toBeUndefined();
    const served = new URL(image.attr('src') ?? '').pathname;
    expect(await readFile(path.join(outDir, served))).not.toHaveLength(0);
  });
});

describe('a page’s copy', () => {
  it('shows the newest notes where it asks, as many as it asks, with no edit for a new note', async () => {
    const $ = await page('zz-latest/index.html');
    expect(hrefs($, '.c-latest-entries .c-entry-card__link')).toEqual(['/zz-notes/newest/', '/zz-notes/shares-none/']);
  });

  it('renders its prose, links under the site’s paths and headings under the section’s', async () => {
    const $ = await page('zz-prose/index.html');
    expect($('#terms .c-prose strong').text()).toBe('bold');
    expect($('#terms .c-prose a').attr('href')).toBe('/zz-notes/');
    // Typographic, as the site's language writes an apostrophe.
    expect($('#terms .c-prose h3').text()).toBe('A heading under the section’s');
  });
});

describe('a case study', () => {
  it('has its client, sector and results on its page', async () => {
    const $ = await page('zz-studies/a-lenders-pilot/index.html');
    expect($('.c-article__eyebrow').text()).toBe('A digital lenderDigital lending');
    expect(
      $('.c-case-study__results .c-stat-figure__value')
        .toArray()
        .map((value) => $(value).text()),
    ).toEqual(['70%', '30 days']);
  });
});

describe('what the build leaves out', () => {
  it('is told with each entry’s file and why', () => {
    const ours = result.left.filter((entry) => entry.file.startsWith(NOTES));
    expect(ours).toEqual([
      { file: `${NOTES}/a-scheduled.md`, held: { reason: 'scheduled', date: '2026-12-05' } },
      { file: `${NOTES}/a-draft.md`, held: { reason: 'draft' } },
      { file: `${NOTES}/an-expired.md`, held: { reason: 'expired', date: '2026-03-01' } },
    ]);
  });

  it('is shown by the dev server’s build, each marked with why', async () => {
    const devOut = path.join(folder, 'dev');
    await runBuild({ root: projectRoot, outDir: devOut, log: () => {}, pages: PAGES, now: NOW, siteUrl: site.url, mode: 'development' });
    const marks = async (slug: string) => (await page(`zz-notes/${slug}/index.html`, devOut))('.c-article__held').text();
    expect([await marks('a-draft'), await marks('a-scheduled'), await marks('an-expired'), await marks('newest')]).toEqual([
      'Draft',
      'Scheduled for 5 December 2026',
      'Expired on 1 March 2026',
      '',
    ]);
    const list = await page('zz-notes/index.html', devOut);
    expect(
      list('.c-entry-card__held')
        .toArray()
        .map((badge) => list(badge).text()),
    ).toEqual(['Scheduled for 5 December 2026', 'Draft']);
  }, 120_000);
});

describe('mistakes', () => {
  let project: ProjectCopy;

  beforeAll(async () => {
    project = await copyProject('site-articles-mistakes-');
  });

  afterAll(async () => {
    await project?.remove();
  });

  /** The copy built with the fixture, as the tests above build it. */
  const buildCopy = () =>
    runBuild({ root: project.root, outDir: path.join(project.root, 'zz-test-dist'), log: () => {}, pages: PAGES, now: NOW });

  it('an unknown tag, an unknown author and raw HTML in a page’s prose each fail the build with their file and line', async () => {
    const note = (frontmatter: string) =>
      `---\ntitle: A note with a mistake in it\ndescription: A note of the tests whose frontmatter holds a mistake an editor makes.\ndate: 2026-05-02\n${frontmatter}\n---\n\nWords.\n`;
    const mistakes = [path.join(project.root, NOTES, 'zz-test-tag.md'), path.join(project.root, NOTES, 'zz-test-author.md')];
    await writeFile(mistakes[0] as string, note('tags: [Alpha topic, Delta topic]'));
    await writeFile(mistakes[1] as string, note('author: cfo'));
    const content = path.join(project.root, 'tests/fixtures/articles/content.ts');
    const source = await readFile(content, 'utf8');
    await writeFile(content, source.replace('- another one.', '- another one.\n\n<div>A box</div>'));
    const line = source.split('\n').findIndex((text) => text.includes('- another one.')) + 3;
    try {
      await expect(buildCopy()).rejects.toThrow(
        [
          `3 problems in the site's content:`,
          `  tests/fixtures/articles/content.ts:${line}: sections[0].text holds raw HTML (<div>A box</div>), which the site does not publish: write it in Markdown (route /zz-prose/)`,
          `  ${NOTES}/zz-test-author.md:5: author "cfo" is not one of the site's people: the about page's team, by their id (pages/about-us/content.ts) (did you mean "ceo"?) (route /zz-notes/zz-test-author/)`,
          `  ${NOTES}/zz-test-tag.md:5: tags[1] "Delta topic" is not one of the tags the collection allows (its \`tags\` in the pages module) (did you mean "Beta topic"?) (route /zz-notes/zz-test-tag/)`,
        ].join('\n'),
      );
    } finally {
      await writeFile(content, source);
      await Promise.all(mistakes.map((file) => rm(file)));
    }
  }, 120_000);

  it('a page asking for the newest entries of a collection the site does not have fails with its content file', async () => {
    const content = path.join(project.root, 'tests/fixtures/articles/content.ts');
    const source = await readFile(content, 'utf8');
    await writeFile(content, source.replace("collection: 'notes'", "collection: 'zz-nothing'"));
    try {
      await expect(buildCopy()).rejects.toThrow(
        /^tests\/fixtures\/articles\/content\.ts:\d+: shows the newest entries of the collection "zz-nothing", which the site does not have \("news", "case-studies", "notes", "studies"\) \(route \/zz-latest\/\)$/,
      );
    } finally {
      await writeFile(content, source);
    }
  }, 120_000);

  it('npm run build names the entries it left out, and why; its --json report lists them', () => {
    const built = spawnSync(...buildCommand(['--out-dir', 'zz-test-cli-dist']), { cwd: project.root, encoding: 'utf8', timeout: 90_000 });
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toMatch(
      /Left out 1 entry \(1 draft\), which npm run dev shows:\n {2}content\/case-studies\/case-study-format\.md {2}draft: true\n/,
    );
    const json = spawnSync(...buildCommand(['--json', '--out-dir', 'zz-test-cli-dist']), {
      cwd: project.root,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(JSON.parse(json.stdout).left).toEqual([{ file: 'content/case-studies/case-study-format.md', held: { reason: 'draft' } }]);
  }, 180_000);
});

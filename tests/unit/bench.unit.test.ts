import markdownIt from 'markdown-it';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { routes } from '../../pages/routes';
import { ARTICLE_WORDS, PHOTO, raceArticle, TABLE_EVERY } from '../../scripts/bench/corpus';
import { shellOf } from '../../scripts/bench/peers';
import { canMeasureMemory, measureProcess, peakKb } from '../../scripts/bench/process';
import { meetsTarget, summarizeSamples } from '../../scripts/bench/types';
import { photo } from '../../scripts/lib/photos';

describe('npm run bench', () => {
  it('summarises samples and judges targets in the right direction', () => {
    expect(summarizeSamples([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10, runs: 4 });
    expect(meetsTarget({ name: 'score', unit: 'points', samples: [], targetMedian: 100, higherIsBetter: true }, 96)).toBe(false);
    expect(meetsTarget({ name: 'time', unit: 'ms', samples: [], targetMedian: 1000 }, 827)).toBe(true);
  });

  it('never counts a failed run as meeting its target, or as having none', () => {
    expect(meetsTarget({ name: 'time', unit: 'ms', samples: [827], targetMedian: 1000, failed: 'stopped at 300 s' }, 827)).toBe(false);
    expect(meetsTarget({ name: 'memory', unit: 'MB', samples: [120], failed: 'exit 1' }, 120)).toBe(false);
  });
});

describe("the race's articles", () => {
  /** What markdown-it reads in article `index`: its frontmatter, its blocks, its words of prose (code aside) and its links. */
  function read(index: number) {
    const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raceArticle(index)) ?? [];
    const tokens = markdownIt().parse(body, {});
    const inline = tokens.flatMap((token) => token.children ?? []);
    const words = inline
      .filter((token) => token.type === 'text')
      .flatMap((token) => token.content.split(/\s+/))
      .filter((word) => /[\p{L}\p{N}]/u.test(word));
    return {
      frontmatter: parse(front) as { title: string; description: string; date: string },
      blocks: new Set(tokens.map((token) => (token.type === 'fence' ? 'fence' : token.type.replace(/_open$/, '')))),
      words: words.length,
      links: inline.filter((token) => token.type === 'link_open').map((token) => token.attrGet('href') ?? ''),
      images: inline.filter((token) => token.type === 'image').length,
    };
  }
  const indices = Array.from({ length: 60 }, (_, index) => index);

  it('are each 600 to 900 words, with headings, a list, a fenced code block, a blockquote, no image, and every fifth a table', () => {
    for (const index of indices) {
      const article = read(index);
      expect(article.words, `article ${index}`).toBeGreaterThanOrEqual(ARTICLE_WORDS.min);
      expect(article.words, `article ${index}`).toBeLessThanOrEqual(ARTICLE_WORDS.max);
      for (const block of ['heading', 'bullet_list', 'fence', 'blockquote'])
        expect(article.blocks, `article ${index}: ${block}`).toContain(block);
      expect(article.blocks.has('table'), `article ${index}: table`).toBe(index % TABLE_EVERY === 0);
      expect(article.images, `article ${index}`).toBe(0);
    }
  });

  it('links only to pages of the route table, and is dated no later than today, with a title and a description', () => {
    const paths = new Set(routes.map((route) => route.path.replace(/\/?$/, '/')));
    for (const index of indices) {
      const { links, frontmatter } = read(index);
      expect(links.length, `article ${index}`).toBeGreaterThan(0);
      for (const link of links) expect(paths, `article ${index}: ${link}`).toContain(link);
      expect(Date.parse(frontmatter.date)).toBeLessThanOrEqual(Date.now());
      expect(frontmatter.title).toContain(String(index));
      expect(frontmatter.description.length).toBeGreaterThanOrEqual(50);
    }
  });

  it('has a length of its own, so that the race is not one article a thousand times', () => {
    expect(new Set(indices.map((index) => read(index).words)).size).toBeGreaterThan(5);
  });
});

describe("the photo build's photos", () => {
  it('are 2400×1600 JPEGs that weigh what a photo does, not what a flat colour does', async () => {
    const jpeg = await photo(3, PHOTO);
    const info = await sharp(jpeg).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', PHOTO.width, PHOTO.height]);
    // The same size flat: a few kB. A camera's picture of this size: 0.5 to 2 MB.
    const flat = await sharp({ create: { width: PHOTO.width, height: PHOTO.height, channels: 3, background: '#5a7fa0' } })
      .jpeg({ quality: 82 })
      .toBuffer();
    expect(jpeg.byteLength).toBeGreaterThan(20 * flat.byteLength);
    expect(jpeg.byteLength).toBeGreaterThan(400 * 1024);
    expect(Buffer.compare(jpeg, await photo(4, PHOTO))).not.toBe(0);
  });
});

describe('a measured process', () => {
  it("reads GNU time's peak after the line it adds for a failure or a signal", () => {
    expect(peakKb('Command exited with non-zero status 1\n123456\n')).toBe(123456);
    expect(peakKb('Command terminated by signal 9\n5000\n')).toBe(5000);
    expect(peakKb('')).toBeUndefined();
  });

  it('is stopped at its limit and still reports its peak memory, as a failing one does', async () => {
    const hang = await measureProcess(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd: process.cwd(), limitMs: 300 });
    expect(hang.stopped).toBe(true);
    expect(hang.status).toBeNull();
    const fail = await measureProcess(process.execPath, ['-e', 'process.exit(3)'], { cwd: process.cwd() });
    expect([fail.stopped, fail.status]).toEqual([false, 3]);
    for (const run of [hang, fail]) {
      // Without GNU time there is no figure at all, never a wrong one.
      if (canMeasureMemory()) expect(run.rssMb).toBeGreaterThan(0);
      else expect(run.rssMb).toBeUndefined();
    }
  });
});

describe("the peers' templates", () => {
  it('are cut from our page around the content of its main element, and a page without one is named', () => {
    const page =
      '<!DOCTYPE html><html><head><title>A</title></head><body><header>H</header><main id="main" tabindex="-1"><p>Ours</p></main><footer>F</footer></body></html>';
    const shell = shellOf(page, 'articles/note-0/index.html');
    expect(`${shell.start}<p>Theirs</p>${shell.end}`).toBe(page.replace('Ours', 'Theirs'));
    expect(() => shellOf('<body><p>No main</p></body>', 'articles/index.html')).toThrow('articles/index.html');
  });
});

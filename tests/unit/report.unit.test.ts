import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  LARGEST_PAGES_LISTED,
  leftOut,
  listedAssets,
  listedPages,
  PAGES_LISTED_IN_FULL,
} from '../../generator/commands/build';
import type { OutputFile } from '../../generator/writer';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 kB'],
    [23_198, '23.2 kB'],
    [999_949, '999.9 kB'],
    [999_950, '1.0 MB'],
    [49_827_800, '49.8 MB'],
  ])('writes %i bytes as %s', (bytes, written) => {
    expect(formatBytes(bytes)).toBe(written);
  });
});

/** Pages of the given sizes, in the order written, with an asset among them. */
function outputs(sizes: readonly number[]): OutputFile[] {
  return [
    { path: 'assets/main.0123456789.js', bytes: 10_000_000 },
    ...sizes.map((bytes, index) => ({ path: index === 0 ? 'index.html' : `page-${index}/index.html`, bytes })),
  ];
}

describe('listedPages', () => {
  it(`lists every page of a site of up to ${PAGES_LISTED_IN_FULL}, in the order written, and no other file`, () => {
    const files = outputs(Array.from({ length: PAGES_LISTED_IN_FULL }, (_, index) => 1000 + ((index * 7) % 13)));
    expect(listedPages(files).map((file) => file.path)).toEqual(files.slice(1).map((file) => file.path));
  });

  it(`lists only the ${LARGEST_PAGES_LISTED} largest pages of a larger site, in the order written`, () => {
    const sizes = Array.from({ length: PAGES_LISTED_IN_FULL + 1 }, (_, index) => 1000 + index);
    const files = outputs(sizes.reverse());
    // The largest were written first here: pages 0 to 9.
    expect(listedPages(files).map((file) => file.path)).toEqual([
      'index.html',
      ...Array.from({ length: LARGEST_PAGES_LISTED - 1 }, (_, index) => `page-${index + 1}/index.html`),
    ]);
    const shuffled = outputs([5, 900, 7, 800, ...Array.from({ length: PAGES_LISTED_IN_FULL }, () => 1)]);
    expect(
      listedPages(shuffled)
        .slice(0, 4)
        .map((file) => file.bytes),
    ).toEqual([5, 900, 7, 800]);
  });
});

describe('listedAssets', () => {
  /** Files other than pages, of the given sizes, with a page among them. */
  const assets = (sizes: readonly number[]): OutputFile[] => [
    { path: 'index.html', bytes: 10_000_000 },
    ...sizes.map((bytes, index) => ({ path: `assets/images/image-${index}.png`, bytes })),
  ];

  it(`lists every other file of a site of up to ${PAGES_LISTED_IN_FULL}, and no page`, () => {
    const files = assets(Array.from({ length: PAGES_LISTED_IN_FULL }, (_, index) => 1000 + index));
    expect(listedAssets(files).map((file) => file.path)).toEqual(files.slice(1).map((file) => file.path));
  });

  it(`lists only the ${LARGEST_PAGES_LISTED} largest of a site with more, as the pages`, () => {
    const sizes = Array.from({ length: PAGES_LISTED_IN_FULL * 20 }, (_, index) => (index * 7919) % 10_007);
    const largest = [...sizes].sort((a, b) => b - a).slice(0, LARGEST_PAGES_LISTED);
    expect(
      listedAssets(assets(sizes))
        .map((file) => file.bytes)
        .sort((a, b) => b - a),
    ).toEqual(largest);
  });
});

describe('leftOut', () => {
  it('says nothing when the build published every entry', () => {
    expect(leftOut([])).toEqual([]);
  });

  it('counts the entries left out by reason, then names each with its file and why', () => {
    expect(
      leftOut([
        { file: 'content/news/a.md', held: { reason: 'draft' } },
        { file: 'content/news/scheduled.md', held: { reason: 'scheduled', date: '2026-12-05' } },
        { file: 'content/news/b.md', held: { reason: 'draft' } },
        { file: 'content/case-studies/old.md', held: { reason: 'expired', date: '2026-10-01' } },
      ]),
    ).toEqual([
      'Left out 4 entries (2 drafts, 1 scheduled, 1 expired), which npm run dev shows:',
      '  content/news/a.md            draft: true',
      '  content/news/scheduled.md    scheduled for 2026-12-05',
      '  content/news/b.md            draft: true',
      '  content/case-studies/old.md  expired on 2026-10-01',
    ]);
  });

  it('names the first ten of many, and counts the rest', () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ file: `content/news/${index}.md`, held: { reason: 'draft' as const } }));
    const lines = leftOut(many);
    expect(lines[0]).toBe('Left out 12 entries (12 drafts), which npm run dev shows:');
    expect(lines.slice(1, -1)).toHaveLength(10);
    expect(lines.at(-1)).toBe('  … and 2 more');
  });
});

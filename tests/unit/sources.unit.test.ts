import { describe, expect, it } from 'vitest';
import { matches, sourcesOf, sourcesUnder, watchedRoots } from '../../generator/sources';

describe('the sources a file belongs to', () => {
  it('are found by its path: site code, stylesheets, behaviours, public files', () => {
    expect(sourcesOf('site.config.ts')).toEqual(['site']);
    expect(sourcesOf('pages/about-us/content.ts')).toEqual(['site']);
    expect(sourcesOf('components/Hero/Hero.tsx')).toEqual(['site']);
    expect(sourcesOf('components/Header/header.client.ts')).toEqual(['client']);
    expect(sourcesOf('components/Hero/_hero.scss')).toEqual(['styles']);
    expect(sourcesOf('styles/settings/_colors.scss')).toEqual(['styles']);
    expect(sourcesOf('client/main.ts')).toEqual(['client']);
    expect(sourcesOf('public/docs/brochure.pdf')).toEqual(['public']);
    expect(sourcesOf('README.md')).toEqual([]);
    expect(sourcesOf('components/Hero/notes.md')).toEqual([]);
  });

  it('name the folders the dev server watches, and the sources under each', () => {
    expect(watchedRoots().sort()).toEqual(['client', 'components', 'pages', 'public', 'site.config.ts', 'styles']);
    expect(sourcesUnder('components').sort()).toEqual(['client', 'site', 'styles']);
    expect(sourcesUnder('public')).toEqual(['public']);
  });
});

describe('a pattern', () => {
  it('reads ** across folders, * and ? within one, {a,b} and [...] as either', () => {
    expect(matches(['pages/**/*.{ts,tsx}'], 'pages/a/b/c.tsx')).toBe(true);
    expect(matches(['pages/*.ts'], 'pages/a/b.ts')).toBe(false);
    // The hand-written matcher read "?" and "[...]" as the characters themselves.
    expect(matches(['pages/?/content.ts'], 'pages/a/content.ts')).toBe(true);
    expect(matches(['pages/?/content.ts'], 'pages/ab/content.ts')).toBe(false);
    expect(matches(['pages/?/content.ts'], 'pages/?/content.ts')).toBe(true);
    expect(matches(['styles/_[ab].scss'], 'styles/_b.scss')).toBe(true);
    expect(matches(['styles/_[ab].scss'], 'styles/_c.scss')).toBe(false);
  });

  it('with a leading ! excludes what an earlier one took in', () => {
    expect(matches(['components/**/*.ts', '!**/*.client.ts'], 'components/Header/header.client.ts')).toBe(false);
    expect(matches(['components/**/*.ts', '!**/*.client.ts'], 'components/Header/Header.ts')).toBe(true);
    expect(matches(['!**/*.client.ts', 'components/**/*.ts'], 'components/Header/header.client.ts')).toBe(true);
  });
});

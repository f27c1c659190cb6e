import { describe, expect, it } from 'vitest';
import { BuildError } from '../../generator/context';
import { absoluteUrl, canonicalPath, siteUrl } from '../../generator/urls';
import { site } from '../../site.config';

describe('canonicalPath', () => {
  it('keeps the root and gives every other route one trailing slash', () => {
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/about-us')).toBe('/about-us/');
    expect(canonicalPath('/about-us/')).toBe('/about-us/');
    expect(canonicalPath('/a/b')).toBe('/a/b/');
  });
});

describe('siteUrl', () => {
  const noEnv = {};

  it('falls back to url in site.config.ts, as a bare origin', () => {
    expect(siteUrl({ site }, noEnv)).toBe(new URL(site.url).origin);
    expect(siteUrl({ site: { ...site, url: 'https://example.com/' } }, noEnv)).toBe('https://example.com');
  });

  it('is overridden by SITE_URL, and the build option overrides both', () => {
    const env = { SITE_URL: 'https://staging.example.com' };
    expect(siteUrl({ site }, env)).toBe('https://staging.example.com');
    expect(siteUrl({ site, siteUrl: 'http://localhost:8080/' }, env)).toBe('http://localhost:8080');
  });

  it('refuses what is not a bare http(s) origin, naming where it came from', () => {
    expect(() => siteUrl({ site }, { SITE_URL: 'www.example.com' })).toThrow(BuildError);
    expect(() => siteUrl({ site }, { SITE_URL: 'www.example.com' })).toThrow(/SITE_URL environment variable/);
    expect(() => siteUrl({ site, siteUrl: 'https://example.com/blog' }, noEnv)).toThrow(/without a path/);
    expect(() => siteUrl({ site: { ...site, url: 'ftp://example.com' } }, noEnv)).toThrow(/site\.config\.ts/);
  });
});

describe('absoluteUrl', () => {
  it('joins an origin and a path', () => {
    expect(absoluteUrl('https://example.com', '/about-us/')).toBe('https://example.com/about-us/');
    expect(absoluteUrl('https://example.com', 'sitemap.xml')).toBe('https://example.com/sitemap.xml');
  });
});

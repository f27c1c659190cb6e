import { describe, expect, it } from 'vitest';
import { BuildError } from '../../generator/failure';
import { absoluteUrl, canonicalPath, checkBase, publicPath, routeUrl, siteAddress, sitePathOf } from '../../generator/urls';
import { site } from '../../site.config';

describe('canonicalPath', () => {
  it('keeps the root and gives every other route one trailing slash', () => {
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/about-us')).toBe('/about-us/');
    expect(canonicalPath('/about-us/')).toBe('/about-us/');
    expect(canonicalPath('/a/b')).toBe('/a/b/');
  });
});

describe('siteAddress', () => {
  const noEnv = {};

  it('falls back to url in site.config.ts, as a bare origin at the root', () => {
    expect(siteAddress({ site }, noEnv)).toEqual({ origin: new URL(site.url).origin, base: '/' });
    expect(siteAddress({ site: { ...site, url: 'https://example.com/' } }, noEnv)).toEqual({ origin: 'https://example.com', base: '/' });
  });

  it('is overridden by SITE_URL, and the build option overrides both', () => {
    const env = { SITE_URL: 'https://staging.example.com' };
    expect(siteAddress({ site }, env).origin).toBe('https://staging.example.com');
    expect(siteAddress({ site, siteUrl: 'http://localhost:8080/' }, env).origin).toBe('http://localhost:8080');
  });

  it('takes the folder the site lives in from the site URL, from --base, or from both when they agree', () => {
    expect(siteAddress({ site, siteUrl: 'https://example.com/site/' }, noEnv)).toEqual({ origin: 'https://example.com', base: '/site/' });
    expect(siteAddress({ site }, { SITE_URL: 'https://example.com/preview/pr-42/' }).base).toBe('/preview/pr-42/');
    expect(siteAddress({ site: { ...site, url: 'https://example.com/docs/' } }, noEnv).base).toBe('/docs/');
    expect(siteAddress({ site, base: '/site/' }, noEnv)).toEqual({ origin: new URL(site.url).origin, base: '/site/' });
    expect(siteAddress({ site, siteUrl: 'https://example.com/site/', base: '/site/' }, noEnv).base).toBe('/site/');
    expect(() => siteAddress({ site, siteUrl: 'https://example.com/site/', base: '/other/' }, noEnv)).toThrow(
      'The base path /other/ (from --base) and the path /site/ of the site URL "https://example.com/site/" (from the --site-url option) disagree: give the folder once, or the same in both.',
    );
  });

  it('refuses what is not an http(s) origin or a folder of one, naming where it came from', () => {
    expect(() => siteAddress({ site }, { SITE_URL: 'www.example.com' })).toThrow(BuildError);
    expect(() => siteAddress({ site }, { SITE_URL: 'www.example.com' })).toThrow(/SITE_URL environment variable/);
    expect(() => siteAddress({ site, siteUrl: 'https://example.com/blog' }, noEnv)).toThrow(
      'The site URL "https://example.com/blog" (from the --site-url option) names a folder without its closing "/": write https://example.com/blog/ for a site that lives in that folder.',
    );
    expect(() => siteAddress({ site, siteUrl: 'https://example.com/?x=1' }, noEnv)).toThrow(/without a query or fragment/);
    expect(() => siteAddress({ site, siteUrl: 'https://example.com/#top' }, noEnv)).toThrow(/without a query or fragment/);
    expect(() => siteAddress({ site: { ...site, url: 'ftp://example.com' } }, noEnv)).toThrow(/site\.config\.ts/);
    expect(() => siteAddress({ site, siteUrl: 'https://example.com/a%20b/' }, noEnv)).toThrow(
      'The base path "/a%20b/" (from the path of the site URL "https://example.com/a%20b/" (from the --site-url option)) may hold only folder names of letters, digits and - . _ ~, such as "/preview/pr-42/".',
    );
  });
});

describe('checkBase', () => {
  it('takes a folder path that starts and ends with a slash', () => {
    for (const base of ['/', '/site/', '/preview/pr-42/', '/v1.2/', '/A_b~c/']) expect(checkBase(base, '--base'), base).toBe(base);
  });

  it('refuses a path without its slashes, a query or fragment, and names that would need encoding or mean a parent', () => {
    expect(() => checkBase('site', 'the --base option')).toThrow(
      'The base path "site" (from the --base option) must start and end with "/", such as "/site/".',
    );
    expect(() => checkBase('/site', 'the --base option')).toThrow(/must start and end with "\/"/);
    expect(() => checkBase('site/', 'the --base option')).toThrow(/must start and end with "\/"/);
    expect(() => checkBase('/site/?x=1', 'the --base option')).toThrow(
      'The base path "/site/?x=1" (from the --base option) must be a path alone, without a query or fragment, such as "/site/".',
    );
    expect(() => checkBase('/site/#top', 'the --base option')).toThrow(/without a query or fragment/);
    for (const base of ['//', '/a//b/', '/../', '/./', '/a b/', '/é/', '/a$b/', '/a;b/']) {
      expect(() => checkBase(base, 'the --base option'), base).toThrow(/may hold only folder names of letters, digits and - \. _ ~/);
    }
  });
});

describe('the public URL of a path of the site', () => {
  it('is the path itself at the root, and under the base path otherwise', () => {
    expect(publicPath('/', '/about-us/')).toBe('/about-us/');
    expect(publicPath('/', '/')).toBe('/');
    expect(publicPath('/site/', '/')).toBe('/site/');
    expect(publicPath('/site/', '/about-us/')).toBe('/site/about-us/');
    expect(publicPath('/preview/pr-42/', '/assets/main.0123456789.js')).toBe('/preview/pr-42/assets/main.0123456789.js');
  });

  it('of a route is its canonical path under the base', () => {
    expect(routeUrl('/', '/')).toBe('/');
    expect(routeUrl('/', '/about-us')).toBe('/about-us/');
    expect(routeUrl('/site/', '/')).toBe('/site/');
    expect(routeUrl('/site/', '/about-us')).toBe('/site/about-us/');
  });

  it('maps back to the path of the site, and to nothing outside the base', () => {
    for (const base of ['/', '/site/', '/a/b/']) {
      for (const sitePath of ['/', '/about-us/', '/assets/x.css']) expect(sitePathOf(base, publicPath(base, sitePath))).toBe(sitePath);
    }
    expect(sitePathOf('/site/', '/about-us/')).toBeUndefined();
    expect(sitePathOf('/site/', '/site')).toBeUndefined();
    expect(sitePathOf('/site/', '/sites/')).toBeUndefined();
  });
});

describe('absoluteUrl', () => {
  it('joins an origin and a path', () => {
    expect(absoluteUrl('https://example.com', '/about-us/')).toBe('https://example.com/about-us/');
    expect(absoluteUrl('https://example.com', 'sitemap.xml')).toBe('https://example.com/sitemap.xml');
    expect(absoluteUrl('https://example.com', routeUrl('/site/', '/about-us'))).toBe('https://example.com/site/about-us/');
  });
});

/**
 * The redirect table's rules, checked against the route table: each entry it refuses, and the
 * message naming it. The build tests (redirects.build.test.ts) run them through `npm run build`.
 */
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../generator/failure';
import type { RedirectInfo, RouteInfo } from '../../generator/render/protocol';
import { checkRedirects } from '../../generator/steps/routes';
import { routes } from '../../pages/routes';

describe('checkRedirects', () => {
  const table = 'pages/routes.ts';
  const routeInfo: RouteInfo[] = routes.map(({ path: routePath, title, description }) => ({ path: routePath, title, description }));
  /** The check over the route table, of entries written as loosely as a table could hold them. */
  const check = (entries: { from?: string; to?: string; status?: number }[]) =>
    checkRedirects(
      entries.map((entry) => ({ from: '/old', to: '/about-us', status: 301, ...entry }) as RedirectInfo),
      routeInfo,
      table,
    );

  it('takes targets in either form, and gives back the form of the table', () => {
    expect(
      check([
        { from: '/old', to: '/about-us/' },
        { from: '/home', to: '/', status: 302 },
      ]),
    ).toEqual([
      { from: '/old', to: '/about-us', status: 301 },
      { from: '/home', to: '/', status: 302 },
    ]);
  });

  it.each([
    [
      { from: '/about-us' },
      'Redirect "/about-us" → "/about-us" in pages/routes.ts has a source that is the route "/about-us": a redirect would hide that page. Remove the redirect, or the route.',
    ],
    [
      { from: '/About-Us/', to: '/' },
      'Redirect "/About-Us/" → "/" in pages/routes.ts has a source that is not a lower-case path such as "/about" (not "/", no trailing slash, no spaces).',
    ],
    [
      { from: '/', to: '/about-us' },
      'Redirect "/" → "/about-us" in pages/routes.ts has a source that is not a lower-case path such as "/about" (not "/", no trailing slash, no spaces).',
    ],
    [
      { from: '/assets/old' },
      'Redirect "/assets/old" → "/about-us" in pages/routes.ts has a source that lies in /assets/, which the build reserves (/assets/, /deploy/); choose another path.',
    ],
    [
      { to: '/abuot-us' },
      `Redirect "/old" → "/abuot-us" in pages/routes.ts leads to no route: its target must be a path of the route table (${routes.map((route) => `"${route.path}"`).join(', ')}).`,
    ],
    [
      { to: '/About-Us' },
      'Redirect "/old" → "/About-Us" in pages/routes.ts leads to no route: its target must be a path of the route table, such as "/about-us" (paths are lower case).',
    ],
    [{ to: 'https://example.com/' }, 'Redirect "/old" → "https://example.com/" in pages/routes.ts leads to no route'],
    [
      { status: 307 },
      'Redirect "/old" → "/about-us" in pages/routes.ts has the status 307: use 301 (permanent, the default) or 302 (temporary).',
    ],
  ])('refuses %j, naming the entry', (entry, message) => {
    expect(() => check([entry])).toThrow(BuildError);
    expect(() => check([entry])).toThrow(message);
  });

  it('refuses a source given twice, a loop and a chain, naming the entry', () => {
    expect(() => check([{ from: '/old' }, { from: '/old', to: '/' }])).toThrow(
      'Redirect "/old" → "/" in pages/routes.ts has the same source as the redirect "/old" → …: give each source once.',
    );
    expect(() =>
      check([
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a' },
      ]),
    ).toThrow('Redirect "/a" → "/b" in pages/routes.ts is part of a loop: "/a" → "/b" → "/a". Each redirect must lead to a route.');
    expect(() => check([{ from: '/a', to: '/a/' }])).toThrow('Redirect "/a" → "/a/" in pages/routes.ts is part of a loop: "/a" → "/a".');
    expect(() =>
      check([
        { from: '/old', to: '/about' },
        { from: '/about', to: '/about-us' },
      ]),
    ).toThrow(
      'Redirect "/old" → "/about" in pages/routes.ts leads to another redirect ("/about" → "/about-us"): point it straight at "/about-us", so that visitors take one step, not two.',
    );
  });
});

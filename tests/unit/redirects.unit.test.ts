/**
 * The redirect table's rules, checked against the route table: each entry it refuses, and the
 * message naming it. The build tests (redirects.build.test.ts) run them through `npm run build`.
 */
import { describe, expect, it } from 'vitest';
import { type AnyPages, describeSite } from '../../generator/render/model';
import type { Redirect } from '../../generator/site';
import { routes } from '../../pages/routes';
import pages from '../../pages/site';
import { projectRoot as root } from '../../scripts/lib/project';

describe('the redirects', () => {
  const table = 'pages/routes.ts';
  /** The site's model with these redirects, written as loosely as a table could hold them: its redirects, or the message it fails with. */
  const model = async (entries: { from?: string; to?: string; status?: number }[]) => {
    const redirects = entries.map((entry) => ({ from: '/old', to: '/about-us', ...entry }) as Redirect);
    const loaded = await describeSite({ ...pages, redirects } as unknown as AnyPages, { root, mode: 'production', now: Date.now() }, table);
    return loaded.redirects;
  };
  /** The problem a redirect has, as its line says it (the file: this copy of the table is exported by no module). */
  const check = async (entries: { from?: string; to?: string; status?: number }[]) =>
    model(entries).catch((error: Error) => error.message.replace(/^pages\/routes\.ts: /, '').replace(/ \(route [^)]+\)$/, ''));

  it('takes targets in either form, and gives back the form of the table', async () => {
    expect(
      await check([
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
      'redirect "/about-us" → "/about-us" has a source that is the route "/about-us": a redirect would hide that page. Remove the redirect, or the route.',
    ],
    [{ from: '/About-Us/', to: '/' }, 'redirects[0].from is not a lower-case path such as "/about-us" (no trailing slash, no spaces)'],
    [{ from: '/', to: '/about-us' }, 'redirects[0].from is "/", the landing page: a redirect would hide it'],
    [{ from: '/assets/old' }, 'redirects[0].from lies in a folder the build reserves (/assets/, /deploy/): choose another path'],
    [
      { to: '/abuot-us' },
      `redirect "/old" → "/abuot-us" leads to no route: its target must be a path of the route table (${routes.map((route) => `"${route.path}"`).join(', ')}). A redirect to a renamed page moves with it.`,
    ],
    [
      { to: '/About-Us' },
      'redirect "/old" → "/About-Us" leads to no route: its target must be a path of the route table, such as "/about-us" (paths are lower case).',
    ],
    [{ to: 'https://example.com/' }, 'redirects[0].to is not a path of the route table such as "/about-us"'],
    [{ status: 307 }, 'redirects[0].status 307 is not a status a redirect has: use 301 (permanent, the default) or 302 (temporary)'],
  ])('refuses %j, naming the entry', async (entry, message) => {
    expect(await check([entry])).toContain(message);
  });

  it('refuses a source given twice, a loop and a chain, naming the entry', async () => {
    expect(await check([{ from: '/old' }, { from: '/old', to: '/' }])).toContain(
      'redirect "/old" → "/" has the same source as the redirect "/old" → …: give each source once.',
    );
    expect(
      await check([
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a' },
      ]),
    ).toContain('redirect "/a" → "/b" is part of a loop: "/a" → "/b" → "/a". Each redirect must lead to a route.');
    expect(await check([{ from: '/a', to: '/a/' }])).toContain('redirect "/a" → "/a" is part of a loop: "/a" → "/a".');
    expect(
      await check([
        { from: '/old', to: '/about' },
        { from: '/about', to: '/about-us' },
      ]),
    ).toContain(
      'redirect "/old" → "/about" leads to another redirect ("/about" → "/about-us"): point it straight at "/about-us", so that visitors take one step, not two.',
    );
  });
});

import path from 'node:path';
import { BuildError } from '../failure';
import { ASSETS_DIR, DEPLOY_DIR } from '../hosting/policy';
import type { BuildOptions } from '../options';
import type { RedirectInfo, RouteInfo, SiteDescription } from '../render/protocol';
import { type SiteAddress, siteAddress } from '../urls';
import type { RenderPool } from '../workers';

const PATH_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/** A page under /assets/ would be cached for a year like a hashed file; hosts refuse to serve /deploy/. */
const RESERVED = [ASSETS_DIR, DEPLOY_DIR];

/** The route table, checked, and where the site lives. */
export interface Site extends SiteDescription {
  address: SiteAddress;
}

/**
 * The route table and site configuration, from a render worker, which checks every page's content
 * first; then the table, the redirects and the site URL are checked, so that a mistake in any of
 * them stops the build before it writes anything.
 */
export async function loadSite(pool: RenderPool, options: Pick<BuildOptions, 'root' | 'routesModule' | 'siteUrl' | 'base'>): Promise<Site> {
  const table = path.relative(options.root, options.routesModule).split(path.sep).join('/');
  const described = await pool.describe(table);
  checkPaths(described.routes, table);
  const redirects = checkRedirects(described.redirects, described.routes, table);
  const address = siteAddress({ siteUrl: options.siteUrl, base: options.base, site: described.site });
  return { ...described, redirects, address };
}

/**
 * Lower-case slugs without a trailing slash, none in a reserved folder, no two that differ only in
 * case: static hosts would serve both, and browsers matching case-insensitively could not tell them apart.
 */
function checkPaths(routes: readonly RouteInfo[], table: string): void {
  const seen = new Map<string, string>();
  for (const route of routes) {
    const key = route.path.toLowerCase();
    const twin = seen.get(key);
    if (twin !== undefined) {
      const problem =
        twin === route.path
          ? `Route "${route.path}" appears twice in ${table}.`
          : `Routes "${twin}" and "${route.path}" in ${table} differ only in case; paths match case-insensitively, so they would be the same page.`;
      throw new BuildError(problem, { route: route.path, file: table });
    }
    if (!PATH_PATTERN.test(route.path)) {
      throw new BuildError(
        `Route "${route.path}" in ${table} is not a lower-case path such as "/about-us" (no trailing slash, no spaces).`,
        { route: route.path, file: table },
      );
    }
    const reserved = reservedFolder(route.path);
    if (reserved) throw new BuildError(`Route "${route.path}" in ${table} ${reserved}`, { route: route.path, file: table });
    seen.set(key, route.path);
  }
}

/** Why a path may not be used; undefined when it may. */
function reservedFolder(urlPath: string): string | undefined {
  const folder = urlPath.split('/')[1] ?? '';
  if (!RESERVED.includes(folder)) return undefined;
  return `lies in /${folder}/, which the build reserves (${RESERVED.map((name) => `/${name}/`).join(', ')}); choose another path.`;
}

/**
 * Returns the redirects with each target in the table's form ("/about-us/" becomes "/about-us").
 * A source that is a route would hide the page; a redirect to another costs visitors a round trip
 * a step, and may loop.
 */
export function checkRedirects(redirects: readonly RedirectInfo[], routes: readonly RouteInfo[], table: string): RedirectInfo[] {
  const routesByKey = new Map(routes.map((route) => [route.path.toLowerCase(), route.path]));
  const sources = new Map<string, string>();
  const fail = (redirect: RedirectInfo, problem: string): never => {
    throw new BuildError(`Redirect "${redirect.from}" → "${redirect.to}" in ${table} ${problem}`, { route: redirect.from, file: table });
  };
  for (const redirect of redirects) {
    const { from } = redirect;
    if (from === '/' || !PATH_PATTERN.test(from)) {
      fail(redirect, 'has a source that is not a lower-case path such as "/about" (not "/", no trailing slash, no spaces).');
    }
    const reserved = reservedFolder(from);
    if (reserved) fail(redirect, `has a source that ${reserved}`);
    const route = routesByKey.get(from.toLowerCase());
    if (route !== undefined) {
      fail(redirect, `has a source that is the route "${route}": a redirect would hide that page. Remove the redirect, or the route.`);
    }
    const twin = sources.get(from.toLowerCase());
    if (twin !== undefined) fail(redirect, `has the same source as the redirect "${twin}" → …: give each source once.`);
    if (redirect.status !== 301 && redirect.status !== 302) {
      fail(redirect, `has the status ${String(redirect.status)}: use 301 (permanent, the default) or 302 (temporary).`);
    }
    sources.set(from.toLowerCase(), from);
  }
  const targetOf = new Map<string, string>(redirects.map((redirect) => [redirect.from, tablePath(redirect.to)]));
  return redirects.map((redirect) => {
    const to = tablePath(redirect.to);
    if (targetOf.has(to)) {
      const steps: string[] = [redirect.from];
      let end: string | undefined = to;
      while (end !== undefined && targetOf.has(end)) {
        if (steps.includes(end)) {
          fail(
            redirect,
            `is part of a loop: ${[...steps, end].map((step) => `"${step}"`).join(' → ')}. Each redirect must lead to a route.`,
          );
        }
        steps.push(end);
        end = targetOf.get(end);
      }
      const route = routes.find((candidate) => candidate.path === end);
      fail(
        redirect,
        `leads to another redirect ("${to}" → "${targetOf.get(to)}"): point it ${route ? `straight at "${route.path}"` : 'at a route'}, so that visitors take one step, not two.`,
      );
    }
    if (!routes.some((route) => route.path === to)) {
      const near = routesByKey.get(to.toLowerCase());
      fail(
        redirect,
        `leads to no route: its target must be a path of the route table${near ? `, such as "${near}" (paths are lower case)` : ` (${routes.map((route) => `"${route.path}"`).join(', ')})`}.`,
      );
    }
    return { ...redirect, to };
  });
}

/** "/about-us/" → "/about-us"; "/" stays. */
function tablePath(urlPath: `/${string}`): `/${string}` {
  return (urlPath.replace(/\/+$/, '') || '/') as `/${string}`;
}

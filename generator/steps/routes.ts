import path from 'node:path';
import { type BuildContext, BuildError } from '../context';
import { ASSETS_DIR, DEPLOY_DIR } from '../hosting/policy';

const PATH_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/**
 * Folders the build owns: a page under /assets/ would be cached for a year like a hashed file,
 * and /deploy/ holds host configuration that hosts refuse to serve.
 */
const RESERVED = [ASSETS_DIR, DEPLOY_DIR];

/**
 * Reads the route table and the site configuration, through a render worker (the main thread
 * never loads the site's code), which first checks every page's content against the content
 * model (render/content-check.ts), and checks the table before anything is rendered: paths are lower-case slugs without a
 * trailing slash, no two differ only in case (static hosts would serve both, browsers
 * following the spec's case-insensitive matching could not tell them apart), and none lies in
 * a folder the build reserves.
 */
export async function checkRoutes(ctx: BuildContext): Promise<void> {
  const table = path.relative(ctx.options.root, ctx.options.routesModule).split(path.sep).join('/');
  ctx.site = await ctx.pool.describe(table);
  ctx.inline = ctx.site.inline;
  const seen = new Map<string, string>();
  for (const route of ctx.site.routes) {
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
    const folder = route.path.split('/')[1] ?? '';
    if (RESERVED.includes(folder)) {
      throw new BuildError(
        `Route "${route.path}" in ${table} lies in /${folder}/, which the build reserves (${RESERVED.map((name) => `/${name}/`).join(', ')}); choose another path.`,
        { route: route.path, file: table },
      );
    }
    seen.set(key, route.path);
  }
}

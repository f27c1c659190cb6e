import { BuildError, type BuildContext } from '../context';
import { ASSETS_DIR, DEPLOY_DIR } from '../hosting/policy';

const PATH_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/**
 * Folders the build owns: a page under /assets/ would be cached for a year like a hashed file,
 * and /deploy/ holds host configuration that hosts refuse to serve.
 */
const RESERVED = [ASSETS_DIR, DEPLOY_DIR];

/**
 * Checks the route table before anything is rendered: paths are lower-case slugs without a
 * trailing slash, no two differ only in case (static hosts would serve both, browsers
 * following the spec's case-insensitive matching could not tell them apart), and none lies in
 * a folder the build reserves.
 */
export async function checkRoutes(ctx: BuildContext): Promise<void> {
  const seen = new Map<string, string>();
  for (const route of ctx.options.routes) {
    const key = route.path.toLowerCase();
    const twin = seen.get(key);
    if (twin !== undefined) {
      const problem =
        twin === route.path
          ? `Route "${route.path}" appears twice in pages/routes.ts.`
          : `Routes "${twin}" and "${route.path}" in pages/routes.ts differ only in case; paths match case-insensitively, so they would be the same page.`;
      throw new BuildError(problem, { route: route.path, file: 'pages/routes.ts' });
    }
    if (!PATH_PATTERN.test(route.path)) {
      throw new BuildError(
        `Route "${route.path}" in pages/routes.ts is not a lower-case path such as "/about-us" (no trailing slash, no spaces).`,
        { route: route.path, file: 'pages/routes.ts' },
      );
    }
    const folder = route.path.split('/')[1] ?? '';
    if (RESERVED.includes(folder)) {
      throw new BuildError(
        `Route "${route.path}" in pages/routes.ts lies in /${folder}/, which the build reserves (${RESERVED.map((name) => `/${name}/`).join(', ')}); choose another path.`,
        { route: route.path, file: 'pages/routes.ts' },
      );
    }
    seen.set(key, route.path);
  }
}

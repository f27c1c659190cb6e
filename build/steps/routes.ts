import { BuildError, type BuildContext } from '../context';

const PATH_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/**
 * Checks the route table before anything is rendered: paths are lower-case slugs without a
 * trailing slash, and no two differ only in case (static hosts would serve both, browsers
 * following the spec's case-insensitive matching could not tell them apart).
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
    seen.set(key, route.path);
  }
}

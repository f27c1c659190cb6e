import type { BuildContext } from '../context';
import { BuildError } from '../failure';
import { contentSecurityPolicy } from '../hosting/policy';
import { hostedSite, redirectPage } from '../hosting/redirects';
import { writeOutput } from '../output';
import { absoluteUrl, addressOf, routeFile, siteOf } from '../urls';

/**
 * Writes the page at each redirect's source (`about/index.html`): what a bare file server serves
 * there, and what sends the browser on wherever a host's own redirect is not set up. The hosts'
 * real redirects come from the same table (the hosting step).
 */
export async function redirectPages(ctx: BuildContext): Promise<void> {
  const { origin, base } = addressOf(ctx);
  const { routes, redirects } = siteOf(ctx);
  const csp = contentSecurityPolicy(ctx.inline, { for: 'meta' });
  const favicon = ctx.brand?.favicon ?? '';
  const rules = hostedSite(base, redirects).redirects;
  for (const [index, redirect] of redirects.entries()) {
    const rule = rules[index];
    const target = routes.find((route) => route.path === redirect.to);
    if (!rule || !target) throw new BuildError(`Redirect "${redirect.from}" leads to no route, which the routes step should have refused.`);
    const output = await writeOutput(
      ctx,
      routeFile(redirect.from),
      redirectPage({ rule, title: target.title, canonicalUrl: absoluteUrl(origin, rule.to), csp, favicon }),
    );
    output.redirectsTo = rule.to;
  }
}

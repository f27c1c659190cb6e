import { BuildError } from '../failure';
import { hostedSite, redirectPage } from '../hosting/redirects';
import { absoluteUrl, routeFile } from '../urls';
import type { Writer } from '../writer';
import type { Site } from './routes';

/** The page at each redirect's source: what a bare file server serves there, where no host redirect is set up. */
export async function writeRedirectPages({ routes, redirects, address }: Site, csp: string, favicon: string, out: Writer): Promise<void> {
  const rules = hostedSite(address.base, redirects).redirects;
  for (const [index, redirect] of redirects.entries()) {
    const rule = rules[index];
    const target = routes.find((route) => route.path === redirect.to);
    if (!rule || !target) throw new BuildError(`Redirect "${redirect.from}" leads to no route, which the routes step should have refused.`);
    const canonicalUrl = absoluteUrl(address.origin, rule.to);
    const output = await out.write(routeFile(redirect.from), redirectPage({ rule, title: target.title, canonicalUrl, csp, favicon }));
    output.redirectsTo = rule.to;
  }
}

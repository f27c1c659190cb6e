import { hostedSite, redirectPage } from '../hosting/redirects';
import { absoluteUrl, routeFile } from '../urls';
import { defineOutput } from './output';

/** What a bare file server serves at each redirect's source: a page that moves the reader on. */
export const redirectPages = defineOutput({
  files: ({ redirects, pages, address, site, csp, favicon }) => {
    const hosted = hostedSite(address.base, redirects);
    return redirects.flatMap((redirect, index) => {
      const rule = hosted.redirects[index];
      const target = pages.find((page) => page.path === redirect.to);
      if (!rule || !target) return [];
      const canonicalUrl = absoluteUrl(address.origin, rule.to);
      const html = redirectPage({ rule, title: target.title, canonicalUrl, csp, favicon, lang: site.lang });
      return [{ path: routeFile(redirect.from), contents: html, redirectsTo: rule.to }];
    });
  },
});

import { absoluteUrl, publicPath } from '../urls';
import { defineOutput } from './output';

/** Under a base path crawlers read robots.txt only at the origin's root: its Sitemap line is what to copy into that one. */
export const robots = defineOutput({
  files: ({ address: { origin, base } }) => [
    { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(origin, publicPath(base, '/sitemap.xml'))}\n` },
  ],
});

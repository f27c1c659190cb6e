/** The site's outputs (outputs/): the sitemap, robots.txt, the feeds, the redirects' pages, and any a site adds. */
import { withText } from '../render/entry-text';
import { brand } from './brand';
import { config } from './config';
import { images } from './images';
import { imageFinder, pages } from './pages';
import { policy } from './policy';
import { site } from './site';
import { defineStep } from './step';

export const outputs = defineStep({
  name: 'outputs',
  // The pages for their turn, not their data: the workers render every page first, then the feeds' bodies while the main
  // thread cuts the font and writes, where before the feeds held up the first pages.
  needs: { config, site, policy, brand, images, pages },
  run: async ({ config, site, policy, brand, images }, { build }) => {
    const { described } = site;
    // The entries the feeds carry, with their bodies, which the worker renders: no more than each feed's length.
    const inFeeds = new Set(described.feeds.flatMap((feed) => feed.entries.map((entry) => entry.path)));
    const bodies = Object.entries(described.collections).flatMap(([collection, { entries }]) =>
      entries.flatMap((entry) => (inFeeds.has(entry.path) ? [{ collection, entry: withText(build.options.root, entry) }] : [])),
    );
    const shown = bodies.map(({ entry }) => entry);
    const request = {
      site: { name: config.site.name, lang: config.site.lang },
      address: config.address,
      pages: described.pages,
      feeds: described.feeds,
      redirects: described.redirects,
      csp: policy.meta,
      favicon: brand.assets.favicon,
      bodies,
      images: imageFinder(described, images.images)(shown, []),
    };
    const made = await build.renderer.ask('outputs', request, "making the site's outputs");
    return {
      files: made.flatMap(({ name, files }) =>
        files.map((file) => build.writer.write(file.path, file.contents, `the ${name} output`, file.redirectsTo)),
      ),
    };
  },
});

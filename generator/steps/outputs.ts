/** The site's outputs (outputs/): the sitemap, robots.txt, the feeds, the redirects' pages, and any a site adds. */
import { brand } from './brand';
import { config } from './config';
import { policy } from './policy';
import { site } from './site';
import { defineStep } from './step';

export const outputs = defineStep({
  name: 'outputs',
  needs: { config, site, policy, brand },
  run: async ({ config, site, policy, brand }, { build }) => {
    const { described } = site;
    const made = await build.renderer.ask(
      'outputs',
      {
        site: { name: config.site.name, lang: config.site.lang },
        address: config.address,
        pages: described.pages,
        feeds: described.feeds,
        redirects: described.redirects,
        csp: policy.meta,
        favicon: brand.assets.favicon,
      },
      "making the site's outputs",
    );
    return {
      files: made.flatMap(({ name, files }) =>
        files.map((file) => build.writer.write(file.path, file.contents, `the ${name} output`, file.redirectsTo)),
      ),
    };
  },
});

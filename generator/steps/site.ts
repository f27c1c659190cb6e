/** The site as the render service describes it: its pages, redirects, feeds and entries, every problem named with its file and line. */
import { entryKey } from '../cache.mjs';
import { hostedSite } from '../hosting/redirects';
import { siteCode } from './bundle';
import { config } from './config';
import { defineStep } from './step';

export const site = defineStep({
  name: 'site',
  needs: { config, bundle: siteCode },
  run: async ({ config, bundle }, { build }) => {
    const { renderer, options } = build;
    renderer.load(bundle.file);
    // The key of what the cache keeps of its entries, made here, where the generator's and the packages' hashes are known already.
    const code = entryKey(options.root, 'describe', [bundle.code]);
    const described = await renderer.ask('describe', { mode: options.mode, now: options.now, code }, 'loading the site');
    return { described, hosted: hostedSite(config.address.base, described.redirects), reads: described.reads };
  },
});

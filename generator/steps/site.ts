/** The site as the render service describes it: its pages, redirects, feeds and entries, every problem named with its file and line. */
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
    const described = await renderer.ask('describe', { mode: options.mode, now: options.now, code: bundle.code }, 'loading the site');
    return { described, hosted: hostedSite(config.address.base, described.redirects), reads: described.reads };
  },
});

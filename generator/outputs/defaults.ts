import type { DefaultOutputName, Output } from '../site';
import { feeds } from './feeds';
import { redirectPages } from './redirects';
import { robots } from './robots';
import { sitemap } from './sitemap';

/** What every site publishes unless its `definePages` says otherwise (`outputs: ({ sitemap, ...rest }) => rest`). */
export const DEFAULT_OUTPUTS: Readonly<Record<DefaultOutputName, Output>> = { redirects: redirectPages, sitemap, robots, feeds };

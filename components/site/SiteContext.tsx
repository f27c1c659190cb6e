import { createContext, useContext } from 'react';
import type { SiteConfig } from '../../site.config';
import { site } from '../../site.config';

/** The site configuration, available to every component during a render; tests provide their own. */
export const SiteContext = createContext<SiteConfig>(site);

export function useSite(): SiteConfig {
  return useContext(SiteContext);
}

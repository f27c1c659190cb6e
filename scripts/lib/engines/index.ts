import { type EngineName, ensureEngine } from '../browsers';
import { launchChromium } from '../chromium';
import { chromiumEngine } from './chromium';
import { firefoxEngine } from './firefox';
import type { Engine } from './page';
import { webkitEngine } from './webkit';

export type { Engine, EnginePage, OpenOptions, Problems } from './page';

/**
 * Starts an engine on this machine, finding its programs first (and installing Debian's packages
 * where `ensureEngine` may). `display`: an X display WebKit's windows go to (else it starts Xvfb).
 */
export async function launchEngine(name: EngineName, { display }: { display?: string } = {}): Promise<Engine> {
  const programs = ensureEngine(name);
  switch (name) {
    case 'chromium':
      return chromiumEngine(await launchChromium());
    case 'firefox':
      return firefoxEngine(programs.browser ?? '');
    case 'webkit':
      return webkitEngine({ driver: programs.driver ?? '', browser: programs.browser ?? '', xvfb: programs.display, display });
  }
}

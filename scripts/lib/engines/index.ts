import { type EngineName, ensureEngine } from '../browsers';
import { ensureChromium, launchChromium } from '../chromium';
import { chromiumEngine } from './chromium';
import { firefoxEngine } from './firefox';
import type { Engine } from './page';
import { webkitEngine } from './webkit';

export type { Engine, EnginePage, OpenOptions, Problems } from './page';

/**
 * Starts an engine on this machine, finding its programs first (and installing Debian's packages
 * where `ensureEngine` may); Chromium as the browser tests find it, Playwright's own download included.
 */
export async function launchEngine(name: EngineName): Promise<Engine> {
  if (name === 'chromium') {
    ensureChromium();
    return chromiumEngine(await launchChromium());
  }
  const programs = ensureEngine(name);
  return name === 'firefox'
    ? firefoxEngine(programs.browser ?? '')
    : webkitEngine({ driver: programs.driver ?? '', python: programs.python ?? '', xvfb: programs.display });
}

import type { TestProject } from 'vitest/node';
import { ENGINES, type EngineName, ensureEngine } from '../../scripts/lib/browsers';
import { ensureChromium } from '../../scripts/lib/chromium';
import { startXvfb } from '../../scripts/lib/engines/webkit';
import { acquire } from './shared';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The engine this project's tests run in: the project's name. */
    engine: EngineName;
    /** Its programs by role (browser; for WebKit also driver and display), as ensureEngine found them. */
    enginePrograms: Record<string, string>;
    /** The X display WebKit's windows open on, started once for the run. */
    xDisplay: string;
  }
}

/**
 * Global set-up of the engine projects (`chromium`, `firefox`, `webkit`, one per engine): finds the
 * engine's programs, installing Debian's packages on a fresh root machine, and for WebKit starts
 * one virtual X display (Xvfb) for the whole run. Each test file starts its own browsers on it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.name as EngineName;
  if (!ENGINES.includes(engine)) throw new Error(`setup-engine.ts runs for the projects ${ENGINES.join(', ')}, not "${project.name}".`);
  // Chromium as setup-chromium.ts finds it, Playwright's own download included.
  const programs = engine === 'chromium' ? { browser: ensureChromium() } : ensureEngine(engine);
  project.provide('engine', engine);
  project.provide('enginePrograms', programs);
  if (engine !== 'webkit') {
    project.provide('xDisplay', '');
    return async () => {};
  }
  const { value, release } = await acquire(
    'xvfb',
    () => startXvfb(programs.display ?? ''),
    (xvfb) => xvfb.stop(),
  );
  project.provide('xDisplay', value.display);
  return release;
}

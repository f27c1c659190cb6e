import { chromium } from 'playwright';
import { test as base, inject } from 'vitest';
import type { EngineName } from '../../scripts/lib/browsers';
import { chromiumEngine } from '../../scripts/lib/engines/chromium';
import { firefoxEngine } from '../../scripts/lib/engines/firefox';
import type { Engine, EnginePage, OpenOptions } from '../../scripts/lib/engines/page';
import { webkitEngine } from '../../scripts/lib/engines/webkit';

export type { EnginePage } from '../../scripts/lib/engines/page';
export { untilScripted, waitUntil } from './engine-page';

/** The engine of the project running this file (`vitest run --project webkit` runs WebKit's). */
export const engineName: EngineName = inject('engine');

/** The run's Chromium (tests/support/setup-chromium.ts), as an engine. */
async function connectChromium(): Promise<Engine> {
  const browser = await chromium.connect(inject('chromiumEndpoint'));
  return chromiumEngine(browser);
}

async function startEngine(name: EngineName): Promise<Engine> {
  const programs = inject('enginePrograms');
  switch (name) {
    case 'chromium':
      return connectChromium();
    case 'firefox':
      return firefoxEngine(programs.browser ?? '');
    case 'webkit':
      return webkitEngine(
        { driver: programs.driver ?? '', python: programs.python ?? '', display: inject('xDisplay') },
        { softwareCompositing: true },
      );
  }
}

export interface EngineFixtures {
  engine: Engine;
  /** Opens a page in this project's engine; closed when the test ends, passed or not. */
  openPage: (options: OpenOptions) => Promise<EnginePage>;
}

/**
 * `test` for the engine tests (`tests/engines/*.engine.test.ts`): the same tests run in Chromium,
 * Firefox and WebKit, one vitest project each, through one driver interface (EnginePage). Each
 * file starts its engine once; tests run concurrently in pages of their own.
 */
export const test = base.extend<EngineFixtures>({
  engine: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const engine = await startEngine(engineName);
      await use(engine);
      await engine.close();
    },
    { scope: 'file' },
  ],
  openPage: async ({ engine }, use) => {
    const opened: EnginePage[] = [];
    await use(async (options) => {
      const page = await engine.open(options);
      opened.push(page);
      return page;
    });
    await Promise.all(opened.map((page) => page.close()));
  },
});

import { chromium } from 'playwright';
import { test as base, inject } from 'vitest';
import type { EngineName } from '../../scripts/lib/browsers';
import { chromiumEngine } from '../../scripts/lib/engines/chromium';
import { firefoxEngine } from '../../scripts/lib/engines/firefox';
import type { Engine, EnginePage, OpenOptions } from '../../scripts/lib/engines/page';
import { webkitEngine } from '../../scripts/lib/engines/webkit';
import { waitFor } from '../../scripts/lib/server';

export type { EnginePage } from '../../scripts/lib/engines/page';

/** The engine of the project running this file (`vitest run --project webkit` runs WebKit's). */
export const engineName: EngineName = inject('engine');

/** The run's Chromium (tests/support/setup-chromium.ts), as an engine: the reference the others are held to. */
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
      return webkitEngine({ driver: programs.driver ?? '', python: programs.python ?? '', display: inject('xDisplay') });
  }
}

export interface EngineFixtures {
  engine: Engine;
  /** Chromium, for the tests that compare an engine with it. */
  reference: Engine;
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
  reference: [
    // biome-ignore lint/correctness/noEmptyPattern: as above.
    async ({}, use) => {
      const engine = await connectChromium();
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

/**
 * Waits until the site's script has started every behaviour of the page (it loads once the first
 * paint is reported, or a second after the first frame). A wait that runs out says where the page stopped: a Firefox first visit once outlasted it
 * in a full CI run, and not in a dozen runs since.
 */
export async function untilScripted(page: EnginePage): Promise<void> {
  try {
    await waitUntil(page, 'every behaviour to start', () =>
      [...document.querySelectorAll<HTMLElement>('[data-module]')].every((element) => element.dataset.moduleStarted !== undefined),
    );
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        readyState: document.readyState,
        visibility: document.visibilityState,
        // The page's loader adds it after the first paint; it is not in the page as served.
        scriptAdded: document.querySelector('script[src]') !== null,
        rootClasses: document.documentElement.className,
        // By module: { reveal: 21 }.
        notStarted: [...document.querySelectorAll<HTMLElement>('[data-module]')]
          .filter((element) => element.dataset.moduleStarted === undefined)
          .reduce<Record<string, number>>((counts, element) => {
            const name = element.dataset.module ?? '?';
            counts[name] = (counts[name] ?? 0) + 1;
            return counts;
          }, {}),
      }))
      .catch((cause: unknown) => `unreadable (${String(cause)})`);
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the page: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** Polls a condition in the page (given `args`) until it holds, for 10 s at most, failing with what it waited for. */
export async function waitUntil<A extends unknown[]>(
  page: EnginePage,
  what: string,
  condition: (...args: A) => boolean,
  ...args: A
): Promise<void> {
  await waitFor(`${what} in ${page.engine}`, () => page.evaluate(condition, ...args), 10_000, 50);
}

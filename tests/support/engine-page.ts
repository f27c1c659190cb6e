/**
 * What the engine tests wait for in a page, through the drivers' one interface (EnginePage), free of vitest's runtime: the
 * global set-ups, in vitest's own process, use them too (tests/support/setup-chromium-layouts.ts).
 */
import type { EnginePage } from '../../scripts/lib/engines/page';
import { waitFor } from '../../scripts/lib/server';

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

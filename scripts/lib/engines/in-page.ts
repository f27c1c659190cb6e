/**
 * Checks and moves that run inside a page, shared by the engine tests, the Chromium-only browser
 * tests and the screenshot script. Each is self-contained (it is sent to the browser as source)
 * and takes at most one argument, so that Playwright's `page.evaluate(fn, arg)` and an
 * EnginePage's `evaluate(fn, arg)` both run it.
 */

/**
 * The elements `selector` matches that render nothing, at opacity 0 or hidden, themselves or
 * through an ancestor, each as "tag: its text"; with `ownText`, only those holding text of their own.
 */
export function invisibleElements({ selector, ownText }: { selector: string; ownText: boolean }): string[] {
  return [...document.querySelectorAll(selector)]
    .filter((element) => !ownText || [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
    .filter((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.opacity === '0' || style.visibility === 'hidden') return true;
      }
      return false;
    })
    .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`);
}

/** Text under main or the footer that renders nothing (see invisibleElements). */
export const INVISIBLE_TEXT = { selector: 'main *, footer *', ownText: true };

/** Scrolls to the end of the page in steps, two frames each, as a reader would, so that every reveal gets its chance. */
export async function scrollThrough(): Promise<void> {
  for (let y = 0; y <= document.documentElement.scrollHeight; y += 300) {
    window.scrollTo({ top: y, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }
}

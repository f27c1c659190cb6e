/**
 * The first paint's script: the only script inside every page (minified by the build and allowed
 * by its hash in the Content-Security-Policy). Its element carries the site's script: `data-src`
 * and `data-integrity`.
 *
 * It marks the document as scripted before anything is laid out, so that styles that need
 * JavaScript (the collapsed mobile menu) apply without a flash. It holds nothing back, and leaves
 * the font to the stylesheet: font-display: swap over a fallback sized to Inter, weight by weight
 * (styles/base/_fonts.scss), so the page shows in Inter whenever the font arrives, and moves
 * nothing when it does.
 *
 * Once the first paint is on screen it loads the site's script: every behaviour enhances a page
 * that is whole without it.
 */
const script = document.currentScript as HTMLScriptElement | null;
const root = document.documentElement;
root.classList.add('js');

let loaded = false;
const loadSite = () => {
  if (loaded || !script?.dataset.src) return;
  loaded = true;
  const site = document.createElement('script');
  site.src = script.dataset.src;
  site.integrity = script.dataset.integrity ?? '';
  document.head.append(site);
};

// The first contentful paint's entry comes once that paint is on screen. A frame's callback comes
// before its paint is: a script asked for then competed with the page's own first requests (on a
// slow phone, Lighthouse's LCP grew by 150 ms). An engine that reports no paint entries (a hidden
// tab, an older engine) gets the script a second after the first frame.
const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined;
const paintTiming = Observer?.supportedEntryTypes?.includes('paint') ?? false;
if (Observer && paintTiming) {
  new Observer((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(loadSite);
  }).observe({ type: 'paint', buffered: true });
}

/** The first frame that has the page's content. */
const frame = (then: () => void) => requestAnimationFrame(() => (document.body?.firstElementChild ? then() : frame(then)));
frame(() => setTimeout(loadSite, paintTiming ? 1000 : 0));

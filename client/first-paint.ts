/**
 * The first paint's script: the only script inside every page (minified by the build and allowed
 * by its hash in the Content-Security-Policy), after the stylesheet, whose @font-face rules it
 * reads. Its element carries what it needs: `data-font`, the family the stylesheet names;
 * `data-src` and `data-integrity`, the site's script.
 *
 * It marks the document as scripted before anything is laid out, so that styles that need
 * JavaScript (the collapsed mobile menu) apply without a flash. It holds nothing back: in the
 * first frame that has the page's content, the font, preloaded since the head began, is either in
 * (the page shows in it from its first layout) or not (the page keeps the metric-matched fallback
 * for the whole visit, and the next page has the font from the cache). Nothing is laid out in one
 * font and then in the other, so nothing moves, in any engine: `font-display: optional` alone let
 * WebKit swap in a font that came just after its first layout, and Firefox lay out text in
 * system-ui while the font loaded. Without JavaScript, `optional` alone decides.
 *
 * Once the first paint is on screen it loads the site's script: every behaviour enhances a page
 * that is whole without it.
 */
const script = document.currentScript as HTMLScriptElement | null;
const root = document.documentElement;
root.classList.add('js');

const family = script?.dataset.font;
const fonts = document.fonts as FontFaceSet | undefined;
const face = `1em "${family}"`;
// Asked for now, so that a font already in the cache is taken in before the first frame.
if (family && fonts && !fonts.check(face)) fonts.load(face).catch(() => {});

const frame = (then: () => void) => requestAnimationFrame(() => (document.body?.firstElementChild ? then() : frame(then)));

// WebKit's check() counts a face it gave up (a broken file, or font-display: optional's wait run out on a busy machine) as
// done: the page would keep Inter, and the family's other face, still loading, would swap its characters in.
const givenUp = () => [...(fonts ?? [])].some((font) => font.status === 'error' && font.family.replace(/"/g, '') === family);

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

frame(() => {
  if (family && fonts && (!fonts.check(face) || givenUp())) root.classList.add('font-fallback');
  setTimeout(loadSite, paintTiming ? 1000 : 0);
});

/**
 * Scroll reveal (`data-module="reveal"`): an element below the fold is hidden at start and fades in
 * once a tenth of it has scrolled into view (50px above the bottom edge), then is left alone.
 * Nothing is hidden when motion is reduced, when IntersectionObserver is missing, or when the
 * element is already on screen, so no reader ever waits for this script to see text.
 *
 * Where each element is comes from the observer's first report, made with the browser's next
 * rendering, rather than from measuring at start: the script starts after the first paint, and a
 * measurement then would force a layout of the whole page in the script's own task.
 */
const OBSERVER_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '0px 0px -50px 0px' };

let observer: IntersectionObserver | undefined;
/** Elements whose first report has not come yet. */
const unplaced = new WeakSet<Element>();

export function initReveal(element: HTMLElement): void {
  if (typeof IntersectionObserver === 'undefined') return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  observer ??= new IntersectionObserver(update, OBSERVER_OPTIONS);
  unplaced.add(element);
  observer.observe(element);
}

function update(entries: IntersectionObserverEntry[], self: IntersectionObserver): void {
  for (const entry of entries) {
    const { target } = entry;
    if (unplaced.has(target)) {
      unplaced.delete(target);
      // Hidden only when wholly below the fold; anything on screen or scrolled past stays as it is.
      if (entry.isIntersecting || entry.boundingClientRect.top < window.innerHeight) {
        self.unobserve(target);
      } else {
        target.classList.add('is-pending');
      }
      continue;
    }
    if (!entry.isIntersecting) continue;
    target.classList.add('is-revealed');
    target.classList.remove('is-pending');
    self.unobserve(target);
  }
}

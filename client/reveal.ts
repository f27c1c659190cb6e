/**
 * Scroll reveal (`data-module="reveal"`): an element below the fold is hidden at start and fades in
 * once a tenth of it has scrolled into view (50px above the bottom edge), then is left alone.
 * Nothing is hidden when motion is reduced, when IntersectionObserver is missing, or when the
 * element is already on screen, so no reader ever waits for this script to see text.
 */
const OBSERVER_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '0px 0px -50px 0px' };

const queue: HTMLElement[] = [];
let observer: IntersectionObserver | undefined;

export function initReveal(element: HTMLElement): void {
  if (typeof IntersectionObserver === 'undefined') return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  // Batched so that all elements are measured before any is hidden: one layout, not one per element.
  if (queue.push(element) === 1) queueMicrotask(hideBelowTheFold);
}

function hideBelowTheFold(): void {
  const fold = window.innerHeight;
  const pending = queue.splice(0).filter((element) => element.getBoundingClientRect().top >= fold);
  observer ??= new IntersectionObserver(reveal, OBSERVER_OPTIONS);
  for (const element of pending) {
    element.classList.add('is-pending');
    observer.observe(element);
  }
}

function reveal(entries: IntersectionObserverEntry[], self: IntersectionObserver): void {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    entry.target.classList.add('is-revealed');
    entry.target.classList.remove('is-pending');
    self.unobserve(entry.target);
  }
}

import { breakpoint } from '../../client/breakpoints';

/**
 * The mobile menu on the header (`data-module="header"`): a real button with `aria-expanded` and
 * `aria-controls` shows and hides the panel it controls. Escape closes it and returns focus to the
 * button; choosing a link, clicking outside or widening the window past the breakpoint closes it.
 */
export function initHeader(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLButtonElement>('[data-header-toggle]');
  const panel = toggle ? document.getElementById(toggle.getAttribute('aria-controls') ?? '') : null;
  if (!toggle || !panel) return;

  const isOpen = (): boolean => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean): void => {
    toggle.setAttribute('aria-expanded', String(open));
    header.classList.toggle('is-open', open);
  };

  toggle.addEventListener('click', () => setOpen(!isOpen()));

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    toggle.focus();
  });

  panel.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  });

  document.addEventListener('click', (event) => {
    if (isOpen() && event.target instanceof Node && !header.contains(event.target)) setOpen(false);
  });

  const wide = window.matchMedia(`(min-width: ${breakpoint('nav', '70em')})`);
  wide.addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
}

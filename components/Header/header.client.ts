/**
 * The header's behaviour (`data-module="header"`). Its menu: a real button with `aria-expanded`
 * and `aria-controls` shows and hides the panel it controls; Escape closes it and returns focus to
 * the button; choosing a link, clicking outside, or the links coming back into the row close it.
 *
 * Where the links fit in the row is the build's call (fit.ts), made before the first paint. A row
 * that overflows all the same (a font other than Inter, a reader's own text spacing) is folded
 * here, and unfolded once it fits again.
 */
export function initHeader(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLButtonElement>('[data-header-toggle]');
  const panel = toggle ? document.getElementById(toggle.getAttribute('aria-controls') ?? '') : null;
  const row = toggle?.parentElement;
  if (!toggle || !panel || !row) return;

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

  const check = (): void => {
    if (toggle.getClientRects().length === 0) setOpen(false);
    // An open menu is a panel over the page, out of the row.
    if (isOpen()) return;
    // Measured unfolded, then folded again if need be: both before the next paint, so nothing flickers.
    header.classList.remove('is-folded');
    const end = row.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(row).paddingRight);
    if (panel.getBoundingClientRect().right - end > 0.5) header.classList.add('is-folded');
  };
  // In the next frame rather than the observer's turn: folding resizes what it watches.
  let scheduled = false;
  const observer = new ResizeObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      check();
    });
  });
  // The row, and what it holds: a change of font or text spacing resizes the brand, if nothing else.
  for (const part of [row, ...row.children]) observer.observe(part);
}

/**
 * Live reload, added by the dev server to the pages it serves (never by the build): a stylesheet
 * change swaps the stylesheet in place, any other reloads the page, and a failed build covers the
 * page with its message. Styles are set through the CSSOM, never as markup, so a strict CSP holds.
 */
import type { Failure } from '../failure';

/** The built stylesheet: its URL and the integrity hash the link must carry. */
interface Stylesheet {
  href: string;
  integrity: string;
}

const OVERLAY_ATTRIBUTE = 'data-dev-overlay';
const script = document.currentScript;
const pageVersion = script instanceof HTMLScriptElement ? script.dataset.devVersion : undefined;
const read = <T>(event: Event): T => JSON.parse((event as MessageEvent<string>).data) as T;

function swapStylesheet({ href, integrity }: Stylesheet): void {
  // The one linked stylesheet with an integrity hash, under whatever base path.
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][integrity]')) {
    if (link.getAttribute('href') === href) continue;
    // The old sheet leaves only once the new one has loaded: no flash.
    const next = link.cloneNode() as HTMLLinkElement;
    next.href = href;
    next.integrity = integrity;
    next.addEventListener('load', () => link.remove(), { once: true });
    next.addEventListener('error', () => next.remove(), { once: true });
    link.after(next);
  }
}

function element(tag: string, text: string, style: Partial<CSSStyleDeclaration>): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  Object.assign(node.style, style);
  return node;
}

function showOverlay(error: Failure): void {
  hideOverlay();
  const overlay = element('div', '', {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    overflow: 'auto',
    padding: '2rem',
    background: 'rgba(16, 20, 31, 0.96)',
    color: '#f5f7fa',
    font: '15px/1.55 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  });
  overlay.setAttribute(OVERLAY_ATTRIBUTE, '');
  overlay.setAttribute('role', 'alert');
  overlay.append(
    element('h1', 'Build failed', { color: '#ff8a8a', fontSize: '1.25rem', margin: '0 0 1rem' }),
    element('pre', error.message, { whiteSpace: 'pre-wrap', margin: '0 0 1rem', fontWeight: 'bold' }),
  );
  if (error.stack) overlay.append(element('pre', error.stack, { whiteSpace: 'pre-wrap', color: '#a9b4c6', margin: '0 0 1rem' }));
  overlay.append(
    element('p', 'Fix it and save: this page updates by itself. The terminal shows the same message.', { color: '#a9b4c6', margin: '0' }),
  );
  document.body.append(overlay);
}

function hideOverlay(): void {
  for (const overlay of document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`)) overlay.remove();
}

const events = new EventSource('/__dev/events');

// Sent on every (re)connection: catches up with builds that finished while this page was loading,
// or while the server was restarting.
events.addEventListener('state', (event) => {
  const state = read<{ version: string; css?: Stylesheet; error?: Failure }>(event);
  if (state.error) {
    showOverlay(state.error);
    return;
  }
  hideOverlay();
  if (pageVersion !== undefined && state.version !== pageVersion) location.reload();
  else if (state.css) swapStylesheet(state.css);
});

events.addEventListener('css', (event) => {
  hideOverlay();
  swapStylesheet(read<Stylesheet>(event));
});

events.addEventListener('reload', () => location.reload());

events.addEventListener('build-error', (event) => showOverlay(read<Failure>(event)));

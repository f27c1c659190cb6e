/** Live reload, added by the dev server only. Styles are set through the CSSOM, never as markup, so the strict CSP holds. */
import type { Failure } from '../failure';
import type { Stylesheet } from './session';

const OVERLAY_ATTRIBUTE = 'data-dev-overlay';
const NOTICES_ATTRIBUTE = 'data-dev-notices';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const script = document.currentScript;
const pageVersion = script instanceof HTMLScriptElement ? script.dataset.devVersion : undefined;
const read = <T>(event: Event): T => JSON.parse((event as MessageEvent<string>).data) as T;

function swapStylesheet({ href, integrity }: Stylesheet): void {
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

/** Text as written, wrapped at the panel's edge, monospaced at `font` (its size and line height). */
function pre(text: string, font: string, style: Partial<CSSStyleDeclaration>): HTMLElement {
  return element('pre', text, { whiteSpace: 'pre-wrap', font: `${font} ${MONO}`, ...style });
}

/** The generator's own neutral greys and its red or amber, whatever the site's colours; `attribute` marks it, to remove it. */
function panel(tag: string, attribute: string, heading: HTMLElement, style: Partial<CSSStyleDeclaration>): HTMLElement {
  const node = element(tag, '', {
    boxSizing: 'border-box',
    overflow: 'auto',
    border: '0',
    borderRadius: '0.75rem',
    background: '#ffffff',
    color: '#1c1c1e',
    ...style,
  });
  node.setAttribute(attribute, '');
  heading.id = `${attribute.slice(5)}-title`;
  node.setAttribute('aria-labelledby', heading.id);
  node.append(heading);
  return node;
}

/** A modal <dialog>, in the top layer: above the page and its fixed header whatever their stacking. */
function showOverlay(error: Failure): void {
  hideOverlay();
  const title = element('h1', 'Build failed', { margin: '0 0 0.75rem', fontSize: '1.25rem', color: '#b42318' });
  const dialog = panel('dialog', OVERLAY_ATTRIBUTE, title, {
    width: 'min(48rem, calc(100vw - 2rem))',
    // Centred, below the site's header (the page's own reset removes the browser's centring).
    margin: '5rem auto auto',
    maxHeight: 'calc(100vh - 6rem)',
    outline: 'none',
    padding: '1.5rem',
    borderTop: '0.375rem solid #d92d20',
    font: '1rem/1.5 system-ui, sans-serif',
    boxShadow: '0 1.5rem 4rem rgb(0 0 0 / 0.35)',
  }) as HTMLDialogElement;
  // "pages/about-us/content.ts:8: hero.title is missing": the place first, on a line of its own.
  const place = /^([\w./@-]+\.\w+(?::\d+){1,2}): /.exec(error.message)?.[1] ?? error.file;
  if (place)
    dialog.append(element('p', `In ${place}`, { margin: '0 0 0.5rem', font: `600 0.9375rem/1.4 ${MONO}`, overflowWrap: 'anywhere' }));
  dialog.append(pre(error.message, '0.9375rem/1.5', { margin: '0 0 1rem', overflowWrap: 'anywhere' }));
  if (error.stack) dialog.append(pre(error.stack, '0.8125rem/1.4', { color: '#5c5c63', margin: '0 0 1rem' }));
  const where = place ? place.replace(/(?::\d+){1,2}$/, '') : 'the file';
  const fix = `Fix it in ${where} and save: this page updates by itself. The terminal shows the same message.`;
  dialog.append(element('p', fix, { margin: '0', color: '#5c5c63' }));
  document.body.append(dialog);
  dialog.showModal();
}

function hideOverlay(): void {
  for (const overlay of document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`)) overlay.remove();
}

/** What the server cannot watch, each naming its file: a manual popover that leaves the page usable; gone once fixed, or hidden. */
function showNotices(notices: readonly Failure[]): void {
  for (const old of document.querySelectorAll(`[${NOTICES_ATTRIBUTE}]`)) old.remove();
  if (notices.length === 0) return;
  const title = element('h2', 'The dev server does not watch all of the project', {
    margin: '0 0 0.5rem',
    fontSize: '1rem',
    color: '#93370d',
  });
  const aside = panel('aside', NOTICES_ATTRIBUTE, title, {
    position: 'fixed',
    inset: 'auto 1rem 1rem auto',
    zIndex: '2147483647',
    width: 'min(36rem, calc(100vw - 2rem))',
    maxHeight: 'calc(50vh - 1rem)',
    margin: '0',
    padding: '1rem 1.25rem',
    borderTop: '0.375rem solid #b54708',
    font: '0.9375rem/1.5 system-ui, sans-serif',
    boxShadow: '0 1rem 3rem rgb(0 0 0 / 0.3)',
  });
  aside.popover = 'manual';
  for (const notice of notices) aside.append(pre(notice.message, '0.8125rem/1.5', { margin: '0 0 0.75rem', overflowWrap: 'anywhere' }));
  const fixed = 'Saves there are not seen until it is fixed; this goes by itself then. The terminal shows the same.';
  aside.append(element('p', fixed, { margin: '0 0 0.75rem', color: '#5c5c63' }));
  const hide = element('button', 'Hide', { font: 'inherit', padding: '0.25rem 0.75rem' });
  hide.setAttribute('type', 'button');
  hide.addEventListener('click', () => aside.remove());
  aside.append(hide);
  document.body.append(aside);
  // In the top layer where the browser has one: above the site's fixed header and any modal of its own.
  if (typeof aside.showPopover === 'function') aside.showPopover();
}

const events = new EventSource('/__dev/events');

// On every (re)connection: builds may have finished while this page loaded, or the server restarted.
events.addEventListener('state', (event) => {
  const state = read<{ version: string; css?: Stylesheet; error?: Failure; notices: Failure[] }>(event);
  showNotices(state.notices);
  if (state.error) return showOverlay(state.error);
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

events.addEventListener('notices', (event) => showNotices(read<Failure[]>(event)));

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

/** A modal <dialog>, in the top layer: above the page and its fixed header whatever their stacking. */
function showOverlay(error: Failure): void {
  hideOverlay();
  const panel = document.createElement('dialog');
  panel.setAttribute(OVERLAY_ATTRIBUTE, '');
  panel.setAttribute('aria-labelledby', 'dev-overlay-title');
  Object.assign(panel.style, {
    boxSizing: 'border-box',
    width: 'min(48rem, calc(100vw - 2rem))',
    // Centred, below the site's header (the page's own reset removes the browser's centring).
    margin: '5rem auto auto',
    maxHeight: 'calc(100vh - 6rem)',
    outline: 'none',
    overflow: 'auto',
    padding: '1.5rem',
    border: '0',
    borderTop: '0.375rem solid #d92d20',
    borderRadius: '0.75rem',
    // The generator's own neutral greys and red, whatever the site's colours.
    background: '#ffffff',
    color: '#1c1c1e',
    font: '1rem/1.5 system-ui, sans-serif',
    boxShadow: '0 1.5rem 4rem rgb(0 0 0 / 0.35)',
  } satisfies Partial<CSSStyleDeclaration>);
  const title = element('h1', 'Build failed', { margin: '0 0 0.75rem', fontSize: '1.25rem', color: '#b42318' });
  title.id = 'dev-overlay-title';
  panel.append(title);
  // "pages/about-us/content.ts:8: hero.title is missing": the place first, on a line of its own.
  const place = /^([\w./@-]+\.\w+(?::\d+){1,2}): /.exec(error.message)?.[1] ?? error.file;
  if (place)
    panel.append(element('p', `In ${place}`, { margin: '0 0 0.5rem', font: `600 0.9375rem/1.4 ${MONO}`, overflowWrap: 'anywhere' }));
  panel.append(
    element('pre', error.message, { margin: '0 0 1rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', font: `0.9375rem/1.5 ${MONO}` }),
  );
  if (error.stack)
    panel.append(
      element('pre', error.stack, { whiteSpace: 'pre-wrap', color: '#5c5c63', margin: '0 0 1rem', font: `0.8125rem/1.4 ${MONO}` }),
    );
  const where = place ? place.replace(/(?::\d+){1,2}$/, '') : 'the file';
  panel.append(
    element('p', `Fix it in ${where} and save: this page updates by itself. The terminal shows the same message.`, {
      margin: '0',
      color: '#5c5c63',
    }),
  );
  document.body.append(panel);
  panel.showModal();
}

function hideOverlay(): void {
  for (const overlay of document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`)) overlay.remove();
}

/**
 * What the server cannot watch, each naming its file: a panel in the top layer (a manual popover), which leaves the page usable,
 * since the site still builds; it goes when the server says each is fixed, or with its button.
 */
function showNotices(notices: readonly Failure[]): void {
  for (const panel of document.querySelectorAll(`[${NOTICES_ATTRIBUTE}]`)) panel.remove();
  if (notices.length === 0) return;
  const panel = document.createElement('aside');
  panel.setAttribute(NOTICES_ATTRIBUTE, '');
  panel.setAttribute('aria-labelledby', 'dev-notices-title');
  panel.popover = 'manual';
  Object.assign(panel.style, {
    position: 'fixed',
    inset: 'auto 1rem 1rem auto',
    zIndex: '2147483647',
    boxSizing: 'border-box',
    width: 'min(36rem, calc(100vw - 2rem))',
    maxHeight: 'calc(50vh - 1rem)',
    overflow: 'auto',
    margin: '0',
    padding: '1rem 1.25rem',
    border: '0',
    borderTop: '0.375rem solid #b54708',
    borderRadius: '0.75rem',
    background: '#ffffff',
    color: '#1c1c1e',
    font: '0.9375rem/1.5 system-ui, sans-serif',
    boxShadow: '0 1rem 3rem rgb(0 0 0 / 0.3)',
  } satisfies Partial<CSSStyleDeclaration>);
  const title = element('h2', 'The dev server does not watch all of the project', {
    margin: '0 0 0.5rem',
    fontSize: '1rem',
    color: '#93370d',
  });
  title.id = 'dev-notices-title';
  panel.append(title);
  for (const notice of notices)
    panel.append(
      element('pre', notice.message, {
        margin: '0 0 0.75rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        font: `0.8125rem/1.5 ${MONO}`,
      }),
    );
  panel.append(
    element('p', 'Saves there are not seen until it is fixed; this goes by itself then. The terminal shows the same.', {
      margin: '0 0 0.75rem',
      color: '#5c5c63',
    }),
  );
  const hide = element('button', 'Hide', { font: 'inherit', padding: '0.25rem 0.75rem' });
  hide.setAttribute('type', 'button');
  hide.addEventListener('click', () => panel.remove());
  panel.append(hide);
  document.body.append(panel);
  // In the top layer where the browser has one: above the site's fixed header and any modal of its own.
  if (typeof panel.showPopover === 'function') panel.showPopover();
}

const events = new EventSource('/__dev/events');

// On every (re)connection: builds may have finished while this page loaded, or the server restarted.
events.addEventListener('state', (event) => {
  const state = read<{ version: string; css?: Stylesheet; error?: Failure; notices: Failure[] }>(event);
  showNotices(state.notices);
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

events.addEventListener('notices', (event) => showNotices(read<Failure[]>(event)));

/**
 * The site's only script. Each behaviour enhances server-rendered HTML marked with
 * `data-module="<name>"`, and lives beside the component that writes that markup, under the same
 * name. A page without the markup runs nothing.
 */
import { initHeader } from '../components/Header/header.client';
import { initNotFoundPage } from '../pages/not-found/not-found-page.client';
import { initReveal } from './reveal';

type Behaviour = (element: HTMLElement) => void;

/** Every behaviour by its data-module name. */
const behaviours: Record<string, Behaviour> = {
  header: initHeader,
  reveal: initReveal,
  'not-found-page': initNotFoundPage,
};

for (const element of document.querySelectorAll<HTMLElement>('[data-module]')) {
  // Marked so that a second copy of the script (or a second call) never starts a behaviour twice.
  if (element.dataset.moduleStarted !== undefined) continue;
  element.dataset.moduleStarted = '';
  for (const name of (element.dataset.module ?? '').split(/\s+/)) {
    const init = behaviours[name];
    if (!init) continue;
    try {
      init(element);
    } catch (error) {
      console.error(`The "${name}" behaviour failed to start:`, error);
    }
  }
}

/**
 * The site's only script. Each behaviour enhances server-rendered HTML marked with
 * `data-module="<name>"`; a page without the markup runs nothing.
 */
import { initMenu } from './menu';
import { initNotFound } from './not-found';
import { initReveal } from './reveal';

type Behaviour = (element: HTMLElement) => void;

const behaviours: Record<string, Behaviour> = {
  menu: initMenu,
  reveal: initReveal,
  'not-found': initNotFound,
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

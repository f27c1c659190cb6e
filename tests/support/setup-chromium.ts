import type { TestProject } from 'vitest/node';
import { ensureChromium, launchChromiumServer } from '../../scripts/lib/chromium';
import { acquire } from './shared';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test files connect to the run's one Chromium (playwright's chromium.connect). */
    chromiumEndpoint: string;
  }
}

/**
 * Global set-up of the browser and dev projects: finds Chromium (installing Debian's package on a
 * fresh root machine) and starts it once for the whole run; each test file connects to it and
 * works in contexts of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value: server, release } = await acquire(
    'chromium',
    async () => {
      ensureChromium();
      return launchChromiumServer();
    },
    (server) => server.close(),
  );
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return release;
}

import type { TestProject } from 'vitest/node';
import { servedBuild } from './setup-site';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the site with the fixture collection (tests/fixtures/collection/), built as of 1 June 2026, served by `serve`. */
    collectionSiteUrl: string;
  }
}

/**
 * Global set-up of the browser and engine projects: the site with the fixture collection of reports (25 of them, among them a
 * table wider than a phone and one written with every feature an editor uses), built once for the run however many projects
 * look at it. As of 1 June 2026, so that its draft, scheduled and expired reports are each what their name says.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await servedBuild('collection-site', {
    pages: 'tests/fixtures/collection/pages.tsx',
    now: Date.parse('2026-06-01T00:00:00Z'),
  });
  project.provide('collectionSiteUrl', value.server.url);
  return release;
}

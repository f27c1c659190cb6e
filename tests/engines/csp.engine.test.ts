/**
 * The Content-Security-Policy as each engine reads it: every kind of load the site makes none of
 * is refused by a directive of its own, even from the site's own origin, so that default-src
 * 'self' allows the web manifest alone (generator/hosting/policy.ts says why no manifest-src).
 */
import { expect, inject } from 'vitest';
import { test } from '../support/engine';

const siteUrl = inject('siteUrl');

test('refuses a frame, a worker, media and an object from the site itself, each by its own directive', async ({ openPage }) => {
  const page = await openPage({ width: 1280 });
  await page.goto(`${siteUrl}/`);
  await page.evaluate(() => {
    for (const [tag, attribute] of [
      ['iframe', 'src'],
      ['audio', 'src'],
      ['object', 'data'],
    ] as const) {
      const element = document.createElement(tag);
      element.setAttribute(attribute, '/robots.txt');
      document.body.append(element);
    }
    try {
      new Worker('/robots.txt');
    } catch {
      // Refused at once where the engine throws: the violation is reported all the same.
    }
  });
  const directives = async () => new Set((await page.problems()).cspViolations.map((violation) => violation.split(' ')[0]));
  await expect.poll(directives, { timeout: 5000, interval: 100 }).toEqual(new Set(['frame-src', 'worker-src', 'media-src', 'object-src']));
});

/**
 * `npm run dev` as a person uses it: started on a copy of the project, driven by saving files,
 * watched from a plain HTTP client (what is served, which events are sent) and from Chromium
 * (what the open page does), then stopped with Ctrl-C. Waits are bounded but generous: timing
 * belongs to `npm run bench`, not here.
 */

import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DevEvent, livingProcessesInGroup, type RunningDev, startDev } from '../../scripts/lib/dev';
import { renderedLiteral, replaceLiteral, saveWhole, throwingComponent } from '../../scripts/lib/edits';
import { openRecordedPage, type RecordedPage } from '../../scripts/lib/engines/chromium';
import { copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { waitFor } from '../../scripts/lib/server';
import { plainRequest } from '../support/network';

const STYLESHEET = 'styles/main.scss';
const CONTENT = 'pages/home/content.ts';
const COMPONENT = 'components/Footer/Footer.tsx';

let project: ProjectCopy;
let dev: RunningDev;
let browser: Browser;
let page: Page;
/** The open page, which records what went wrong in it. */
let recorded: RecordedPage;

const file = (relative: string) => path.join(project.root, relative);
const get = async (url: string) => (await fetch(url)).text();

/** One request to the dev server, with a Host header of our choosing. */
const ask = ({ path: requested, host, method }: { path: string; host?: string; method?: string }) =>
  plainRequest(`http://127.0.0.1:${dev.port}`, requested, { host, method });

/** The first event of a type sent after `since` (an index into dev.events). */
function eventAfter(since: number, type: string): Promise<DevEvent> {
  return waitFor(`a "${type}" event`, () => dev.events.slice(since).find((event) => event.type === type));
}

beforeAll(async () => {
  project = await copyProject('site-dev-test-');
  dev = await startDev(project.root);
  browser = await chromium.connect(inject('chromiumEndpoint'));
  recorded = await openRecordedPage(browser);
  page = recorded.page;
  await page.goto(`${dev.url}/`);
});

afterAll(async () => {
  await recorded?.close();
  await browser?.close();
  dev?.kill();
  await project?.remove();
});

describe('npm run dev', () => {
  it('serves the built site with the dev-only reload script, and says where', async () => {
    expect(dev.output()).toContain(`http://localhost:${dev.port}/`);
    const html = await get(`${dev.url}/`);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toMatch(/<script src="\/__dev\/reload\.js"[^>]*defer><\/script><\/head>/);
    expect(await get(`${dev.url}/__dev/reload.js`)).toContain('EventSource');
    // An encoded "../" must not reach files outside the build.
    expect((await ask({ path: '/..%2f..%2fpackage.json' })).status).toBe(404);
    const missing = await fetch(`${dev.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
  });

  it('swaps the stylesheet in place when a stylesheet is saved', async () => {
    await page.evaluate(() => Object.assign(window, { devTestMarker: 'still here' }));
    const since = dev.events.length;
    const original = await readFile(file(STYLESHEET), 'utf8');
    await saveWhole(file(STYLESHEET), `${original}\nbody { --dev-test: "swapped"; }\n`);

    const event = await eventAfter(since, 'css');
    const href = (JSON.parse(event.data) as { href: string }).href;
    expect(href).toMatch(/^\/assets\/main\.[0-9a-f]+\.css$/);
    expect(await get(dev.url + href)).toContain('--dev-test');
    expect(await get(`${dev.url}/`)).toContain(`href="${href}"`);
    await page.waitForFunction(() => getComputedStyle(document.body).getPropertyValue('--dev-test').includes('swapped'));
    expect(dev.events.slice(since).some((sent) => sent.type === 'reload')).toBe(false);
    await expect(page.evaluate(() => (window as { devTestMarker?: string }).devTestMarker)).resolves.toBe('still here');
    // The page's own CSP held all along, the event stream included: the server adds no allowance.
    const problems = await recorded.problems();
    expect(problems.cspViolations).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    const csp = cheerio
      .load(await get(`${dev.url}/`))('meta[http-equiv="Content-Security-Policy"]')
      .attr('content');
    expect(csp).toMatch(/^default-src 'self'; /);
    expect(csp?.match(/connect-src [^;]*/g)).toEqual(["connect-src 'self'"]);
  });

  it('rebuilds only what a save touches: a stylesheet swaps the stylesheet, a behaviour the script, page content the pages', async () => {
    // The terminal names the steps each save ran: "<file> → <steps> <ms> ms, ...".
    const stepsAfter = async (relative: string, edit: (source: string) => string, event: string) => {
      const original = await readFile(file(relative), 'utf8');
      await saveWhole(file(relative), edit(original));
      const edited = dev.events.indexOf(await eventAfter(dev.events.length, event));
      await saveWhole(file(relative), original);
      await eventAfter(edited + 1, event);
      // The watcher looks at a changed file again 70 ms later (generator/dev/watch.ts): a rebuild
      // that look starts belongs to this save, not to the next one.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const line = await waitFor(`the terminal line for ${relative}`, () =>
        // A second look at the file that finds it as built says "nothing changed", and is not this save's.
        [...dev.output().split('\n')].reverse().find((text) => text.includes(`${relative} → `) && !text.includes('nothing changed')),
      );
      return /→ (.*) \d+ ms/.exec(line)?.[1]?.split(', ');
    };
    // The stylesheet, and the pages written again with its new address; not one page rendered again.
    const css = await stepsAfter(STYLESHEET, (source) => `${source}\n.c-x { color: red; }\n`, 'css');
    expect(css).toEqual(expect.arrayContaining(['styles', 'stylesheet', 'write']));
    for (const untouched of ['bundle', 'site', 'client', 'pages']) expect(css).not.toContain(untouched);
    // The script, and the pages written again with its new address; not one page rendered again.
    const script = await stepsAfter('components/Header/header.client.ts', (source) => `${source}\nconsole.debug(1);\n`, 'reload');
    expect(script).toEqual(expect.arrayContaining(['client', 'write']));
    for (const untouched of ['bundle', 'site', 'styles', 'pages']) expect(script).not.toContain(untouched);
    const steps = await stepsAfter(CONTENT, (source) => `${source}\n`, 'reload');
    expect(steps).toEqual(expect.arrayContaining(['bundle', 'site', 'pages', 'links']));
    for (const untouched of ['styles', 'client', 'stylesheet']) expect(steps).not.toContain(untouched);
  });

  it('reloads the page with fresh modules when page content is saved', async () => {
    const source = await readFile(file(CONTENT), 'utf8');
    const literal = renderedLiteral(source, await get(`${dev.url}/`));
    for (const round of [1, 2]) {
      // Twice: a second edit of the same module must show too (no stale import cache).
      const since = dev.events.length;
      const replacement = `Edited in the dev server test, round ${round}`;
      await saveWhole(file(CONTENT), replaceLiteral(source, literal, replacement));
      await eventAfter(since, 'reload');
      expect(await get(`${dev.url}/`)).toContain(replacement);
      await page.getByText(replacement).first().waitFor();
    }
    await expect(page.evaluate(() => (window as { devTestMarker?: string }).devTestMarker)).resolves.toBeUndefined();
  });

  it('shows a throwing component in the terminal and over the page, and clears it on the next good save', async () => {
    const original = await readFile(file(COMPONENT), 'utf8');
    const since = dev.events.length;
    await saveWhole(file(COMPONENT), throwingComponent(original, 'the footer broke on purpose'));

    const event = await eventAfter(since, 'build-error');
    const error = JSON.parse(event.data) as { message: string; file?: string };
    expect(error.message).toContain('the footer broke on purpose');
    expect(error.message).toMatch(new RegExp(`${COMPONENT.replace(/\./g, '\\.')}:\\d+`));
    await waitFor('the terminal to show the error', () => dev.output().includes('the footer broke on purpose'));
    const overlay = page.locator('[data-dev-overlay]');
    await overlay.waitFor();
    await expect(overlay.textContent()).resolves.toContain('the footer broke on purpose');
    await expect(overlay.textContent()).resolves.toContain(COMPONENT);
    // The server is still up and still serves the last good pages.
    expect((await fetch(`${dev.url}/`)).status).toBe(200);

    const fixed = dev.events.length;
    await saveWhole(file(COMPONENT), original);
    await eventAfter(fixed, 'reload');
    await overlay.waitFor({ state: 'detached' });
    await page.locator('footer').waitFor();
  });

  it('names the file and line of a syntax error, and recovers', async () => {
    const original = await readFile(file(COMPONENT), 'utf8');
    const since = dev.events.length;
    await saveWhole(file(COMPONENT), `${original}\nexport const broken = ;\n`);
    const event = await eventAfter(since, 'build-error');
    expect((JSON.parse(event.data) as { message: string }).message).toMatch(new RegExp(`${COMPONENT.replace(/\./g, '\\.')}:\\d+:\\d+`));
    await page.locator('[data-dev-overlay]').waitFor();

    const fixed = dev.events.length;
    await saveWhole(file(COMPONENT), original);
    await eventAfter(fixed, 'reload');
    await page.locator('[data-dev-overlay]').waitFor({ state: 'detached' });
  });

  it('shows a content mistake (a misspelled field) with its file, line, field and route, over the page and in the terminal, and recovers', async () => {
    const source = await readFile(file(CONTENT), 'utf8');
    const key = /^(\s+)title:/m.exec(source);
    if (!key) throw new Error(`${CONTENT} has no title field`);
    const line = source.slice(0, key.index).split('\n').length;
    const expected = `${CONTENT}:${line}: hero.title is missing (found "titel") (route /)`;
    const since = dev.events.length;
    await saveWhole(file(CONTENT), `${source.slice(0, key.index)}${key[1]}titel:${source.slice(key.index + key[0].length)}`);

    const event = await eventAfter(since, 'build-error');
    expect(JSON.parse(event.data)).toEqual({ message: expected, file: CONTENT, route: '/' });
    await waitFor('the terminal to show the error', () => dev.output().includes(expected));
    const overlay = page.locator('[data-dev-overlay]');
    await overlay.waitFor();
    await expect(overlay.textContent()).resolves.toContain(expected);

    const fixed = dev.events.length;
    await saveWhole(file(CONTENT), source);
    await eventAfter(fixed, 'reload');
    await overlay.waitFor({ state: 'detached' });
    await page.locator('h1').waitFor();
  });

  it('refuses a foreign Host with 403 on every path, and answers localhost, 127.0.0.1 and [::1]', async () => {
    for (const host of ['evil.example', `evil.example:${dev.port}`, `localhost.evil.example:${dev.port}`, `192.0.2.1:${dev.port}`]) {
      for (const requested of ['/', '/about-us/', '/no-such-page', '/__dev/events', '/__dev/reload.js']) {
        const started = performance.now();
        const answer = await ask({ path: requested, host });
        expect(answer.status, `${host} ${requested}`).toBe(403);
        expect(answer.body, `${host} ${requested}`).toMatch(
          /^This dev server answers only requests for its own names \(localhost, 127\.0\.0\.1, \[::1\];.*not for the host "/,
        );
        expect(answer.body).not.toMatch(/<html|EventSource|event:/);
        expect(performance.now() - started).toBeLessThan(2000);
      }
    }
    await waitFor('the terminal to say so', () => dev.output().includes('Refused a request for the host "evil.example" (403)'));
    for (const host of ['localhost', `localhost:${dev.port}`, `127.0.0.1:${dev.port}`, `[::1]:${dev.port}`]) {
      const answer = await ask({ path: '/about-us/', host });
      expect(answer.status, host).toBe(200);
      expect(answer.body).toContain('<h1');
    }
  });

  it('ends a HEAD of the event stream at once, with the headers a GET gets', async () => {
    const started = performance.now();
    const answer = await ask({ path: '/__dev/events', method: 'HEAD' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.body).toBe('');
  });

  it('moves to the next port when PORT is taken, and says so', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    const second = await startDev(project.root, { PORT: String(taken) });
    try {
      expect(second.port).not.toBe(taken);
      expect(second.output()).toContain(`Port ${taken} is in use`);
      expect((await fetch(`${second.url}/`)).status).toBe(200);
    } finally {
      await second.stop();
      blocker.close();
    }
  });

  it('stops on Ctrl-C and leaves no process behind', async () => {
    const { code, signal } = await dev.stop();
    // npm re-raises the SIGINT it received itself, as it does in a terminal; the server below it
    // finished its clean-up and said so.
    expect(code === 0 || signal === 'SIGINT', `exit code ${code}, signal ${signal}`).toBe(true);
    expect(dev.output()).toContain('Dev server stopped.');
    await waitFor('every process of the group to end', async () => (await livingProcessesInGroup(dev.pgid)).length === 0, 5_000).catch(
      () => undefined,
    );
    expect(await livingProcessesInGroup(dev.pgid)).toEqual([]);
    await expect(fetch(`${dev.url}/`)).rejects.toThrow();
  });
});

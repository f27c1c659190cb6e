/**
 * `npm run dev` on what a file system holds besides plain files: a link into a loop, a link to `/`,
 * a folder the server may not read, and files that vanish (sources as a checkout churns them, and
 * the server's own output, taken by a cleaner of the temporary folder). Each is said in the
 * terminal and over the open page, naming the file and where a link points; the server keeps
 * answering and rebuilding, and a notice goes once its cause is fixed.
 */
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Failure } from '../../generator/failure';
import { type RunningDev, serverPid, startDev, temporaryFoldersOf } from '../../scripts/lib/dev';
import { heldComponent, saveWhole } from '../../scripts/lib/edits';
import { copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { waitFor } from '../../scripts/lib/server';

/** A link in the collection's folder to that folder: the red team's `content/news/loop -> .`. */
const LOOP = 'content/news/zz-dev-test-loop';
/** A link to the file system's root, made while the server runs. */
const ROOT_LINK = 'content/news/zz-dev-test-root';
/** A folder of the project that the server may not read. */
const LOCKED = 'zz-dev-test-locked';

let project: ProjectCopy;
let browser: Browser;
/** The published article the saves go into. */
let article = '';

const file = (relative: string) => path.join(project.root, relative);

/** What the server printed after `since` (a length of its output). */
const printedSince = (dev: RunningDev, since: number) => dev.output().slice(since);

/** The notices the server sends a page: in its first state, then with each change. */
function noticesAfter(dev: RunningDev, since: number): Failure[] | undefined {
  const event = dev.events
    .slice(since)
    .filter((sent) => sent.type === 'notices' || sent.type === 'state')
    .at(-1);
  if (!event) return undefined;
  const data = JSON.parse(event.data) as Failure[] | { notices: Failure[] };
  return Array.isArray(data) ? data : data.notices;
}

/** Saves a sentence into the article and waits for its page to show it, then puts the article back. */
async function savesAreSeen(dev: RunningDev): Promise<void> {
  await savesAreSeenAfter(dev, async () => {});
}

/** As savesAreSeen, with `afterSave` run once the sentence is saved, before the page is asked for. */
async function savesAreSeenAfter(dev: RunningDev, afterSave: () => Promise<void>): Promise<void> {
  const original = await readFile(file(article), 'utf8');
  const sentence = `A sentence saved at ${Date.now()} in the file system test.`;
  // A request waits for the rebuild of the latest save: what it answers is what the save made.
  const shows = async () => (await (await fetch(`${dev.url}/news/${path.basename(article, '.md')}/`)).text()).includes(sentence);
  await saveWhole(file(article), `${original.trimEnd()}\n\n${sentence}\n`);
  await afterSave();
  try {
    await waitFor('the page to show the save', shows, 60_000);
  } finally {
    await saveWhole(file(article), original);
    await waitFor('the page to be as it was', async () => !(await shows()), 60_000);
  }
}

beforeAll(async () => {
  project = await copyProject('site-dev-filesystem-');
  const news = (await readdir(file('content/news'))).filter((name) => name.endsWith('.md'));
  article = `content/news/${news[0]}`;
  browser = await chromium.connect(inject('chromiumEndpoint'));
});

afterAll(async () => {
  await browser?.close();
  // So that any user may remove it.
  await chmod(file(LOCKED), 0o755).catch(() => undefined);
  await project?.remove();
});

describe('links and vanishing files', () => {
  let dev: RunningDev;
  let page: Page;

  beforeAll(async () => {
    await symlink('.', file(LOOP));
    dev = await startDev(project.root);
    page = await browser.newPage();
    await page.goto(`${dev.url}/`);
  }, 120_000);

  afterAll(async () => {
    await page?.close();
    await dev?.stop();
  });

  it('a link into a loop, there at start: the server starts and says what the link is and where it points, in the terminal and over the page', async () => {
    const message = `${LOOP} is a link to "." (content/news), a folder it is in: following it would loop, so the dev server does not.`;
    expect(dev.output()).toContain(message);
    expect((await fetch(`${dev.url}/`)).status).toBe(200);
    expect(noticesAfter(dev, 0)).toEqual([{ message, file: LOOP }]);
    const notices = page.locator('[data-dev-notices]');
    await notices.waitFor();
    await expect(notices.textContent()).resolves.toContain(message);
    // A notice, not a failed build: the page stays usable under it.
    expect(await page.locator('[data-dev-overlay]').count()).toBe(0);

    const since = dev.events.length;
    const printed = dev.output().length;
    await rm(file(LOOP));
    await waitFor('the notice to go', () => noticesAfter(dev, since)?.length === 0);
    await notices.waitFor({ state: 'detached' });
    expect(printedSince(dev, printed)).toContain(`${LOOP}: fixed`);
  });

  it('a link to / made while it runs: named with where it points, not followed, and saves are still seen', async () => {
    const since = dev.events.length;
    const printed = dev.output().length;
    await symlink('/', file(ROOT_LINK));
    const message = `${ROOT_LINK} is a link to "/", outside the project: the dev server does not follow it.`;
    try {
      await waitFor('the notice in the terminal', () => printedSince(dev, printed).includes(message), 30_000);
      expect(noticesAfter(dev, since)).toEqual([{ message, file: ROOT_LINK }]);
      await page.locator('[data-dev-notices]').filter({ hasText: message }).waitFor();
      await savesAreSeen(dev);
    } finally {
      await rm(file(ROOT_LINK));
    }
    await waitFor('the notice to go', () => noticesAfter(dev, since)?.length === 0);
  });

  it('source files that appear and vanish at once, as a checkout churns them: the server keeps answering, and ends built', async () => {
    const printed = dev.output().length;
    for (let round = 0; round < 20; round += 1) {
      const churned = file(`content/news/zz-dev-test-vanish-${round}.md`);
      await copyFile(file(article), churned);
      await rm(churned);
    }
    await savesAreSeen(dev);
    expect((await fetch(`${dev.url}/`)).status).toBe(200);
    // Whatever a rebuild in the churn said, the last one built.
    const lines = printedSince(dev, printed).trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\d\d:\d\d:\d\d ✓ /);
  });

  it('a save made while a build runs, which then fails: that failure is not reported, and the next build shows the save', async () => {
    // The article's page, held in its render until the article is saved again, then failing: a build overtaken by a save.
    const component = file('components/Article/Article.tsx');
    const original = await readFile(component, 'utf8');
    const signals = await mkdtemp(path.join(tmpdir(), 'dev-test-held-'));
    const printed = dev.output().length;
    try {
      await writeFile(path.join(signals, 'go'), '');
      await saveWhole(component, heldComponent(original, signals));
      await waitFor('the build to hold', () => existsSync(path.join(signals, 'held')), 60_000);
      await savesAreSeenAfter(dev, () => writeFile(path.join(signals, 'release'), ''));
      expect(existsSync(path.join(signals, 'gone')), 'the held render failed').toBe(true);
      const lines = printedSince(dev, printed).trimEnd().split('\n');
      expect(lines.filter((line) => line.includes('Build failed'))).toEqual([]);
      expect(lines.at(-1)).toMatch(/^\d\d:\d\d:\d\d ✓ /);
    } finally {
      await saveWhole(component, original);
      await rm(signals, { recursive: true, force: true });
    }
    await savesAreSeen(dev);
  });

  it('its own output, removed by a cleaner of the temporary folder: the next save builds all of it again', async () => {
    const [folder] = await temporaryFoldersOf(await serverPid(dev));
    if (!folder) throw new Error('The dev server has no temporary folder.');
    await rm(path.join(tmpdir(), folder, 'site'), { recursive: true, force: true });
    const printed = dev.output().length;
    await savesAreSeen(dev);
    expect(printedSince(dev, printed)).not.toContain('Build failed');
    expect((await fetch(`${dev.url}/`)).status).toBe(200);
  });
});

describe('a folder the server may not read', () => {
  let dev: RunningDev;
  const message = `${LOCKED}/ cannot be read (EACCES): the dev server does not see what changes in it. Check its permissions.`;

  beforeAll(async () => {
    await mkdir(file(LOCKED));
    await writeFile(file(`${LOCKED}/notes.txt`), 'Notes nobody may read.\n');
    await chmod(file(LOCKED), 0o000);
    dev = await startDev(project.root, {}, [], { permissionsBind: true });
  }, 120_000);

  afterAll(async () => {
    await dev?.stop();
  });

  it('there at start: the server starts and says so, and sees what is saved in it once it may read it', async () => {
    expect(dev.output()).toContain(message);
    expect(noticesAfter(dev, 0)).toEqual([{ message, file: `${LOCKED}/` }]);
    expect((await fetch(`${dev.url}/`)).status).toBe(200);

    const since = dev.events.length;
    const printed = dev.output().length;
    await chmod(file(LOCKED), 0o755);
    await waitFor('the notice to go', () => noticesAfter(dev, since)?.length === 0);
    expect(printedSince(dev, printed)).toContain(`${LOCKED}/: fixed`);
    // What was in it is reported as a new folder's files are; then a save into it alone.
    await waitFor('its file to be reported', () => printedSince(dev, printed).includes(`${LOCKED}/notes.txt`));
    await writeFile(file(`${LOCKED}/saved.txt`), 'Saved once it could be read.\n');
    await waitFor('the save to be seen', () => printedSince(dev, printed).includes(`${LOCKED}/saved.txt`));
  });

  it('made unreadable while it runs: said, and the server keeps answering and seeing saves', async () => {
    const since = dev.events.length;
    const printed = dev.output().length;
    await chmod(file(LOCKED), 0o000);
    try {
      await waitFor('the notice in the terminal', () => printedSince(dev, printed).includes(message));
      expect(noticesAfter(dev, since)).toEqual([{ message, file: `${LOCKED}/` }]);
      await savesAreSeen(dev);
    } finally {
      await chmod(file(LOCKED), 0o755);
    }
    await waitFor('the notice to go', () => noticesAfter(dev, since)?.length === 0);
  });
});

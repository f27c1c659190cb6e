/**
 * One check, two places: every mistake `npm run build` refuses, `npm run dev` shows on save, in the
 * terminal and over the open page, with the build's very message (the content file and line in
 * it), gone after the next good save. The mistakes are an owner's and an editor's: a character the
 * font cannot draw, a broken link, a misspelled field and an id given twice in a page's content;
 * a bad date, a missing title, an unknown key, a broken link, a skipped heading level, a missing
 * image, an image without alt text, raw HTML and a heading whose id the layout has in an article. Then the Markdown that editors save:
 * an article saved renders again with the lists it is in, not the whole site, a renamed one moves
 * with its list's link, and a new one appears without a restart. Each edit is found from the project's own files, not hard-coded.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { slugOf } from '../../generator/urls';
import { type RunningDev, startDev } from '../../scripts/lib/dev';
import { saveWhole } from '../../scripts/lib/edits';
import { buildCommand, copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { waitFor } from '../../scripts/lib/server';

let project: ProjectCopy;
let dev: RunningDev;
let browser: Browser;
let page: Page;
/** The published article the edits go into. */
let article = '';
/** An id the layout gives every page: its main element's. */
let layoutId = '';

const file = (relative: string) => path.join(project.root, relative);

/** The first event of a type sent after `since` (an index into dev.events). */
function eventAfter(since: number, type: string) {
  return waitFor(`a "${type}" event`, () => dev.events.slice(since).find((event) => event.type === type), 60_000);
}

/** What `npm run build` says of the project as it is now: the message after "Build failed: ". */
function buildMessage(): string {
  const [command, args] = buildCommand(['--out-dir', path.join(project.root, '.mistakes-build')]);
  const result = spawnSync(command, args, { cwd: project.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(result.status, result.stdout).toBe(1);
  return /^Build failed: ([\s\S]*?)\n\S*\/? was left unchanged\./m.exec(result.stderr)?.[1] ?? result.stderr;
}

/** `source` with the first match of `pattern` replaced, and the line it is on. */
function edit(source: string, pattern: RegExp, replace: (match: RegExpExecArray) => string): { text: string; line: number } {
  const match = pattern.exec(source);
  if (!match) throw new Error(`Nothing matches ${pattern} to edit.`);
  const at = match.index + (match[0].length - match[0].trimStart().length);
  return {
    text: source.slice(0, match.index) + replace(match) + source.slice(match.index + match[0].length),
    line: source.slice(0, at).split('\n').length,
  };
}

/** A content file of a route whose source matches `pattern`. */
async function contentMatching(pattern: RegExp): Promise<string> {
  for (const name of (await readdir(file('pages'), { withFileTypes: true })).filter((entry) => entry.isDirectory())) {
    const relative = `pages/${name.name}/content.ts`;
    if (pattern.test(await readFile(file(relative), 'utf8').catch(() => ''))) return relative;
  }
  throw new Error(`No content file matches ${pattern}.`);
}

/** After a line of the article's body: its first paragraph's. */
const inBody = (addition: string) => (source: string) => edit(source, /\n\n(?=[A-Z])/, () => `\n\n${addition}\n\n`);

beforeAll(async () => {
  project = await copyProject('site-dev-mistakes-');
  const news = (await readdir(file('content/news'))).filter((name) => name.endsWith('.md'));
  article = `content/news/${news[0]}`;
  // An image beside the article, for the mistakes about images.
  await copyFile(path.join(project.root, 'tests/fixtures/collection/reports/wide.png'), file('content/news/zz-test-wide.png'));
  dev = await startDev(project.root);
  browser = await chromium.connect(inject('chromiumEndpoint'));
  page = await browser.newPage();
  await page.goto(`${dev.url}/`);
  layoutId = (await page.locator('main').getAttribute('id')) ?? '';
}, 180_000);

afterAll(async () => {
  await browser?.close();
  dev?.kill();
  await project?.remove();
});

type Mistake = [what: string, target: () => Promise<string>, change: (source: string) => { text: string; line: number }];

const MISTAKES: Mistake[] = [
  [
    'a character the font cannot draw',
    () => contentMatching(/heading: '/),
    (source) => edit(source, /heading: '/, (match) => `${match[0]}Lift-off 🚀 `),
  ],
  [
    'a link to no page',
    () => contentMatching(/href: '\/[^']+'/),
    (source) => edit(source, /href: '\/[^']+'/, () => "href: '/zz-test-nowhere/'"),
  ],
  [
    'a misspelled field',
    () => contentMatching(/\n\s+lead: /),
    (source) => edit(source, /\n\s+lead: /, (match) => match[0].replace('lead', 'lede')),
  ],
  [
    'an id given twice',
    () => contentMatching(/id: '[a-z-]+'[\s\S]*id: '[a-z-]+'/),
    (source) => {
      const [first, second] = source.matchAll(/id: '([a-z-]+)'/g);
      const at = second?.index ?? 0;
      const text = `${source.slice(0, at)}id: '${first?.[1]}'${source.slice(at + (second?.[0].length ?? 0))}`;
      return { text, line: source.slice(0, at).split('\n').length };
    },
  ],
  ['a date that is no date', async () => article, (source) => edit(source, /^date: .*$/m, () => 'date: 2026-13-01')],
  ['a missing title', async () => article, (source) => edit(source, /^title: .*\n/m, () => '')],
  [
    'an unknown key',
    async () => article,
    (source) => {
      const added = edit(source, /^date: .*$/m, (match) => `${match[0]}\nbyline: The team`);
      return { ...added, line: added.line + 1 };
    },
  ],
  ['a broken link in an article', async () => article, inBody('Read [our pricing](/zz-test-nowhere/).')],
  ['a heading that skips a level', async () => article, inBody('#### A heading two levels down')],
  ['a missing image', async () => article, inBody('![A chart](zz-test-missing.png)')],
  ['an image without alt text', async () => article, inBody('![](zz-test-wide.png)')],
  ['raw HTML', async () => article, inBody('<div class="note">A note</div>')],
  [
    'a heading whose id the layout has',
    async () => article,
    // In words, as an editor writes a heading ("Main"): the id itself is nowhere in the file.
    (source) =>
      inBody(`## ${layoutId.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`)}`)(
        source,
      ),
  ],
];

describe('a mistake saved in npm run dev', () => {
  // One after another: each is the only mistake in the project while it is looked at.
  for (const [what, target, change] of MISTAKES) {
    it(`${what}: the build's message, with its file and line, over the page and in the terminal, gone after a fix`, async () => {
      const relative = await target();
      const original = await readFile(file(relative), 'utf8');
      const { text, line } = change(original);
      const since = dev.events.length;
      await saveWhole(file(relative), text);
      try {
        const event = await eventAfter(since, 'build-error');
        const shown = JSON.parse(event.data) as { message: string };
        const built = buildMessage();
        expect(shown.message).toBe(built);
        // The missing title is the line the title was on: the frontmatter's, where it belongs.
        expect(shown.message).toContain(what === 'a missing title' ? `${relative}:` : `${relative}:${line}`);
        await waitFor('the terminal to show the message', () => dev.output().includes(built));
        const overlay = page.locator('[data-dev-overlay]');
        await overlay.waitFor({ timeout: 60_000 });
        await expect(overlay.textContent()).resolves.toContain(shown.message.split('\n').at(-1)?.trim());
      } finally {
        const fixed = dev.events.length;
        await saveWhole(file(relative), original);
        await eventAfter(fixed, 'reload');
      }
      await page.locator('[data-dev-overlay]').waitFor({ state: 'detached', timeout: 60_000 });
    });
  }
});

describe('an article saved in npm run dev', () => {
  it('renders again with the lists it is in, and no other page', async () => {
    const original = await readFile(file(article), 'utf8');
    const slug = path.basename(article, '.md');
    const since = dev.events.length;
    const printed = dev.output().length;
    await saveWhole(file(article), `${original.trimEnd()}\n\nA sentence added in the dev test.\n`);
    try {
      await eventAfter(since, 'reload');
      const line = await waitFor('the terminal line for the save', () =>
        dev
          .output()
          .slice(printed)
          .split('\n')
          .find((text) => text.includes(`${article} → `) && text.includes('rendered')),
      );
      const rendered = /\(\d+ of \d+: (.*) rendered\)/.exec(line)?.[1]?.split(' ');
      // Its page, the list, and the list of each of its tags (`tags: [A, B]`), which show its words.
      const tags = /^tags: \[(.*)\]$/m.exec(original)?.[1]?.split(',') ?? [];
      const tagLists = tags.map((tag) => `/news/tags/${slugOf(tag.trim())}/`);
      expect(rendered?.sort()).toEqual([`/news/${slug}/`, '/news/', ...tagLists].sort());
      expect(await (await fetch(`${dev.url}/news/${slug}/`)).text()).toContain('A sentence added in the dev test.');
    } finally {
      const restored = dev.events.length;
      await saveWhole(file(article), original);
      await eventAfter(restored, 'reload');
    }
  });

  it('moves with its file: renamed, its words unchanged, it is at the new address and the list links it, with no failed build', async () => {
    const slug = path.basename(article, '.md');
    const moved = `zz-test-renamed-${slug}`;
    const printed = dev.output().length;
    await rename(file(article), file(path.join(path.dirname(article), `${moved}.md`)));
    try {
      await waitFor(
        'the list to link the new address',
        async () => (await (await fetch(`${dev.url}/news/`)).text()).includes(`/news/${moved}/`) || undefined,
        60_000,
      );
      expect((await fetch(`${dev.url}/news/${moved}/`)).status).toBe(200);
      expect(dev.output().slice(printed)).not.toContain('Build failed');
    } finally {
      const restored = dev.events.length;
      await rename(file(path.join(path.dirname(article), `${moved}.md`)), file(article));
      await eventAfter(restored, 'reload');
    }
  });

  it('appears without a restart when it is a new file, on its own page and in the list', async () => {
    const added = 'content/news/zz-test-added-in-dev.md';
    const since = dev.events.length;
    const date = new Date().toISOString().slice(0, 10);
    await saveWhole(
      file(added),
      `---\ntitle: An article added while the dev server runs\ndescription: A new Markdown file, saved once, that the dev server must show without a restart.\ndate: ${date}\n---\n\nIts first paragraph.\n`,
    );
    try {
      await eventAfter(since, 'reload');
      const own = await fetch(`${dev.url}/news/zz-test-added-in-dev/`);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('An article added while the dev server runs');
      expect(await (await fetch(`${dev.url}/news/`)).text()).toContain('/news/zz-test-added-in-dev/');
    } finally {
      const removed = dev.events.length;
      await rm(file(added));
      await eventAfter(removed, 'reload');
    }
    expect((await fetch(`${dev.url}/news/zz-test-added-in-dev/`)).status).toBe(404);
  });
});

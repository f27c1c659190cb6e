/**
 * What an editor, or an attacker, can put in a collection's folder beyond the everyday mistakes (markdown.unit.test.ts):
 * characters no page shows, comments around text, dates past the clock or before 1970, two entries of one title, an alias
 * bomb, an empty or missing folder, and links that lead out of the project. Each is named with its file and line.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCollection } from '../../generator/render/collection';
import { withText } from '../../generator/render/entry-text';
import { type AnyPages, describeSite } from '../../generator/render/model';
import type { Collection } from '../../generator/site';
import { folderName } from '../../generator/urls';
import pages from '../../pages/site';
import { projectRoot } from '../../scripts/lib/project';
import siteConfig from '../../site.config';

const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const collection = { folder: 'notes', path: '/notes', fields: {} } as unknown as Collection<unknown>;
const NOW = Date.parse('2026-06-01T00:00:00Z');
const front = (fields: string) => `---\n${fields}\n---\n`;
const good = 'title: A good title\ndescription: A description long enough for a search result to show it in full.\ndate: 2026-05-01';

async function tempFolder(): Promise<string> {
  const folder = await realpath(await mkdtemp(path.join(tmpdir(), 'collection-edges-')));
  folders.push(folder);
  return folder;
}

/** A project whose notes/ folder holds these files; returns its root. */
async function project(files: Record<string, string>): Promise<string> {
  const root = await tempFolder();
  await mkdir(path.join(root, 'notes'));
  for (const [file, contents] of Object.entries(files)) await writeFile(path.join(root, 'notes', file), contents);
  return root;
}

const load = (root: string, mode: 'production' | 'development' = 'production') =>
  loadCollection(root, 'notes', collection, { now: NOW, mode });

/** The problems of notes/ as "file:line: text". */
async function problems(files: Record<string, string>): Promise<string[]> {
  const { problems: found } = await load(await project(files));
  return found.map((problem) => `${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.text}`);
}

describe("an entry's body", () => {
  it.each([
    ['a bell', '\u0007', 'U+0007'],
    ['an escape, as a terminal colour starts', '\u001b[31m', 'U+001B'],
    ['a delete', '\u007f', 'U+007F'],
    ['a next line (NEL)', '\u0085', 'U+0085'],
  ])('refuses %s, as the frontmatter does, naming its line', async (_what, character, code) => {
    expect(await problems({ 'entry.md': `${front(good)}\nFirst line.\nA line with ${character} in it.\n` })).toEqual([
      `notes/entry.md:8: the text holds the control character ${code}, which no page can show: delete it`,
    ]);
  });

  it('refuses text between two comments on one line, which a line that starts with a comment would lose', async () => {
    expect(await problems({ 'entry.md': `${front(good)}\n<!-- a --> Important text <!-- b -->\n` })).toEqual([
      'notes/entry.md:7: has text on the line of a comment (Important text): a line that starts with a comment is left out whole; put the comment on a line of its own',
    ]);
  });

  it('refuses a comment never closed, which would swallow the rest of the entry', async () => {
    expect(await problems({ 'entry.md': `${front(good)}\nThe lead.\n\n<!-- a note to the editors\n\nThe rest of the entry.\n` })).toEqual([
      'notes/entry.md:9: opens a comment (<!--) that is never closed: everything after it would be left out; end it with -->',
    ]);
  });

  it('takes comments inside a paragraph, and comments alone on their lines', async () => {
    expect(await problems({ 'entry.md': `${front(good)}\nSome <!-- a --> kept <!-- b --> text.\n\n<!-- a --> <!-- b -->\n` })).toEqual([]);
  });
});

describe("an entry's frontmatter", () => {
  it.each([
    ['an hour of 24', '2026-11-05T24:00:00Z'],
    ['a minute of 60', '2026-11-05T10:60:00Z'],
    ['a time zone of 24 hours', '2026-11-05T10:00:00+24:00'],
  ])('refuses a date with %s, which no feed may carry', async (_what, value) => {
    expect(await problems({ 'entry.md': `${front(good.replace('2026-05-01', value))}\nText.\n` })).toEqual([
      `notes/entry.md:4: date has a time past the clock: hours run from 00 to 23, minutes and seconds from 00 to 59 (the midnight that ends a day is 00:00 of the next) (found "${value}")`,
    ]);
  });

  it.each(['0000-01-01', '1969-12-31'])('refuses the date %s, before 1970', async (value) => {
    expect(await problems({ 'entry.md': `${front(good.replace('2026-05-01', value))}\nText.\n` })).toEqual([
      `notes/entry.md:4: date has the year ${value.slice(0, 4)}: write a date from 1970 on, its year in full, such as 2025-06-01 (found "${value}")`,
    ]);
  });

  it.each(['1970-01-01', '2026-11-05T23:59:59Z', '2026-11-05T00:00:00-12:00'])('takes the date %s', async (value) => {
    expect(await problems({ 'entry.md': `${front(good.replace('2026-05-01', value))}\nText.\n` })).toEqual([]);
  });

  it.each([
    ['U+FFFE', 'A good \uFFFE title'],
    ['U+D800', 'A good "\\uD800" title'],
  ])('refuses %s in a title, which no share image can draw, naming the line', async (code, title) => {
    const quoted = title.includes('"') ? `"${title.replaceAll('"', '')}"` : title;
    expect(await problems({ 'entry.md': `${front(good.replace('A good title', quoted))}\nText.\n` })).toEqual([
      `notes/entry.md:2: title holds ${code}, which is not a character and no page can show: delete it`,
    ]);
  });

  it('refuses an alias bomb, naming the file and the line of its first alias', async () => {
    const bomb = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
    for (const [index, name] of [...'bcdefghi'].entries())
      bomb.push(
        `${name}: &${name} [${Array(9)
          .fill(`*${String.fromCharCode(97 + index)}`)
          .join(', ')}]`,
      );
    const [problem, ...more] = await problems({ 'entry.md': `${front(`${good}\n${bomb.join('\n')}`)}\nText.\n` });
    expect(more).toEqual([]);
    expect(problem).toMatch(
      /^notes\/entry\.md:6: the frontmatter cannot be read \(.+\): write its values out instead of repeating them with aliases \(\*name\)$/,
    );
  });
});

describe('the entries of a collection', () => {
  it('each have a title of their own, a second naming the first', async () => {
    const same = `${front(good)}\nText.\n`;
    expect(await problems({ 'first.md': same, 'second.md': same })).toEqual([
      'notes/second.md:2: title "A good title" is the title of notes/first.md:2 too: each entry of a collection needs its own',
    ]);
  });

  it('are read again, as checked, by a request for the body; one saved since fails naming it, rather than render unchecked text', async () => {
    const text = `${front(good)}\nText.\n`;
    const root = await project({ 'entry.md': text });
    const [entry] = (await load(root)).entries;
    if (!entry) throw new Error('The entry was not loaded.');
    // The main thread keeps no entry's text.
    expect(entry.source).toBeUndefined();
    expect(withText(root, entry).source).toBe(text);
    await writeFile(path.join(root, 'notes', 'entry.md'), `${text}A line added during the build.\n`);
    expect(() => withText(root, entry)).toThrow(
      'notes/entry.md could not be read again: it changed while the site was being built. Build again.',
    );
  });

  it('may share a title with a draft, which no build publishes beside it', async () => {
    const root = await project({ 'first.md': `${front(good)}\nText.\n`, 'second.md': `${front(`${good}\ndraft: true`)}\nText.\n` });
    expect((await load(root)).problems).toEqual([]);
    // The dev server shows both.
    expect((await load(root, 'development')).problems.map((problem) => problem.file)).toEqual(['notes/second.md']);
  });
});

describe('an empty collection', () => {
  const site = (folder: string) =>
    ({
      ...pages,
      collections: { notes: { ...pages.collections?.news, folder, path: '/notes' } },
      // Its pages show no collection's newest entries: the site's own are not in the temporary project.
      content: { ...pages.content, latest: undefined },
    }) as unknown as AnyPages;

  it('builds its list, empty, at its address, and no feed entry', async () => {
    const root = await project({ '.gitkeep': '' });
    const described = await describeSite(site('notes'), { root, mode: 'production', now: NOW }, 'pages/site.tsx');
    const list = described.pages.filter((page) => page.collection === 'notes');
    expect(list.map((page) => [page.path, page.kind, page.target])).toEqual([
      ['/notes', 'list', { kind: 'list', collection: 'notes', page: 1, pages: 1, entries: [], tags: [] }],
    ]);
    expect(described.feeds.find((feed) => feed.collection === 'notes')?.entries).toEqual([]);
  });

  it("of this site keeps its folder: each collection's folder holds a file git tracks that is no entry's (a .gitkeep)", async () => {
    // The collections as the build learns them: from the pages module the site config names.
    const { default: own } = (await import(path.join(projectRoot, siteConfig.pages))) as { default: AnyPages };
    const collections = Object.entries(own.collections ?? {});
    expect(collections.length).toBeGreaterThan(0);
    for (const [name, collection] of collections) {
      const folder = folderName(collection.folder);
      // What goes with the last entry: the entries, any .md in the folder itself (read or not), and the images they show,
      // drafts' too (in development every entry is shown).
      const { entries, images } = await loadCollection(projectRoot, name, collection, { now: Date.now(), mode: 'development' });
      const theirs = new Set([...entries.map((entry) => entry.file), ...images.map((image) => image.file)]);
      const isEntry = (file: string) => theirs.has(file) || (path.posix.dirname(file) === folder && file.endsWith('.md'));
      const tracked = execFileSync('git', ['ls-files', '-z', '--', folder], { cwd: projectRoot, encoding: 'utf8' }).split('\0');
      expect(
        tracked.filter((file) => file !== '' && !isEntry(file)),
        `${folder}/ (collection "${name}") holds no file git tracks but its entries and their images`,
      ).not.toEqual([]);
    }
  });

  it('without its folder (git keeps no empty folder) fails, saying what to do', async () => {
    const root = await tempFolder();
    const failure = await describeSite(site('notes'), { root, mode: 'production', now: NOW }, 'pages/site.tsx').catch(
      (error: Error) => error.message,
    );
    expect(failure).toBe(
      'notes: collection "notes": its folder notes does not exist. Git keeps no empty folder: if its last entry was deleted, add an empty notes/.gitkeep (an empty collection builds an empty list); else correct its folder in the pages module',
    );
  });
});

describe('a link in a collection', () => {
  it('to an entry or a folder outside the project is refused, naming the link and where it points', async () => {
    const elsewhere = await tempFolder();
    await writeFile(path.join(elsewhere, 'leak.md'), `${front(good)}\nA secret.\n`);
    const root = await project({ 'entry.md': `${front(good.replace('A good', 'Another'))}\nText.\n` });
    await symlink(path.join(elsewhere, 'leak.md'), path.join(root, 'notes', 'leak.md'));
    const loaded = await load(root);
    expect(loaded.entries.map((entry) => entry.file)).toEqual(['notes/entry.md']);
    expect(loaded.problems.map((problem) => `${problem.file}: ${problem.text}`)).toEqual([
      `notes/leak.md: notes/leak.md is a link to ${elsewhere}/leak.md, outside the project: only the project's own files are published. Copy what belongs to the site into the project, or remove the link.`,
    ]);

    const linkedFolder = await tempFolder();
    await symlink(elsewhere, path.join(linkedFolder, 'notes'));
    const folder = await load(linkedFolder);
    expect(folder.entries).toEqual([]);
    expect(folder.problems.map((problem) => `${problem.file}: ${problem.text}`)).toEqual([
      `notes: notes is a link to ${elsewhere}, outside the project: only the project's own files are published. Copy what belongs to the site into the project, or remove the link.`,
    ]);
  });

  it('to nothing (a file moved away) fails naming the entry and where it pointed, not the code that read it', async () => {
    const root = await project({ 'entry.md': `${front(good)}\nText.\n` });
    await symlink('moved-away.md', path.join(root, 'notes', 'gone.md'));
    const loaded = await load(root);
    expect(loaded.entries.map((entry) => entry.file)).toEqual(['notes/entry.md']);
    expect(loaded.problems.map((problem) => `${problem.file}: ${problem.text}`)).toEqual([
      'notes/gone.md: is a link to moved-away.md, which does not exist: restore the file, or remove the link',
    ]);
  });

  it('to an entry or a folder inside the project is followed', async () => {
    const root = await tempFolder();
    await mkdir(path.join(root, 'drafts', 'shared'), { recursive: true });
    await writeFile(path.join(root, 'drafts', 'shared', 'one.md'), `${front(good)}\nText.\n`);
    await writeFile(path.join(root, 'drafts', 'two.md'), `${front(good.replace('A good', 'Another'))}\nText.\n`);
    await symlink(path.join(root, 'drafts', 'shared'), path.join(root, 'notes'));
    await symlink(path.join(root, 'drafts', 'two.md'), path.join(root, 'drafts', 'shared', 'two.md'));
    const loaded = await load(root);
    expect(loaded.problems).toEqual([]);
    expect(loaded.entries.map((entry) => entry.info.title).sort()).toEqual(['A good title', 'Another title']);
  });
});

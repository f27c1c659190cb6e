/**
 * The dev server's watcher (generator/dev/watch.ts) on a folder of its own: every save is seen,
 * even in a burst of renames, as editors save (a new file written beside, then renamed over the
 * old one) and as a `git checkout` rewrites many files at once; and links: followed inside the
 * project, never into a loop or out of it, each such one named with where it points.
 */
import fs, { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SourceWatcher, watchSources } from '../../generator/dev/watch';
import { waitFor } from '../../scripts/lib/server';

let root: string;
let watcher: SourceWatcher;
const seen: { file: string; at: number }[] = [];
const COMPONENTS = 40;
const component = (index: number) => `components/Part${index}`;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'watch-test-'));
  for (let index = 0; index < COMPONENTS; index += 1) {
    await mkdir(path.join(root, component(index)), { recursive: true });
    await writeFile(path.join(root, component(index), `Part${index}.tsx`), 'export const a = 1;\n');
    await writeFile(path.join(root, component(index), `_part${index}.scss`), '.c-part { color: red; }\n');
  }
  await mkdir(path.join(root, 'node_modules', 'x'), { recursive: true });
  watcher = await watchSources(root, (file) => seen.push({ file, at: performance.now() }));
  await watcher.ready;
});

afterAll(async () => {
  await watcher?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the source watcher', () => {
  it('sees every file of a burst of renames over existing files', async () => {
    seen.length = 0;
    const saves = await Promise.all(
      Array.from({ length: COMPONENTS }, async (_, index) => {
        const files = [`${component(index)}/Part${index}.tsx`, `${component(index)}/_part${index}.scss`];
        for (const file of files) {
          const target = path.join(root, file);
          await writeFile(`${target}.tmp`, `/* save ${index} */\n`);
          await rename(`${target}.tmp`, target);
        }
        return files;
      }),
    );
    const expected = saves.flat();
    const missing = () => expected.filter((file) => !seen.some((event) => event.file === file));
    await waitFor('an event for every saved file', () => missing().length === 0, 10_000).catch(() => undefined);
    expect(missing()).toEqual([]);
    // Each once, or twice (the second look after chokidar's throttle), and nothing else.
    expect(seen.filter((event) => !expected.includes(event.file))).toEqual([]);
  });

  it('sees a second save of a file right after the first (chokidar drops a change within 50 ms of the last)', async () => {
    seen.length = 0;
    const file = `${component(0)}/Part0.tsx`;
    await writeFile(path.join(root, file), 'export const a = 2;\n');
    await waitFor('the first save', () => seen.some((event) => event.file === file), 10_000, 1);
    // Taken before the save: the watcher's second look may report it while writeFile is still
    // closing the file, before its promise settles.
    const saved = performance.now();
    await writeFile(path.join(root, file), 'export const a = 3;\n');
    await waitFor('an event after the second save', () => seen.some((event) => event.file === file && event.at > saved), 10_000).catch(
      () => undefined,
    );
    expect(seen.filter((event) => event.file === file && event.at > saved).length).toBeGreaterThan(0);
  });

  it('sees every file saved into folders made a moment before, as a checkout of a branch adds them', async () => {
    seen.length = 0;
    const files = Array.from({ length: COMPONENTS }, (_, index) => `components/New${index}/sub/New${index}.tsx`);
    await Promise.all(
      files.map(async (file) => {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(`${path.join(root, file)}.tmp`, 'export const b = 2;\n');
        await rename(`${path.join(root, file)}.tmp`, path.join(root, file));
      }),
    );
    const missing = () => files.filter((file) => !seen.some((event) => event.file === file));
    await waitFor('an event for every new file', () => missing().length === 0, 10_000).catch(() => undefined);
    expect(missing()).toEqual([]);
  });

  it('sees a file that lands in a new folder after chokidar read the folder and before it watched it', async () => {
    seen.length = 0;
    const folder = path.join(root, 'components', 'Late', 'sub');
    const file = 'components/Late/sub/Late.tsx';
    // chokidar reads a new folder and then watches it (node:fs's watch, its binding kept in step):
    // the file is written as that watch begins, as a busy checkout once did in CI.
    const watch = fs.watch;
    fs.watch = ((target: fs.PathLike, ...rest: unknown[]) => {
      if (String(target) === folder) writeFileSync(path.join(root, file), 'export const c = 1;\n');
      return (watch as (...args: unknown[]) => fs.FSWatcher)(target, ...rest);
    }) as typeof fs.watch;
    syncBuiltinESMExports();
    try {
      await mkdir(folder, { recursive: true });
      await waitFor('an event for the file', () => seen.some((event) => event.file === file), 10_000).catch(() => undefined);
    } finally {
      fs.watch = watch;
      syncBuiltinESMExports();
    }
    expect(seen.filter((event) => event.file === file)).toHaveLength(1);
  });

  it('sees a folder made after it started, public/, and leaves node_modules and editor droppings alone', async () => {
    seen.length = 0;
    await writeFile(path.join(root, 'node_modules', 'x', 'index.ts'), '');
    await writeFile(path.join(root, component(0), '.Part0.tsx.swp'), '');
    await mkdir(path.join(root, 'public'));
    await waitFor('public/ to be watched', () => seen.some((event) => event.file === 'public/'), 10_000);
    await writeFile(path.join(root, 'public', 'robots.txt'), 'User-agent: *\n');
    await waitFor('public/robots.txt', () => seen.some((event) => event.file === 'public/robots.txt'), 10_000);
    expect(seen.filter((event) => event.file.includes('node_modules') || event.file.endsWith('.swp'))).toEqual([]);
  });
});

describe('the source watcher and links', () => {
  let linkRoot: string;
  let linkWatcher: SourceWatcher;
  const changes: string[] = [];
  const notices: { file?: string; message: string; fixed: boolean }[] = [];
  const noticeOf = (file: string) => notices.find((notice) => notice.file === file && !notice.fixed);

  beforeAll(async () => {
    linkRoot = await mkdtemp(path.join(tmpdir(), 'watch-links-test-'));
    await mkdir(path.join(linkRoot, 'content', 'news'), { recursive: true });
    await mkdir(path.join(linkRoot, 'shared', 'reports'), { recursive: true });
    await writeFile(path.join(linkRoot, 'shared', 'reports', 'q1.md'), 'Q1\n');
    // There from the start: a loop, a link to the file system's root, a chain of links that leads back to itself, and a link
    // inside the project, which is followed.
    await symlink('.', path.join(linkRoot, 'content', 'news', 'loop'));
    await symlink('/', path.join(linkRoot, 'content', 'root'));
    await symlink('b', path.join(linkRoot, 'content', 'a'));
    await symlink('a', path.join(linkRoot, 'content', 'b'));
    await symlink('../shared/reports', path.join(linkRoot, 'content', 'reports'));
    linkWatcher = await watchSources(
      linkRoot,
      (file) => changes.push(file),
      (notice, fixed) => notices.push({ ...notice, fixed }),
    );
    await linkWatcher.ready;
  });

  afterAll(async () => {
    await linkWatcher?.close();
    await rm(linkRoot, { recursive: true, force: true });
  });

  it('follows none into a loop or out of the project, and says what each is and where it points', () => {
    expect(noticeOf('content/news/loop')?.message).toBe(
      'content/news/loop is a link to "." (content/news), a folder it is in: following it would loop, so the dev server does not.',
    );
    expect(noticeOf('content/root')?.message).toBe(
      'content/root is a link to "/", outside the project: the dev server does not follow it.',
    );
    expect(noticeOf('content/a')?.message).toBe(
      'content/a is a link to "b", which leads back to itself through links (ELOOP): the dev server does not follow it.',
    );
    expect(noticeOf('content/reports')).toBeUndefined();
    expect(
      linkWatcher
        .notices()
        .map((notice) => notice.file)
        .sort(),
    ).toEqual(['content/a', 'content/b', 'content/news/loop', 'content/root'].sort());
  });

  it('follows a link inside the project: a save under it is reported by the link’s name', async () => {
    changes.length = 0;
    await writeFile(path.join(linkRoot, 'shared', 'reports', 'q1.md'), 'Q1, revised\n');
    await waitFor('the save by the link’s name', () => changes.includes('content/reports/q1.md'), 10_000);
  });

  it('says a link made while it runs, and that it is fixed once it is gone or points inside', async () => {
    const link = path.join(linkRoot, 'content', 'outside');
    await symlink(tmpdir(), link);
    await waitFor('the notice', () => noticeOf('content/outside'), 10_000);
    expect(noticeOf('content/outside')?.message).toMatch(/^content\/outside is a link to ".*", outside the project/);
    await rm(link);
    await waitFor('the notice to go', () => notices.some((notice) => notice.file === 'content/outside' && notice.fixed), 10_000);
    await rm(path.join(linkRoot, 'content', 'news', 'loop'));
    await waitFor('the loop’s notice to go', () => notices.some((notice) => notice.file === 'content/news/loop' && notice.fixed), 10_000);
    expect(linkWatcher.notices().map((notice) => notice.file)).not.toContain('content/news/loop');
  });
});

/**
 * Pages render on every core, and the cache only ever saves time: whatever the number of render
 * workers, and whether the cache was warm, cold or off, a build writes the same bytes; a change to
 * any source is in the next build.
 */
import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDir } from '../../generator/cache.mjs';
import { BuildError } from '../../generator/failure';
import { runBuild } from '../../generator/pipeline';
import { routeFile } from '../../generator/urls';
import { buildCommand, copyProject, type ProjectCopy, projectRoot } from '../../scripts/lib/project';
import { PAGES, routes } from '../fixtures/routes/repeated';
import { fingerprint } from '../support/files';
import { fixture, leftovers } from '../support/output';

let workDir: string;
let project: ProjectCopy;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'parallel-test-'));
  project = await copyProject('parallel-test-project-');
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await project?.remove();
});

const quiet = { log: () => {} };

// Tests of several whole builds each: on a busy machine four builds have taken 38 s, so their limit is the time a build's
// own limits allow (a step stops at 120 s), not vitest's 30 s for one action.
const BUILDS = { timeout: 180_000 };

describe('render workers', () => {
  it(`write the same bytes for ${PAGES} pages whether one, two or three render them`, BUILDS, async () => {
    const prints: string[] = [];
    for (const jobs of [1, 2, 3]) {
      const outDir = path.join(workDir, `jobs-${jobs}`, 'dist');
      const result = await runBuild({ root: projectRoot, ...quiet, outDir, jobs, pages: fixture('repeated.ts') });
      const written = new Set(result.outputs.map((output) => output.path));
      expect(routes.filter((route) => written.has(routeFile(route.path)))).toHaveLength(PAGES);
      prints.push(JSON.stringify(await fingerprint(outDir)));
    }
    expect(new Set(prints).size).toBe(1);
  });

  it('write the same bytes for a collection of Markdown entries whether one or two render them', BUILDS, async () => {
    // Only the first worker reads and checks the Markdown; the others take its entries and parse a body where they render it.
    // Titles of this run's own: the first build draws each entry's share image, side by side, and the second links them.
    const count = 150;
    const folder = path.join(project.root, 'zz-test-notes');
    await mkdir(folder, { recursive: true });
    for (let index = 0; index < count; index += 1) {
      const day = new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
      const body = `Note ${index} opens with a paragraph.\n\n## What changed in week ${index}\n\n- One\n- [Two](/about-us/)\n\n| Kind | Count |\n| --- | ---: |\n| Alerts | ${index} |\n`;
      await writeFile(
        path.join(folder, `note-${index}.md`),
        `---\ntitle: Test note ${index} (run ${process.pid})\ndescription: The test's note number ${index}, one of many that two render workers share between them.\ndate: ${day}\n---\n\n${body}`,
      );
    }
    const module = path.join(project.root, 'zz-test-notes.tsx');
    await writeFile(
      module,
      `import site from './pages/site';\nexport default { ...site, collections: { ...site.collections, notes: { ...site.collections.news, folder: 'zz-test-notes', path: '/zz-test-notes', list: { ...site.collections.news.list, title: 'Test notes', fields: {} }, feed: 'Test notes' } } };\n`,
    );
    const prints: string[] = [];
    for (const jobs of [1, 2]) {
      const outDir = path.join(workDir, `notes-${jobs}`, 'dist');
      await runBuild({ ...quiet, root: project.root, outDir, jobs, pages: 'zz-test-notes.tsx' });
      const page = await readFile(path.join(outDir, 'zz-test-notes', `note-${count - 1}`, 'index.html'), 'utf8');
      expect(page).toContain(`<h2 id="what-changed-in-week-${count - 1}">`);
      expect(page).toContain('<td data-align="right">');
      prints.push(JSON.stringify(await fingerprint(outDir)));
    }
    expect(prints[1]).toBe(prints[0]);
  });

  it('report a page that throws on one of three workers as a serial build does: route, file and line', async () => {
    const outDir = path.join(workDir, 'throws', 'dist');
    await runBuild({ root: projectRoot, ...quiet, outDir });
    const before = await fingerprint(outDir);
    const failure = runBuild({ root: projectRoot, ...quiet, outDir, jobs: 3, pages: fixture('throwing-among-many.tsx') });
    await expect(failure).rejects.toBeInstanceOf(BuildError);
    await expect(failure).rejects.toThrow(
      /Page \/zz-test-throwing\/ \(BrokenPricingPage, tests\/fixtures\/routes\/throwing-among-many\.tsx:\d+:\d+\) threw while rendering: pricing table is empty/,
    );
    expect(await fingerprint(outDir)).toEqual(before);
    expect(await leftovers(outDir)).toEqual([]);
  });
});

describe('the cache (node_modules/.cache/site-generator)', () => {
  /** Builds a copy of the project with the cache as it is. */
  async function buildCached(root: string, name: string): Promise<Record<string, string>> {
    const cached = path.join(workDir, `${name}-cached`, 'dist');
    await runBuild({ ...quiet, root, outDir: cached });
    return fingerprint(cached);
  }

  /** Builds a copy of the project with the cache as it is, then with it off; both must agree. */
  async function buildBothWays(root: string, name: string): Promise<Record<string, string>> {
    const print = await buildCached(root, name);
    const uncached = path.join(workDir, `${name}-uncached`, 'dist');
    process.env.SITE_GENERATOR_CACHE = '0';
    try {
      await runBuild({ ...quiet, root, outDir: uncached });
    } finally {
      delete process.env.SITE_GENERATOR_CACHE;
    }
    expect(print).toEqual(await fingerprint(uncached));
    return print;
  }

  /** A copy of the project with a cache of its own, built by the README's command as a whole process. */
  async function withOwnCache(run: (root: string, build: (...args: string[]) => SpawnSyncReturns<string>) => Promise<void>): Promise<void> {
    const own = await copyProject('cache-own-test-', { ownCache: true });
    try {
      await run(own.root, (...args) => spawnSync(...buildCommand(['--quiet', ...args]), { cwd: own.root, encoding: 'utf8' }));
    } finally {
      await own.remove();
    }
  }

  it('changes no byte under load: cold, warm and off, beside two processes that keep both cores busy', BUILDS, async () => {
    await withOwnCache(async (root) => {
      // Two CPU burners, as a busy machine has: the build's workers, Sass and the font subsetter wait their turn.
      const burners = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
      try {
        const prints: Record<string, Record<string, string>> = {};
        for (const [name, args] of [
          ['cold', []],
          ['warm', []],
          ['off', ['--no-cache']],
        ] as const) {
          const outDir = path.join(workDir, `loaded-${name}`);
          const [node, command] = buildCommand(['--quiet', '--out-dir', outDir, ...args]);
          const child = spawn(node, command, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          child.stderr.on('data', (chunk: Buffer) => {
            stderr += chunk.toString();
          });
          const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
          expect({ name, status, stderr }).toEqual({ name, status: 0, stderr: '' });
          prints[name] = await fingerprint(outDir);
        }
        // The cold build filled the cache, which the warm one read.
        expect((await readdir(cacheDir(root))).length).toBeGreaterThan(0);
        expect(prints.warm).toEqual(prints.cold);
        expect(prints.off).toEqual(prints.cold);
      } finally {
        for (const burner of burners) burner.kill('SIGKILL');
      }
    });
  });

  it('is used from the second build on: nothing changed, it makes no bundle again', BUILDS, async () => {
    await withOwnCache(async (root, build) => {
      const cache = cacheDir(root);
      // Each bundle's output, with the time it was written: made again, it is written again. (Its record may be stamped
      // again, once its inputs have settled, so that the next build checks them by their stat.)
      const written = async () => {
        const files: string[] = [];
        for (const kind of ['launch', 'config', 'site']) {
          for (const name of (await readdir(path.join(cache, kind)).catch(() => [])).sort())
            files.push(`${kind}/${name} ${(await stat(path.join(cache, kind, name))).mtimeMs}`);
        }
        return files;
      };
      const outputs = async () => (await written()).filter((file) => !/\.json /.test(file));
      expect(build().stderr).toBe('');
      const first = await outputs();
      for (const kind of ['launch', 'config', 'site']) {
        expect((await written()).filter((file) => file.startsWith(`${kind}/`))).toHaveLength(2);
        expect(first.filter((file) => file.startsWith(`${kind}/`))).toHaveLength(1);
      }
      expect(build().stderr).toBe('');
      expect(await outputs()).toEqual(first);
    });
  });

  it('is made anew when a package is patched as patch-package does it (patches/), and for a hand edit in node_modules with --no-cache', {
    timeout: 180_000,
  }, async () => {
    await withOwnCache(async (root, build) => {
      const outDir = path.join(root, 'dist');
      expect(build().stderr).toBe('');
      const sprite = async () => {
        // This build's sprite: the last build's stays beside it for the grace period.
        const { files } = JSON.parse(await readFile(path.join(outDir, 'deploy/build.json'), 'utf8')) as { files: string[] };
        return readFile(path.join(outDir, files.find((name) => /^assets\/icons\.[0-9a-f]{10}\.svg$/.test(name)) ?? ''), 'utf8');
      };
      expect(await sprite()).toContain('M4 5h16');
      // The project's own copy of the package, one file changed by hand.
      const icons = path.join(root, 'node_modules', 'lucide-react');
      const original = await realpath(icons);
      await rm(icons);
      await cp(original, icons, { recursive: true });
      const menu = path.join(icons, 'dist/esm/icons/menu.mjs');
      await writeFile(menu, (await readFile(menu, 'utf8')).replace('M4 5h16', 'M4 5h17'));
      // The docs' promise: a hand edit is not seen until --no-cache.
      expect(build().stderr).toBe('');
      expect(await sprite()).toContain('M4 5h16');
      expect(build('--no-cache').stderr).toBe('');
      expect(await sprite()).toContain('M4 5h17');
      // patch-package keeps its patch in patches/: every entry is keyed on it.
      await writeFile(menu, (await readFile(menu, 'utf8')).replace('M4 5h17', 'M4 5h18'));
      await mkdir(path.join(root, 'patches'));
      await writeFile(
        path.join(root, 'patches', 'lucide-react+1.75.0.patch'),
        '--- a/dist/esm/icons/menu.mjs\n+++ b/dist/esm/icons/menu.mjs\n',
      );
      expect(build().stderr).toBe('');
      expect(await sprite()).toContain('M4 5h18');
    });
  });

  it('deleted again and again while a build runs (an `rm -rf node_modules/.cache` beside it), is made anew: the build writes the same site', {
    timeout: 180_000,
  }, async () => {
    await withOwnCache(async (root, build) => {
      const outDir = path.join(root, 'dist');
      expect(build().stderr).toBe('');
      const before = await fingerprint(outDir);
      const cache = cacheDir(root);
      const [node, args] = buildCommand(['--quiet']);
      const child = spawn(node, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      // Whenever the build has written something to the cache, it is gone again, until the build ends.
      let deletions = 0;
      let running = true;
      void exited.then(() => {
        running = false;
      });
      while (running) {
        if ((await readdir(cache).catch(() => [])).length > 0) {
          // The build may write into a folder as it goes: then its rm fails, and the next one tries again.
          const removed = await rm(cache, { recursive: true, force: true }).then(
            () => true,
            () => false,
          );
          if (removed) deletions += 1;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect({ status: await exited, stderr }).toEqual({ status: 0, stderr: '' });
      expect(deletions).toBeGreaterThan(0);
      const after = await fingerprint(outDir);
      for (const name of Object.keys(before).filter((file) => file !== 'deploy/build.json')) expect(after[name], name).toBe(before[name]);
    });
  });

  it('is never used cut short: every cached output halved (a crash before it reached the disk), the next build writes the same site', {
    timeout: 180_000,
  }, async () => {
    await withOwnCache(async (root, build) => {
      const cache = cacheDir(root);
      const outDir = path.join(root, 'dist');
      expect(build().stderr).toBe('');
      const before = await fingerprint(outDir);
      // Outputs, not the records that name them (whose JSON, cut short, no longer parses).
      const files: string[] = [];
      for (const kind of await readdir(cache)) {
        const outputs = (await readdir(path.join(cache, kind))).filter((name) => !/^[0-9a-f]{64}\.json$/.test(name));
        files.push(...outputs.map((name) => path.join(cache, kind, name)));
      }
      // The three bundles (the generator, the config, the site), the stylesheet, the script, the brand images and the font.
      expect([...new Set(files.map((file) => path.basename(path.dirname(file))))].sort()).toEqual([
        'brand',
        'client',
        'config',
        'fonts',
        'launch',
        'site',
        'styles',
      ]);
      for (const file of files) {
        const bytes = await readFile(file);
        await writeFile(file, bytes.subarray(0, bytes.byteLength >> 1));
      }
      const after = build();
      expect(after.stderr).toBe('');
      expect(after.status).toBe(0);
      expect(await fingerprint(outDir)).toEqual(before);
    });
  });

  it.each([
    // The stylesheet is inside every page.
    [
      'a stylesheet partial',
      'components/Hero/_hero.scss',
      (source: string) => `${source}\n.c-hero { outline-offset: 3px; }\n`,
      /^index\.html$/,
    ],
    [
      'a page’s copy',
      'pages/about-us/content.ts',
      (source: string) => source.replace("'Founded in 2025 to end manual risk work'", "'Founded in 2025 to end manual risk work for good'"),
      /^about-us\/index\.html$/,
    ],
    [
      // A character no page showed before: the font is cut anew (cached by its text), not reused.
      'the set of characters the pages show',
      'pages/about-us/content.ts',
      (source: string) => source.replace("'Founded in 2025 to end manual risk work'", "'Founded in 2025 to end manual risk work™'"),
      /^assets\/fonts\/inter\.[0-9a-f]{10}\.woff2$/,
    ],
    [
      'a component',
      'components/Footer/Footer.tsx',
      (source: string) => source.replace('All rights reserved.', 'All rights kept.'),
      /^index\.html$/,
    ],
    [
      // What the workers answer for the code, as the redirects' pages show.
      'the route table',
      'pages/routes.ts',
      (source: string) =>
        source.replace(
          "{ from: '/about', to: '/about-us' },",
          "{ from: '/about', to: '/about-us' },\n  { from: '/company', to: '/about-us' },",
        ),
      /^company\/index\.html$/,
    ],
    [
      // An entry's facts are kept by its text: another text is read again.
      'an entry’s text',
      'content/news/what-every-credit-decision-comes-with.md',
      (source: string) => source.replace('title: What every credit decision comes with', 'title: What each credit decision comes with'),
      /^news\/what-every-credit-decision-comes-with\/index\.html$/,
    ],
    [
      'an icon',
      'components/Icon/Icon.tsx',
      (source: string) => source.replace('close: drawing(X),', 'close: drawing(Zap),'),
      /^assets\/icons\.[0-9a-f]{10}\.svg$/,
    ],
    [
      'a brand colour',
      'components/AppIcon/palette.ts',
      (source: string) => source.replace("brand600: '#1f4fd1',", "brand600: '#1f4fd2',"),
      /^assets\/favicon\.[0-9a-f]{10}\.svg$/,
    ],
    [
      'a behaviour',
      'components/Header/header.client.ts',
      (source: string) => `${source}\nexport const edited = 1;\nconsole.debug(edited);\n`,
      /\.js$/,
    ],
  ])('never gives stale output: %s changed is in the next build', BUILDS, async (what, file, edit, changed) => {
    // Four builds, each into folders of its own, in a copy of its own: a case cut off by its time limit, whose builds
    // run on, neither edits the next one's sources nor leaves its assets in the next one's output.
    const own = await copyProject('cache-stale-test-');
    try {
      const slug = what.replace(/\W+/g, '-');
      // With the cache alone: that the unchanged project builds the same without it is the next test's, asked once.
      const before = await buildCached(own.root, `${slug}-before`);
      const source = path.join(own.root, file);
      await writeFile(source, edit(await readFile(source, 'utf8')));
      const after = await buildBothWays(own.root, `${slug}-after`);
      const differing = Object.keys(after).filter((name) => after[name] !== before[name] || !(name in before));
      expect(
        differing.some((name) => changed.test(name)),
        `changed files: ${differing.join(', ')}`,
      ).toBe(true);
    } finally {
      await own.remove();
    }
  });

  it(
    'checks an unchanged entry again when the site’s code that checks it changed: the next build names what it now refuses',
    BUILDS,
    async () => {
      await withOwnCache(async (root, build) => {
        const edit = async (file: string, from: string, to: string) => {
          const source = await readFile(path.join(root, file), 'utf8');
          expect(source).toContain(from);
          await writeFile(path.join(root, file), source.replace(from, to));
        };
        // An entry with a TypeScript block, which the site highlights: its facts, found without a problem, are kept.
        const entry = 'content/news/zz-cache-check.md';
        const head =
          '---\ntitle: A note with code\ndescription: One block of TypeScript, which the site highlights at build time.\ndate: 2026-11-20\nauthor: cto\n---\n\n';
        const text = `${head}Some words.\n\n\`\`\`ts\nconst answer = 42;\n\`\`\`\n`;
        await writeFile(path.join(root, entry), text);
        const lineOf = (start: string) => `${entry}:${text.split('\n').findIndex((line) => line.startsWith(start)) + 1}`;
        expect(build().stderr).toBe('');
        // Its languages no longer the common ones, the site refuses the block: read again, not taken from the cache.
        await edit('components/Article/Article.tsx', '  code: {\n', "  code: {\n    languages: ['python'],\n");
        const block = build();
        expect(block.status).toBe(1);
        expect(block.stderr).toContain(`${lineOf('```')}: has a code block in "ts", which the site does not highlight`);
        await edit('components/Article/Article.tsx', "    languages: ['python'],\n", '');
        expect(build().stderr).toBe('');
        // The site's own check reads the environment: it runs on every build, the entry's facts cached or not.
        await edit(
          'pages/site.tsx',
          'v.picklist(Object.keys(people),',
          "v.picklist(process.env.ZZ_AUTHORS?.split(',') ?? Object.keys(people),",
        );
        expect(build().stderr).toBe('');
        process.env.ZZ_AUTHORS = 'nobody-yet';
        try {
          const author = build();
          expect(author.status).toBe(1);
          expect(author.stderr).toContain(`${lineOf('author:')}: author "cto" is not one of the site's people`);
        } finally {
          delete process.env.ZZ_AUTHORS;
        }
      });
    },
  );

  it('gives the unchanged project the same bytes as no cache, holding the entries of every change above', BUILDS, async () => {
    const own = await copyProject('cache-unchanged-test-');
    try {
      await buildBothWays(own.root, 'unchanged');
    } finally {
      await own.remove();
    }
  });
});

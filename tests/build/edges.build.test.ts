/**
 * What an owner, or an attacker, can write into the project, made in a copy of it as they would
 * make it: every field the route table and the content hold, a link in public/, the options that
 * reach a host configuration, a host's limits. Each mistake fails `npm run build` with exit status
 * 1, names the file and line (or the option) and what to do, and leaves dist/ byte for byte as it was.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommand, copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';

const TABLE = 'pages/routes.ts';
const CONTENT = 'pages/decision-engine/content.ts';

let project: ProjectCopy;
let before: Record<string, string>;

function npmRunBuild(args: readonly string[] = [], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(...buildCommand(['--quiet', ...args]), {
    cwd: project.root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
}

beforeAll(async () => {
  project = await copyProject('site-edges-');
  const built = npmRunBuild();
  expect(built.status, built.stderr).toBe(0);
  before = await fingerprint(path.join(project.root, 'dist'));
}, 180_000);

afterAll(async () => {
  await project?.remove();
});

/** The 1-based line of the first line of `file` (as the copy holds it now) that `find` matches. */
async function lineOf(file: string, find: RegExp): Promise<number> {
  const index = (await readFile(path.join(project.root, file), 'utf8')).split('\n').findIndex((line) => find.test(line));
  if (index < 0) throw new Error(`${file} has no line matching ${find}`);
  return index + 1;
}

/** `edit` applied to `file` for one build, and the file put back. */
async function withEdit<T>(file: string, edit: (source: string) => string, run: () => Promise<T>): Promise<T> {
  const target = path.join(project.root, file);
  const original = await readFile(target, 'utf8');
  const edited = edit(original);
  expect(edited, 'the edit changed nothing').not.toBe(original);
  await writeFile(target, edited);
  try {
    return await run();
  } finally {
    await writeFile(target, original);
  }
}

/** The build fails, leaving dist/ as it was; its message. */
async function fails(args: readonly string[] = []): Promise<string> {
  const result = npmRunBuild(args);
  expect(result.status, result.stderr).toBe(1);
  expect(result.stderr).toContain('dist/ was left unchanged.');
  expect(await fingerprint(path.join(project.root, 'dist'))).toEqual(before);
  return result.stderr;
}

/** The decision engine's route: its title line is the one to break. */
const TITLE = /title: `Decision Engine/;

describe('a field of the route table', () => {
  it.each([
    ['an empty title', (source: string) => source.replace(/title: `Decision Engine[^`]*`/, "title: ''"), 'title is empty'],
    [
      'a number for a title',
      (source: string) => source.replace(/title: `Decision Engine[^`]*`/, 'title: 42 as unknown as string'),
      'title should be text, not the number 42',
    ],
    [
      'an object for a description',
      (source: string) =>
        source.replace(
          /title: `Decision Engine[^`]*`,\n(\s+)description:\n?\s*'[^']*'/,
          (_, indent: string) => `title: 'Decision engine',\n${indent}description: {} as string`,
        ),
      'description should be text, not a group of fields',
    ],
    [
      'a title of 2 MB',
      (source: string) => source.replace(/title: `Decision Engine[^`]*`/, `title: '${'x'.repeat(2_000_000)}'`),
      'title is 2000000 characters long; it may be 70 at most',
    ],
    [
      'a bell in a title',
      (source: string) => source.replace(/title: `Decision Engine/, 'title: `Decision \\u0007Engine'),
      'title holds the control character U+0007',
    ],
    [
      'a title of only a zero-width space',
      (source: string) => source.replace(/title: `Decision Engine[^`]*`/, "title: '\\u200b'"),
      'title is empty',
    ],
    [
      'the title of another page',
      (source: string) => source.replace(/title: `Decision Engine[^`]*`/, `title: \`About us | \${site.name}\``),
      'title "About us | Kestrel Risk" is the title of /about-us/ too',
    ],
  ])('%s fails the build, naming the table and line', async (_what, edit, expected) => {
    const message = await withEdit(TABLE, edit, async () => fails());
    const line = await lineOf(TABLE, TITLE);
    expect(message).toMatch(
      new RegExp(`${TABLE.replace('.', '\\.')}:(${line}|${line - 1}|${line + 1}): ${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  it('fails for a route with neither content nor page, and for one with both', async () => {
    const neither = await withEdit(
      TABLE,
      (source) => source.replace('content: decisionEngine,', ''),
      async () => fails(),
    );
    expect(neither).toMatch(
      /pages\/routes\.ts:\d+: has neither content nor page: give its copy \(content\) or a component of its own \(page\) \(route \/decision-engine\/\)/,
    );
    const both = await withEdit(
      TABLE,
      (source) => source.replace('content: decisionEngine,', 'content: decisionEngine,\n    page: () => null,'),
      async () => fails(),
    );
    expect(both).toMatch(/pages\/routes\.ts:\d+: has both content and page: give one \(route \/decision-engine\/\)/);
  });

  it('fails for a redirect without its target, naming the entry and the field', async () => {
    const message = await withEdit(
      TABLE,
      (source) => source.replace("{ from: '/about', to: '/about-us' }", "{ from: '/about' } as Redirect"),
      async () => fails(),
    );
    expect(message).toMatch(/pages\/routes\.ts:\d+: redirects\[0\]\.to is missing/);
  });
});

describe("a field of a page's content", () => {
  it.each(['https://evil.example/', '//evil.example/', '/\\\\evil.example/', 'data:text/html,hi'])(
    'refuses the card link %s, naming the file and line',
    async (href) => {
      const message = await withEdit(
        CONTENT,
        (source) => source.replace("href: '/credit-decision/'", `href: '${href}'`),
        async () => fails(),
      );
      const line = await lineOf(CONTENT, /href: '\/credit-decision\/'/);
      expect(message).toMatch(
        new RegExp(
          `${CONTENT.replace('.', '\\.')}:${line}: sections\\[\\d+\\]\\.cards\\[\\d+\\]\\.link\\.href is not a link to a page of this site`,
        ),
      );
    },
  );

  it("refuses a section id that is the layout's, naming the content file and line", async () => {
    const message = await withEdit(
      CONTENT,
      (source) => source.replace(/id: '[a-z-]+',/, "id: 'main',"),
      async () => fails(),
    );
    const line = await lineOf(CONTENT, /id: '[a-z-]+',/);
    expect(message).toContain(`${CONTENT}:${line}: the id "main" is given twice on page /decision-engine/`);
  });
});

describe('a straight quote inside a text', () => {
  it('says so in words an editor understands, at the file, line and column; the type check points at the same line', async () => {
    const source = await readFile(path.join(project.root, CONTENT), 'utf8');
    const heading = /heading: '/.exec(source);
    if (!heading) throw new Error(`${CONTENT} has no heading`);
    const at = heading.index + heading[0].length;
    const line = source.slice(0, at).split('\n').length;
    // 1-based, at the quote.
    const column = at - source.lastIndexOf('\n', at - 1) + "Europe's".indexOf("'");
    await withEdit(
      CONTENT,
      (text) => `${text.slice(0, at)}Europe's ${text.slice(at)}`,
      async () => {
        const message = await fails();
        expect(message).toContain(`${CONTENT}:${line}:${column}: a straight ' ends the text early`);
        expect(message).toContain("inside text write \\' or a typographic ’");
        const tsc = spawnSync(
          process.execPath,
          [path.join(project.root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', project.root],
          {
            cwd: project.root,
            encoding: 'utf8',
            timeout: 120_000,
          },
        );
        expect(tsc.status).not.toBe(0);
        expect(tsc.stdout).toContain(`${CONTENT}(${line},`);
      },
    );
  }, 180_000);
});

describe('a link in public/', () => {
  it('to a file outside it (the environment, a key) fails the build, naming the link and its target', async () => {
    await mkdir(path.join(project.root, 'public'), { recursive: true });
    await symlink('/proc/self/environ', path.join(project.root, 'public', 'env.txt'));
    try {
      const message = await fails();
      expect(message).toContain('public/env.txt is a link to /proc/');
      expect(message).toContain('outside public/: only the site');
    } finally {
      await rm(path.join(project.root, 'public'), { recursive: true, force: true });
    }
  });

  it('to a file inside it is published as that file', async () => {
    await mkdir(path.join(project.root, 'public', 'docs'), { recursive: true });
    await writeFile(path.join(project.root, 'public', 'docs', 'terms.txt'), 'The terms.\n');
    await symlink('docs/terms.txt', path.join(project.root, 'public', 'terms.txt'));
    const outDir = path.join(project.root, 'linked');
    try {
      const result = npmRunBuild(['--out-dir', outDir]);
      expect(result.status, result.stderr).toBe(0);
      await expect(readFile(path.join(outDir, 'terms.txt'), 'utf8')).resolves.toBe('The terms.\n');
    } finally {
      await rm(path.join(project.root, 'public'), { recursive: true, force: true });
    }
  });
});

describe('a link that leads out of the project', () => {
  /** An entry that would build: without the check it was published, page, feed and sitemap. */
  const LEAK =
    '---\ntitle: Leaked\ndescription: A file from outside the project, which no build may publish as the site.\ndate: 2026-05-01\n---\n\nA secret.\n';
  it.each([
    ['public/, as a whole', 'public', { 'id_rsa.txt': 'PRIVATE KEY' }, ''],
    ["a collection's folder", 'content/case-studies', { 'leak.md': LEAK }, ''],
    ['an entry', 'content/news/leak.md', { 'leak.md': LEAK }, 'leak.md'],
    ['a file the site config names', 'styles/main.scss', { 'main.scss': 'body { color: red; }' }, 'main.scss'],
  ])('from %s fails the build, naming the link and where it points', async (_what, link, files, pointsAt) => {
    const outside = await realpath(await mkdtemp(path.join(tmpdir(), 'outside-')));
    for (const [file, contents] of Object.entries(files)) await writeFile(path.join(outside, file), contents);
    const at = path.join(project.root, link);
    const existed = await rename(at, `${at}.moved`).then(
      () => true,
      () => false,
    );
    const target = path.join(outside, pointsAt);
    await symlink(target, at);
    try {
      expect(await fails()).toContain(`${link} is a link to ${target}, outside the project: only the project's own files are published.`);
    } finally {
      await rm(at, { force: true });
      if (existed) await rename(`${at}.moved`, at);
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('inside the project is followed: a collection kept in another folder of it builds', async () => {
    const moved = path.join(project.root, 'editorial');
    await rename(path.join(project.root, 'content', 'news'), moved);
    await symlink(moved, path.join(project.root, 'content', 'news'));
    const outDir = path.join(project.root, 'linked-news');
    try {
      const result = npmRunBuild(['--out-dir', outDir]);
      expect(result.status, result.stderr).toBe(0);
      // Each article's folder; and the tags' lists, and the list's later pages, which are no article's.
      expect(
        (await readdir(path.join(outDir, 'news'))).filter((name) => !name.includes('.') && name !== 'tags' && name !== 'page'),
      ).toEqual((await readdir(moved)).filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -3)));
    } finally {
      await rm(path.join(project.root, 'content', 'news'));
      await rename(moved, path.join(project.root, 'content', 'news'));
      await rm(outDir, { recursive: true, force: true });
      await rm(`${path.dirname(outDir)}/.${path.basename(outDir)}-builds`, { recursive: true, force: true });
    }
  });
});

describe('a name holding a terminal escape', () => {
  it('is shown written out, never obeyed by the terminal', async () => {
    const entry = path.join(project.root, 'content', 'news', '\u001b[2Jcleared.md');
    await writeFile(
      entry,
      '---\ntitle: Cleared\ndescription: An entry whose file name would clear the terminal that shows a message naming it.\ndate: 2026-05-01\n---\n\nText.\n',
    );
    try {
      const message = await fails();
      expect(message).toContain('content/news/\\x1b[2Jcleared.md');
      expect(message).not.toContain('\u001b');
    } finally {
      await rm(entry);
    }
  });
});

describe('an option that reaches a host configuration', () => {
  it.each([
    [['--site-url', 'https://x.com;break;server_name$a;'], 'has the host "x.com;break;server_name$a;", which is not a domain name'],
    [['--base', `/${'a'.repeat(300)}/`], 'characters long; a base path may have 128 at most'],
  ])('%j is refused before anything is written', async (args, expected) => {
    expect(await fails(args)).toContain(expected);
  });
});

describe("a host's limits", () => {
  it("201 redirects pass CloudFront's 10 KB function: the build fails, naming the limit and the way out", async () => {
    const many = Array.from(
      { length: 201 },
      (_, index) => `  { from: '/an-old-address-of-the-company-page-number-${index}', to: '/about-us' },`,
    ).join('\n');
    const message = await withEdit(
      TABLE,
      (source) => source.replace("  { from: '/about', to: '/about-us' },", `${many}\n  { from: '/about', to: '/about-us' },`),
      async () => fails(),
    );
    expect(message).toMatch(
      /The site's 203 redirects make deploy\/cloudfront-function\.js [\d.]+ KB, and CloudFront Functions take 10 KB at most/,
    );
    expect(message).toContain('leave "cloudfront" out of `hosts` in the site config');
  });

  it("1,000 redirects pass Cloudflare Pages' 2,000 rules in _redirects (each with and without its slash): the build fails, saying so", async () => {
    const many = Array.from({ length: 1000 }, (_, index) => `  { from: '/an-old-address-number-${index}', to: '/about-us' },`).join('\n');
    // Without the CloudFront function, whose 10 KB would stop the build first.
    const message = await withEdit(
      'site.config.ts',
      (source) => source.replace("  lang: 'en',", "  lang: 'en',\n  hosts: ['serve', 'netlify', 'nginx'],"),
      () =>
        withEdit(
          TABLE,
          (source) => source.replace("  { from: '/about', to: '/about-us' },", `${many}\n  { from: '/about', to: '/about-us' },`),
          async () => fails(),
        ),
    );
    expect(message).toMatch(/The site's 1002 redirects make 2004 rules in _redirects .*, and Cloudflare Pages takes 2000 at most/);
    expect(message).toContain('leave "netlify" out of `hosts` in the site config');
  });
});

describe('temporary files', () => {
  it('are not left behind by a failed build, nor by one without the cache', async () => {
    const ours = async () =>
      (await readdir(tmpdir())).filter((name) => name.startsWith('site-generator-') || name.startsWith('site-bundle-'));
    const earlier = await ours();
    await withEdit(
      TABLE,
      (source) => source.replace(/title: `Decision Engine[^`]*`/, "title: ''"),
      async () => fails(),
    );
    const uncached = npmRunBuild(['--out-dir', path.join(project.root, 'uncached')], { SITE_GENERATOR_CACHE: '0' });
    expect(uncached.status, uncached.stderr).toBe(0);
    expect((await ours()).filter((name) => !earlier.includes(name))).toEqual([]);
    // Nor beside the output: the build's own folders go with it.
    const builds = await readdir(path.join(project.root, '.dist-builds'));
    expect(builds.filter((name) => /^(staging|work)-/.test(name))).toEqual([]);
  });
});

describe('a disk that fills during the build', () => {
  it('says so, naming the place, and leaves the output it had as it was', async () => {
    // A small tmpfs of its own, in a mount namespace of this test's own (so no root is needed, and
    // the mount goes with the process): a first build fits, then a filler leaves too little for a second.
    const mountPoint = path.join(project.root, 'small-disk');
    const report = path.join(project.root, 'small-disk-report');
    await mkdir(mountPoint);
    await mkdir(report);
    const [node, args] = buildCommand(['--quiet', '--out-dir', `${mountPoint}/site`]);
    const build = [node, ...args].map((part) => `'${part}'`).join(' ');
    const script = [
      'set -e',
      `mount -t tmpfs -o size=4m tmpfs '${mountPoint}'`,
      `${build}`,
      `(cd '${mountPoint}/site' && find . -type f | sort | xargs sha1sum) > '${report}/before'`,
      // Leave some 150 KB free: less than one build's pages.
      `dd if=/dev/zero of='${mountPoint}/filler' bs=1k count=$(( $(df -k --output=avail '${mountPoint}' | tail -1) - 150 )) 2>/dev/null`,
      `set +e; ${build} 2> '${report}/stderr'; echo $? > '${report}/status'; set -e`,
      `(cd '${mountPoint}/site' && find . -type f | sort | xargs sha1sum) > '${report}/after'`,
      `ls -A '${mountPoint}/.site-builds' > '${report}/builds'`,
    ].join('\n');
    const result = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'bash', '-c', script], {
      cwd: project.root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const read = (name: string) => readFile(path.join(report, name), 'utf8');
    expect((await read('status')).trim()).toBe('1');
    expect(await read('stderr')).toMatch(/^Build failed: The disk is full at small-disk\/\S+: free some space and build again\.$/m);
    expect(await read('stderr')).not.toMatch(/threw|Unexpected error|at generator\//);
    expect(await read('after')).toBe(await read('before'));
    // Nothing of the failed build is left: its staging and work folders went with it.
    expect((await read('builds')).split('\n').filter((name) => /^(staging|work)-/.test(name))).toEqual([]);
  }, 200_000);
});

/**
 * `npm run build` as a person runs it: build.ts as a child process in a copy of the project. What
 * it prints, and what a failure leaves behind: a message naming the file (and the route, for a
 * page), exit status 1, and the previous dist/ byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwingComponent } from '../support/edits';
import { fingerprint } from '../support/files';
import { copyProject, type ProjectCopy } from '../support/project';

let project: ProjectCopy;
let firstRun: { status: number | null; stdout: string; stderr: string };
let before: Record<string, string>;

/** Runs the build the way `npm run build` does (tsx), with stdout and stderr piped: not a terminal. */
function build(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts', ...args], {
    cwd: project.root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Applies an edit to one file for the length of a check, then puts the file back. */
async function withEdit<T>(relative: string, edit: (source: string) => string, check: () => T | Promise<T>): Promise<T> {
  const file = path.join(project.root, relative);
  const original = await readFile(file, 'utf8');
  await writeFile(file, edit(original));
  try {
    return await check();
  } finally {
    await writeFile(file, original);
  }
}

const dist = () => path.join(project.root, 'dist');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  project = await copyProject('site-build-cli-');
  firstRun = build();
  before = await fingerprint(dist());
});

afterAll(async () => {
  await project?.remove();
});

describe('a successful npm run build', () => {
  it('prints one row per route with its output path, size and gzipped size, then the assets and timings', () => {
    expect(firstRun.status, firstRun.stderr).toBe(0);
    const lines = firstRun.stdout.split('\n');
    for (const [route, file] of [
      ['/', 'index.html'],
      ['/about-us', 'about-us/index.html'],
      ['(404)', '404.html'],
    ] as const) {
      expect(lines.some((line) => new RegExp(`^\\s+${escape(route)}\\s+${escape(file)}\\s+[\\d.]+ k?B\\s+[\\d.]+ k?B$`).test(line)), route).toBe(true);
    }
    expect(firstRun.stdout).toMatch(/^\s+Assets$/m);
    expect(firstRun.stdout).toMatch(/^\s+assets\/main\.[0-9a-f]{10}\.css\s+[\d.]+ k?B\s+[\d.]+ k?B$/m);
    expect(firstRun.stdout).toMatch(/Built \d+ pages .* in \d+ ms\./);
    expect(firstRun.stdout).toMatch(/Steps: routes \d+ ms · fonts \d+ ms · styles \d+ ms/);
  });

  it('prints no colour codes when the output is not a terminal', () => {
    expect(firstRun.stdout).not.toContain('\u001b[');
  });

  it('prints nothing with --quiet', () => {
    const quiet = build('--quiet');
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe('');
  });

  it('refuses a --site-url that is not an absolute URL, without touching dist/', async () => {
    const result = build('--site-url', 'example.com');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The site URL "example.com" (from the --site-url option) is not an absolute URL');
    expect(await fingerprint(dist())).toEqual(before);
  });
});

describe('a failing npm run build', () => {
  async function expectFailure(relative: string, edit: (source: string) => string, expected: RegExp[]): Promise<string> {
    const result = await withEdit(relative, edit, () => build());
    expect(result.status).toBe(1);
    for (const pattern of expected) expect(result.stderr).toMatch(pattern);
    // The sentence comes first; no stack is printed for a mistake in the site.
    expect(result.stderr).toMatch(/^Build failed: /);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).toContain('dist/ was left unchanged.');
    expect(await fingerprint(dist())).toEqual(before);
    return result.stderr;
  }

  it('names the route, file and line of a page that throws', async () => {
    await expectFailure('pages/about-us/AboutUsPage.tsx', (source) => throwingComponent(source, 'the team list is empty'), [
      /\/about-us/,
      /pages\/about-us\/AboutUsPage\.tsx:\d+/,
      /the team list is empty/,
    ]);
  });

  it('names the stylesheet and line of an SCSS syntax error', async () => {
    await expectFailure('styles/main.scss', (source) => `${source}\n.c-broken {\n  color: red\n  margin: 0;\n}\n`, [
      /styles\/main\.scss:\d+:\d+/,
      /expected ";"/,
    ]);
  });

  it('names the file and line of an import of a file that does not exist', async () => {
    await expectFailure(
      'pages/home/HomePage.tsx',
      (source) => `import { Missing } from '../../components/sections/Missing';\nvoid Missing;\n${source}`,
      [/pages\/home\/HomePage\.tsx:1:\d+/, /Could not resolve "\.\.\/\.\.\/components\/sections\/Missing"/],
    );
  });

  it('names the file and line of a TypeScript syntax error', async () => {
    await expectFailure('pages/home/HomePage.tsx', (source) => `${source}\nexport const broken = ;\n`, [
      /pages\/home\/HomePage\.tsx:\d+:\d+/,
    ]);
  });
});

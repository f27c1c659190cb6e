/**
 * `npm run build` as a person runs it: build.ts as a child process in a copy of the project. What
 * it prints, and what a failure leaves behind: a message naming the file (and the route, for a
 * page), exit status 1, and the previous dist/ byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../generator/commands/build';
import { STEP_NAMES as stepNames } from '../../generator/pipeline';
import { routeFile } from '../../generator/urls';
import { routes } from '../../pages/routes';
import { throwingComponent } from '../../scripts/lib/edits';
import { buildCommand, copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';
import { BUILT_PAGES } from '../support/site';

let project: ProjectCopy;
let firstRun: { status: number | null; stdout: string; stderr: string };
let before: Record<string, string>;

/** Runs the build as `npm run build` does (the launcher), with stdout and stderr piped: not a terminal. */
function build(...args: string[]) {
  const result = spawnSync(...buildCommand(args), {
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
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
      expect(
        lines.some((line) => new RegExp(`^\\s+${escapeRegExp(route)}\\s+${escapeRegExp(file)}\\s+[\\d.]+ k?B\\s+[\\d.]+ k?B$`).test(line)),
        route,
      ).toBe(true);
    }
    expect(firstRun.stdout).toMatch(/^\s+Assets$/m);
    expect(firstRun.stdout).toMatch(/^\s+assets\/fonts\/inter\.[0-9a-f]{10}\.woff2\s+[\d.]+ k?B\s+[\d.]+ k?B$/m);
    expect(firstRun.stdout).toMatch(/Built \d+ pages .* in \d+ ms\./);
  });

  it('reports each step as it finishes, in order, before the table', () => {
    const progress = firstRun.stdout.split('\n').flatMap((line) => /^ {2}✓ (\S+) +\d+ ms$/.exec(line)?.[1] ?? []);
    expect(progress).toEqual(stepNames);
    expect(firstRun.stdout.indexOf('✓ links')).toBeLessThan(firstRun.stdout.search(/^\s+Route\s+Output/m));
  });

  it('prints no colour codes when the output is not a terminal', () => {
    expect(firstRun.stdout).not.toContain('\u001b[');
  });

  it('prints nothing with --quiet', () => {
    const quiet = build('--quiet');
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe('');
  });

  it('prints its options with --help or -h, and builds nothing', async () => {
    for (const flag of ['--help', '-h']) {
      const help = build(flag);
      expect(help.status, help.stderr).toBe(0);
      expect(help.stderr).toBe('');
      expect(help.stdout).toMatch(/^Usage: npm run build -- \[options\]$/m);
      for (const option of ['-q, --quiet', '--json', '--site-url <url>', '-h, --help']) {
        expect(help.stdout).toMatch(new RegExp(`^ +${escapeRegExp(option)} +\\S`, 'm'));
      }
    }
    expect(await fingerprint(dist())).toEqual(before);
  });

  it('refuses an unknown option, naming the known ones, without touching dist/', async () => {
    const result = build('--verbose');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "Unknown option '--verbose'. Options: --quiet, --json, --site-url <url>, --base <path>, --jobs <n>, --page-timeout <seconds>, --out-dir <folder>, --link, --keep-assets <days>, --now <date>, --site <module>, --no-cache, --pages <module>, --help.\n",
    );
    expect(await fingerprint(dist())).toEqual(before);
  });

  it("prints one JSON report with --json: every step and every file, each route's page with its route", async () => {
    const result = build('--json');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as BuildReport;
    if (!report.ok) throw new Error(`the build failed: ${report.error.message}`);
    expect(report.totalMs).toBeGreaterThan(0);
    expect(report.steps.map((step) => step.step)).toEqual(stepNames);
    for (const step of report.steps) expect(step.ms).toBeGreaterThanOrEqual(0);
    const written = Object.keys(await fingerprint(dist())).sort();
    expect(report.files.map((file) => file.path).sort()).toEqual(written);
    for (const route of routes) {
      expect(report.files.find((file) => file.path === routeFile(route.path))?.route, route.path).toBe(route.path);
    }
    // The collections' pages too: every page with an address, and only those.
    expect(report.files.filter((file) => file.route !== undefined).map((file) => file.path)).toEqual(
      BUILT_PAGES.filter((page) => page.file !== '404.html').map((page) => page.file),
    );
    for (const file of report.files) {
      expect(file.bytes, file.path).toBeGreaterThan(0);
      expect(file.gzipBytes, file.path).toBeGreaterThan(0);
    }
  });

  it('builds the site whose command it runs, byte for byte, when started from another folder, with --out-dir read from there', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'site-build-elsewhere-'));
    try {
      const launcher = path.join(project.root, 'generator', 'launch.mjs');
      // The site is the command's folder, wherever the launcher is started.
      const result = spawnSync(process.execPath, [launcher, path.join(project.root, 'build.ts'), '--quiet', '--out-dir', 'site'], {
        cwd: elsewhere,
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(await fingerprint(path.join(elsewhere, 'site'))).toEqual(before);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
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
    // A page with a component of its own, as the 404 page has, that throws while rendering.
    const page = path.join(project.root, 'pages/about-us/AboutUsPage.tsx');
    await writeFile(page, throwingComponent('export function AboutUsPage() {\n  return null;\n}\n', 'the team list is empty'));
    try {
      await expectFailure(
        'pages/routes.ts',
        (source) => `import { AboutUsPage } from './about-us/AboutUsPage';\n${source.replace('content: aboutUs,', 'page: AboutUsPage,')}`,
        [/\/about-us/, /pages\/about-us\/AboutUsPage\.tsx:\d+/, /the team list is empty/],
      );
    } finally {
      await rm(page);
    }
  });

  it('prints ok: false with the message, file and route as JSON with --json, and the message on stderr', async () => {
    const result = await withEdit(
      'pages/routes.ts',
      (source) => source.replace("path: '/about-us'", "path: '/About-Us'"),
      () => build('--json'),
    );
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as BuildReport;
    expect(report).toEqual({
      ok: false,
      error: {
        message: expect.stringMatching(/^2 problems in the site's content:\n {2}pages\/routes\.ts:\d+: path is not a lower-case path/),
        file: 'pages/routes.ts',
        route: '/About-Us/',
      },
    });
    expect(result.stderr).toContain(`Build failed: ${report.ok ? '' : report.error.message}`);
    expect(await fingerprint(dist())).toEqual(before);
  });

  it('names the stylesheet and line of an SCSS syntax error', async () => {
    await expectFailure('styles/main.scss', (source) => `${source}\n.c-broken {\n  color: red\n  margin: 0;\n}\n`, [
      /styles\/main\.scss:\d+:\d+/,
      /expected ";"/,
    ]);
  });

  it('names the file and line of an import of a file that does not exist', async () => {
    await expectFailure(
      'pages/home/content.ts',
      (source) => `import { Missing } from '../../components/Missing/Missing';\nvoid Missing;\n${source}`,
      [/pages\/home\/content\.ts:1:\d+/, /Could not resolve "\.\.\/\.\.\/components\/Missing\/Missing"/],
    );
  });

  it('names the file and line of a TypeScript syntax error', async () => {
    await expectFailure('pages/home/content.ts', (source) => `${source}\nexport const broken = ;\n`, [/pages\/home\/content\.ts:\d+:\d+/]);
  });
});

/**
 * Content mistakes a copy editor makes, made in a copy of the project as they would be made:
 * a misspelled field, a missing one, a number where text belongs, an unknown section kind, an
 * empty heading. Each fails `npm run build` with exit status 1 and one line naming the content
 * file and the line to fix, the field and the route, and leaves dist/ byte for byte as it was.
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPath } from '../../generator/urls';
import { aboutUs } from '../../pages/about-us/content';
import { routes } from '../../pages/routes';
import { buildCommand, copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';

const CONTENT = 'pages/about-us/content.ts';
const route = canonicalPath(routes.find((candidate) => candidate.content === aboutUs)?.path ?? '/about-us');

let project: ProjectCopy;
let original: string;
let before: Record<string, string>;

/** `npm run build` as it runs (the launcher, without npm), in the copy, into its dist/. */
function npmRunBuild(...args: string[]) {
  return spawnSync(...buildCommand(['--quiet', ...args]), {
    cwd: project.root,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

beforeAll(async () => {
  project = await copyProject('site-content-errors-');
  original = await readFile(path.join(project.root, CONTENT), 'utf8');
  const built = npmRunBuild();
  expect(built.status, built.stderr).toBe(0);
  before = await fingerprint(path.join(project.root, 'dist'));
});

afterAll(async () => {
  await project?.remove();
});

/**
 * The content file with one edit: the first line matching `key` (a field name) after the line
 * that opens `block` ("hero", "sections", "closing"), replaced by `replace(line)`; undefined
 * deletes the field (and its value, when that is on the next line). Returns the source and the
 * 1-based number of the line edited and of the block's line.
 */
function edit(block: string, key: string, replace: (line: string) => string | undefined) {
  const lines = original.split('\n');
  const opening = lines.findIndex((line) => new RegExp(`^\\s+${block}: [{[]$`).test(line));
  const index = lines.findIndex((line, at) => at > opening && new RegExp(`^\\s+${key}:`).test(line));
  if (opening < 0 || index < 0) throw new Error(`${CONTENT} has no "${key}:" in "${block}"`);
  const line = lines[index] as string;
  const replaced = replace(line);
  // A long value goes on the line after its key.
  const valueLines = line.trimEnd().endsWith(':') ? 2 : 1;
  lines.splice(index, valueLines, ...(replaced === undefined ? [] : [replaced]));
  return { source: lines.join('\n'), line: index + 1, blockLine: opening + 1 };
}

const indentOf = (line: string) => /^\s*/.exec(line)?.[0] ?? '';

describe.each([
  {
    mistake: 'a misspelled field (titel for title)',
    make: () => edit('hero', 'title', (line) => line.replace('title:', 'titel:')),
    expected: (at: number) => `${CONTENT}:${at}: hero.title is missing (found "titel") (route ${route})`,
    field: 'hero.title',
  },
  {
    mistake: 'a missing required field (the lead)',
    make: () => {
      const { source, blockLine } = edit('hero', 'lead', () => undefined);
      return { source, line: blockLine };
    },
    expected: (at: number) => `${CONTENT}:${at}: hero.lead is missing (route ${route})`,
    field: 'hero.lead',
  },
  {
    mistake: 'a number where text belongs',
    make: () => edit('sections', 'heading', (line) => `${indentOf(line)}heading: 2025,`),
    expected: (at: number) => `${CONTENT}:${at}: sections[0].heading should be text, not the number 2025 (route ${route})`,
    field: 'sections[0].heading',
  },
  {
    mistake: 'an unknown section kind',
    make: () => edit('sections', 'kind', (line) => `${indentOf(line)}kind: 'story',`),
    expected: (at: number) =>
      `${CONTENT}:${at}: sections[0].kind "story" is not a kind of section (one of cards, steps, stats, split, flow, testimonial, decision, team, checklist, latest, prose) (route ${route})`,
    field: 'sections[0].kind',
  },
  {
    mistake: 'an empty required text',
    make: () => edit('closing', 'heading', (line) => `${indentOf(line)}heading: ' ',`),
    expected: (at: number) => `${CONTENT}:${at}: closing.heading is empty (route ${route})`,
    field: 'closing.heading',
  },
])('$mistake in a content file', ({ make, expected, field }) => {
  it('fails npm run build with exit status 1, naming the file and line, the field and the route, and leaves dist/ as it was', async () => {
    const { source, line } = make();
    await writeFile(path.join(project.root, CONTENT), source);
    try {
      const result = npmRunBuild();
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toContain(`Build failed: ${expected(line)}\n`);
      expect(result.stderr).toContain('dist/ was left unchanged.');
      expect(await fingerprint(path.join(project.root, 'dist'))).toEqual(before);

      // The same as JSON, for CI: the message, the file and the route.
      const json = npmRunBuild('--json');
      expect(json.status).toBe(1);
      const report = JSON.parse(json.stdout) as { ok: boolean; error: { message: string; file?: string; route?: string } };
      expect(report).toEqual({ ok: false, error: { message: expected(line), file: CONTENT, route } });
      expect(report.error.message).toContain(field);
    } finally {
      await writeFile(path.join(project.root, CONTENT), original);
    }
  });
});

describe('several mistakes at once', () => {
  it('are listed one a line, in the order of the file, the first five and a count of the rest', async () => {
    let source = original;
    const lines = source.split('\n');
    // Every section heading of the page made empty: at least six mistakes on the one page.
    const headings = lines.flatMap((line, index) => (/^\s+heading: /.test(line) ? [index] : []));
    expect(headings.length).toBeGreaterThanOrEqual(6);
    for (const index of headings) lines[index] = `${indentOf(lines[index] ?? '')}heading: '',`;
    source = lines.join('\n');
    await writeFile(path.join(project.root, CONTENT), source);
    try {
      const result = npmRunBuild();
      expect(result.status).toBe(1);
      const listed = result.stderr.split('\n').filter((line) => line.startsWith(`  ${CONTENT}:`));
      expect(result.stderr).toContain(`Build failed: ${headings.length} problems in the site's content:\n`);
      expect(listed.map((line) => Number(/:(\d+):/.exec(line)?.[1]))).toEqual(headings.slice(0, 5).map((index) => index + 1));
      for (const line of listed) expect(line).toMatch(new RegExp(`heading is empty \\(route ${route}\\)$`));
      expect(result.stderr).toContain(`\n  and ${headings.length - 5} more\n`);
      expect(await fingerprint(path.join(project.root, 'dist'))).toEqual(before);
    } finally {
      await writeFile(path.join(project.root, CONTENT), original);
    }
  });
});

describe('a footnote without its definition, in an article', () => {
  it('fails npm run build with exit status 1, naming the Markdown file and the line of the reference, and leaves dist/ as it was', async () => {
    const entry = 'content/news/zz-footnote-test.md';
    const front =
      '---\ntitle: A claim without its source\ndescription: An article citing a note that was never written, to see what the build says of it.\ndate: 2026-10-09\n---\n';
    const body = '\nThe first paragraph.\n\nA claim[^source] and a note that exists.[^1]\n\n[^1]: The one note.\n';
    await writeFile(path.join(project.root, entry), front + body);
    try {
      const result = npmRunBuild();
      expect(result.status, result.stderr).toBe(1);
      const line = (front + body).split('\n').findIndex((text) => text.startsWith('A claim')) + 1;
      expect(result.stderr).toContain(
        `Build failed: ${entry}:${line}: refers to the footnote [^source], which has no definition: add a line "[^source]: the note" below the text`,
      );
      expect(result.stderr).toContain('dist/ was left unchanged.');
      expect(await fingerprint(path.join(project.root, 'dist'))).toEqual(before);
    } finally {
      await rm(path.join(project.root, entry));
    }
  });
});

/**
 * Adding a page as the README's "Adding a page" says, in a copy of the project: a folder
 * pages/<name>/ with its content.ts, and one row in pages/routes.ts; nothing else. The name is one
 * no owner would pick (a random one, checked against the table), so that a page an owner adds,
 * whatever its name, never collides with the test's. The copy then
 * type-checks, builds, and passes the very same generic page checks that run on the site itself
 * (this project's own build test files, run by vitest in the copy), with the new page among the
 * pages they check: valid HTML, header and footer, links, budgets, fonts that cover its characters
 * (the page shows letters no other page does), head tags and the sitemap.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../pages/routes';
import { copyProject, type ProjectCopy } from '../../scripts/lib/project';

/** A slug no route has: "zz-test-" and random letters. */
const SLUG = `zz-test-${randomBytes(5).toString('hex')}`;
if (routes.some((route) => route.path === `/${SLUG}`)) throw new Error(`The route table has ${SLUG} already: run the test again.`);

/** The build test files that check every page of whatever site they are run in. */
const GENERIC = ['html', 'budgets', 'fonts', 'seo', 'content'].map((name) => `tests/build/${name}.build.test.ts`);

/** What a copy editor would write: several kinds of section, and letters (ü, ó, ã, á) no other page shows. */
const CONTENT = `import { site } from '../../site.config';
import { offers } from '../offers';
import type { PageContent } from '../types';

export const addedPage = {
  hero: {
    eyebrow: 'Careers',
    title: 'Build the risk platform lenders trust',
    lead: \`Join \${site.name} and help banks and lenders decide faster and more fairly, with decisions people can explain.\`,
    cta: 'Talk to us',
    assurances: ['Remote-first across Europe', 'Hubs in Zürich, Kraków and Málaga'],
  },
  sections: [
    {
      kind: 'split',
      id: 'why-join',
      eyebrow: 'Why join',
      heading: 'Work that lenders rely on every day',
      paragraphs: ['Our engineers and risk specialists work side by side, from São Paulo to Zürich, on decisions that reach real borrowers.'],
      points: ['Small teams that own their work', 'Time to learn, every week', 'Equipment of your choice'],
    },
    {
      kind: 'cards',
      id: 'teams',
      eyebrow: 'Teams',
      heading: 'Where you could fit',
      columns: 3,
      cards: [
        { icon: 'code', title: 'Engineering', text: 'Build the decision engine, the data integrations and the APIs.' },
        { icon: 'scale', title: 'Credit risk', text: 'Turn credit policy into rules and models that explain themselves.' },
        { icon: 'handshake', title: 'Customer success', text: 'Help lenders go live and get the most from the platform.' },
      ],
    },
    {
      kind: 'steps',
      id: 'hiring',
      eyebrow: 'How we hire',
      heading: 'Three conversations, one week',
      steps: [
        { title: 'Introduction', text: 'A short call about you, the role and the team.', icon: 'message' },
        { title: 'Work sample', text: 'A small task from our real work, done in your own time.', icon: 'clipboard' },
        { title: 'Meet the team', text: 'Talk with the people you would work with every day.', icon: 'users' },
      ],
    },
  ],
  closing: {
    heading: 'Do not see your role?',
    text: 'Tell us what you would like to build with us.',
    cta: 'Talk to us',
    note: offers.both,
  },
} satisfies PageContent;
`;

/** The one row the README asks for. */
const ROW = `  {
    path: '/${SLUG}',
    content: addedPage,
    title: \`Careers ${SLUG} | \${site.name}\`,
    description: 'Join the team building explainable AI for credit risk: engineering, credit risk and customer success roles.',
    nav: 'Careers ${SLUG.slice(-4)}',
  },
`;

let project: ProjectCopy;

beforeAll(async () => {
  project = await copyProject('site-new-page-');
  const folder = path.join(project.root, 'pages', SLUG);
  await mkdir(folder);
  await writeFile(path.join(folder, 'content.ts'), CONTENT);
  const table = path.join(project.root, 'pages', 'routes.ts');
  const lines = (await readFile(table, 'utf8')).split('\n');
  const lastImport = lines.length - 1 - [...lines].reverse().findIndex((line) => line.startsWith('import '));
  const tableStart = lines.findIndex((line) => line.startsWith('export const routes'));
  const tableEnd = lines.findIndex((line, index) => index > tableStart && line === '];');
  expect(
    [lastImport, tableStart, tableEnd].every((index) => index >= 0 && index < lines.length),
    'the route table as the README shows it',
  ).toBe(true);
  lines.splice(tableEnd, 0, ROW.trimEnd());
  lines.splice(lastImport + 1, 0, `import { addedPage } from './${SLUG}/content';`);
  await writeFile(table, lines.join('\n'));
});

afterAll(async () => {
  await project?.remove();
});

/** A command in the copy, as a person runs it there; vitest's own variables left out, so a nested run starts afresh. */
function inCopy(args: readonly string[], timeout = 300_000) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'));
  return spawnSync(process.execPath, args, { cwd: project.root, encoding: 'utf8', env, timeout });
}

describe('a page added as the README says (a folder in pages/, a row in pages/routes.ts)', () => {
  it('passes the type check, as the README promises an editor', () => {
    const result = inCopy([path.join(project.root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit']);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('builds, and passes every generic page check with the new page among those checked', async () => {
    const report = path.join(project.root, 'new-page-report.json');
    const result = inCopy([
      path.join(project.root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--project',
      'build',
      '--reporter=json',
      `--outputFile=${report}`,
      ...GENERIC,
    ]);
    const results = JSON.parse(await readFile(report, 'utf8')) as {
      numFailedTests: number;
      numPassedTests: number;
      testResults: { name: string; status: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
    };
    const failures = results.testResults.flatMap((file) =>
      file.assertionResults.filter((test) => test.status !== 'passed').map((test) => `${test.fullName}: ${test.failureMessages[0] ?? ''}`),
    );
    expect(failures, result.stderr).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
    expect(results.testResults.map((file) => path.relative(project.root, file.name)).sort()).toEqual([...GENERIC].sort());
    for (const file of results.testResults) {
      expect(file.status, file.name).toBe('passed');
      const added = file.assertionResults.filter((test) => test.fullName.includes(`/${SLUG}`));
      expect(added.length, `${path.basename(file.name)} checked /${SLUG}`).toBeGreaterThan(0);
    }
  }, 300_000);
});

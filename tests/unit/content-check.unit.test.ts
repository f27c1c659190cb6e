/**
 * The content check's words for each kind of mistake, and how it finds the line of a field in a
 * content file. The build tests (content-errors.build.test.ts) run it through `npm run build`.
 */
import { describe, expect, it } from 'vitest';
import { problemsOf as check, problemsError } from '../../generator/render/check';
import { lineOfPath } from '../../generator/render/locate';
import { routes } from '../../pages/routes';
import { type PageContent, pageContent } from '../../pages/types';

/** Content no module exports (a test's copy) is placed in the file the check is given. */
const options = { file: 'tests/fixtures/routes/example.ts' };
const problemsOf = (content: unknown, _options: typeof options) => check(content, pageContent, async () => options);

/** Every route's content, as data a test may break: a deep copy, so no test changes another. */
function contentOf(path: string): PageContent {
  const content = routes.find((route) => route.path === path)?.content;
  if (!content) throw new Error(`no content at ${path}`);
  return structuredClone(content) as PageContent;
}

/** The problems of content broken by `breakIt`, as the lines of text they print after the file. */
async function problems(
  breakIt: (content: Record<string, unknown> & { hero: Record<string, unknown>; sections: Record<string, unknown>[] }) => void,
) {
  const content = contentOf('/') as unknown as Parameters<typeof breakIt>[0];
  breakIt(content);
  return (await problemsOf(content, options)).map((problem) => problem.text);
}

describe('the content check', () => {
  it('finds nothing wrong with the content of any route of the table', async () => {
    for (const route of routes) expect(route.content && (await problemsOf(route.content, options)), route.path).toEqual([]);
  });

  it('names a misspelled optional field with the one it meant, and an unknown one with the fields there are', async () => {
    expect(
      await problems((content) => {
        content.hero.eybrow = content.hero.eyebrow;
        delete content.hero.eyebrow;
      }),
    ).toEqual(['hero.eybrow is not a field here (did you mean "eyebrow"?)']);
    expect(
      await problems((content) => {
        content.closing = { ...(content.closing as object), colour: 'red' };
      }),
    ).toEqual(['closing.colour is not a field here (the fields are id, heading, text, cta, secondaryCta, note)']);
  });

  it('names the icon a misspelled icon name meant, and lists the choices of a short list', async () => {
    const index = contentOf('/').sections.findIndex((section) => section.kind === 'cards');
    expect(
      await problems((content) => {
        ((content.sections[index] as { cards: Record<string, unknown>[] }).cards[0] as Record<string, unknown>).icon = 'shiled';
      }),
    ).toEqual([`sections[${index}].cards[0].icon "shiled" is not an icon of the set in components/Icon/Icon.tsx (did you mean "shield"?)`]);
    expect(
      await problems((content) => {
        (content.sections[index] as Record<string, unknown>).columns = 5;
      }),
    ).toEqual([`sections[${index}].columns 5 is not one of the choices (one of 2, 3, 4)`]);
  });

  it('refuses an empty list, a repeated section id, a figure out of range, and a sample that is not JSON', async () => {
    expect(await problems((content) => (content.sections = []))).toEqual(['sections is empty']);
    expect(
      await problems((content) => {
        (content.sections[1] as Record<string, unknown>).id = content.sections[0]?.id;
      }),
    ).toEqual([
      `sections[1].id is an earlier section's id too: a section's id names its anchor, so it must be unique on the page (found "${contentOf('/').sections[0]?.id}")`,
    ]);
    expect(
      await problems((content) => {
        (content.sections[0] as Record<string, unknown>).id = 'The Problem';
      }),
    ).toEqual(['sections[0].id is not a lower-case name such as "how-it-works" (found "The Problem")']);
    const decision = contentOf('/credit-decision').sections.findIndex((section) => section.kind === 'decision');
    const broken = contentOf('/credit-decision') as unknown as { sections: { sample: Record<string, unknown> }[] };
    (broken.sections[decision] as { sample: Record<string, unknown> }).sample.score = Number.NaN;
    expect((await problemsOf(broken, options)).map((problem) => problem.text)).toEqual([
      `sections[${decision}].sample.score should be a JSON value (text, a number, true, false, null, a list or an object), not NaN`,
    ]);
    const forecast = contentOf('/').sections.findIndex((section) => section.kind === 'split' && section.visual?.kind === 'forecast');
    expect(
      await problems((content) => {
        const visual = (content.sections[forecast] as { visual: { segments: { level: number }[] } }).visual;
        (visual.segments[0] as { level: number }).level = 1.5;
        (visual.segments[1] as { level: number }).level = 0;
      }),
    ).toEqual([
      `sections[${forecast}].visual.segments[0].level must be at most 1 (found 1.5)`,
      `sections[${forecast}].visual.segments[1].level must be above 0 (found 0)`,
    ]);
  });

  it('names the route table when the content comes from no content file, without a line', async () => {
    const content = contentOf('/') as unknown as { hero: Record<string, unknown> };
    content.hero.lead = 3;
    expect(await problemsOf(content, options)).toEqual([{ file: options.file, text: 'hero.lead should be text, not the number 3' }]);
  });

  it('words one problem as one line, several as a list with the first five and a count', () => {
    const one = problemsError([{ route: '/about-us/', file: 'pages/about-us/content.ts', line: 8, text: 'hero.title is missing' }]);
    expect(one.message).toBe('pages/about-us/content.ts:8: hero.title is missing (route /about-us/)');
    expect(one).toMatchObject({ file: 'pages/about-us/content.ts', route: '/about-us/' });
    const seven = problemsError(
      Array.from({ length: 7 }, (_, index) => ({
        route: '/',
        file: 'pages/home/content.ts',
        line: index + 1,
        text: `sections[${index}].id is empty`,
      })),
    );
    expect(seven.message.split('\n')).toEqual([
      "7 problems in the site's content:",
      ...Array.from({ length: 5 }, (_, index) => `  pages/home/content.ts:${index + 1}: sections[${index}].id is empty (route /)`),
      '  and 2 more',
    ]);
  });
});

describe('the line of a field in a content file', () => {
  const source = [
    "import { site } from '../../site.config';", // 1
    '', // 2
    'export const other = { hero: { title: "not this one" } };', // 3
    'export const page = {', // 4
    '  // A comment with a , and a { that are not code.', // 5
    '  hero: {', // 6
    "    eyebrow: 'Commas, [brackets] and {braces}',", // 7
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as a content file holds it
    '    title: `${site.name}: a template ${`nested, ${1 + 1}`} literal`,', // 8
    "    lead: 'It\\'s escaped',", // 9
    '  },', // 10
    '  sections: [', // 11
    "    { kind: 'split', id: 'a' },", // 12
    '    /* one, */ {', // 13
    "      kind: 'cards',", // 14
    "      cards: [{ title: 'x' }, ...more, { title: 'y' }],", // 15
    '    },', // 16
    '  ],', // 17
    '} satisfies PageContent;', // 18
  ].join('\n');

  it.each([
    [['hero', 'title'], 8],
    [['hero', 'lead'], 9],
    [['hero'], 6],
    [['sections', 1, 'kind'], 14],
    [['sections', 1], 13],
    [['sections', 1, 'cards', 0, 'title'], 15],
    // Past a spread, positions are unknowable: the line of the list.
    [['sections', 1, 'cards', 2, 'title'], 15],
    // A missing key: the line of its object.
    [['hero', 'missing'], 6],
    [['sections', 5], 11],
  ] as const)('finds %j on line %i', async (path, line) => {
    expect(await lineOfPath(source, 'page', path)).toBe(line);
  });

  it("finds a field of a default export made by a call, as a site's config is", async () => {
    const config = [
      'import { defineSite } from "./generator";',
      '',
      'export default defineSite({',
      "  name: 'x',",
      "  font: { family: 'Inter' },",
      '});',
    ].join('\n');
    expect(await lineOfPath(config, 'default', ['font', 'family'])).toBe(5);
    expect(await lineOfPath(config, 'default', ['name'])).toBe(4);
  });

  it('knows no line for an export the file does not have', async () => {
    expect(await lineOfPath(source, 'absent', ['hero'])).toBeUndefined();
  });
});

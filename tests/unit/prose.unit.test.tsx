/**
 * A page's text in Markdown (`markdown()` in a content schema, the `prose` section kind): checked as an entry's body is, each
 * mistake at the line of the content file it is on, and rendered by the entries' renderer where the page is laid out.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { proseProblems, withProse } from '../../generator/render/prose';
import { markdown } from '../../generator/site';
import { ContentPage } from '../../pages/ContentPage';
import { type PageContent, pageContent } from '../../pages/types';
import { render } from '../support/render';

const schema = v.strictObject({
  heading: v.string(),
  text: markdown(2000),
  parts: v.array(v.strictObject({ text: markdown(2000, { under: 1 }) })),
});
/** As if the content file had the text field on line 10, and each part's on line 20 + its number. */
const where = async (keys: readonly (string | number)[]) => ({
  file: 'pages/terms/content.ts',
  line: keys[0] === 'parts' ? 20 + Number(keys[1]) : 10,
});

async function problemsOf(text: string, parts: string[] = []) {
  return (await proseProblems({ heading: 'Terms', text, parts: parts.map((part) => ({ text: part })) }, schema, where)).map(
    (problem) => `${problem.file}:${problem.line}: ${problem.text}`,
  );
}

describe('Markdown in a page’s copy', () => {
  it('passes when it is what an entry’s body may be, headings starting under the section’s', async () => {
    expect(
      await problemsOf('A paragraph, [a link](/about-us/).\n\n### A heading\n\n#### Under it\n', ['## A heading under an h1']),
    ).toEqual([]);
  });

  it('is refused, at the content file and the line in the text, for raw HTML, a heading as high as the section’s, a skipped level or an image', async () => {
    expect(
      await problemsOf('First line.\n\n<div>raw</div>\n\n## Too high\n\n### Fine\n\n##### Skips a level\n\n![A chart](chart.png)\n', [
        'Fine.\n\n# Too high for a part',
      ]),
    ).toEqual([
      'pages/terms/content.ts:12: text holds raw HTML (<div>raw</div>), which the site does not publish: write it in Markdown',
      "pages/terms/content.ts:14: text has a level-2 heading (## …), as high as the section's own: start its headings at ### …",
      'pages/terms/content.ts:18: text skips from heading level 3 to 5 (##### …): use #### …',
      "pages/terms/content.ts:20: text shows the image chart.png: a page's text has no images of its own; give the page a section with an illustration",
      "pages/terms/content.ts:22: parts[0].text has a level-1 heading (# …): the entry's title is the page's heading; start its sections at ## …",
    ]);
  });

  it('reaches the page rendered, each field where the content has it, links under the base path', async () => {
    const content = (await withProse(
      { heading: 'Terms', text: 'Read [the story](/about-us/#story).\n\n### Details\n\n- one', parts: [] },
      schema,
      { link: (href) => `/site${href}`, lang: 'en' },
    )) as {
      heading: string;
      text: ReactElement;
    };
    expect(content.heading).toBe('Terms');
    expect(renderToStaticMarkup(content.text)).toBe(
      '<p>Read <a href="/site/about-us/#story">the story</a>.</p><div><h3 id="details">Details</h3><a href="#details" aria-labelledby="details">#</a></div><ul><li>one</li></ul>',
    );
  });
});

describe('the prose section kind', () => {
  const content = {
    hero: { title: 'Terms', lead: 'What we agree to.' },
    sections: [{ kind: 'prose', id: 'terms', heading: 'Our terms', text: 'The **first** term.\n\n### Its detail\n\nWords.' }],
    closing: { heading: 'Questions?', text: 'Ask us.', cta: 'Talk to us' },
  };

  it('is a kind of section, its text checked as Markdown', () => {
    expect(v.safeParse(pageContent, content).success).toBe(true);
  });

  it('lays its text out under the section’s heading, as the page renders it', async () => {
    const prose = (await withProse(content, pageContent, { link: (href) => href, lang: 'en' })) as PageContent;
    const $ = render(<ContentPage content={prose} />);
    expect($('#terms h2').text()).toBe('Our terms');
    expect($('#terms .c-prose strong').text()).toBe('first');
    expect($('#terms .c-prose h3').attr('id')).toBe('its-detail');
  });
});

/**
 * What a reader finds around an article, as the site's components lay out what the build gives them: the way back, dates,
 * reading time, author and tags, a table of contents for a long one, where to go next; a case study's own facts; a list's feed
 * and subjects; the newest entries on a page; and the marks the dev server puts on what a build leaves out.
 */
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Article } from '../../components/Article/Article';
import { ArticleList } from '../../components/ArticleList/ArticleList';
import { CaseStudy, type CaseStudyData } from '../../components/CaseStudy/CaseStudy';
import { EntryCard, heldLabel } from '../../components/EntryCard/EntryCard';
import { LatestContext } from '../../components/site/Latest';
import type { EntryInfo, EntryProps } from '../../generator/site';
import { ContentPage } from '../../pages/ContentPage';
import { people } from '../../pages/people';
import { routes } from '../../pages/routes';
import type { PageContent } from '../../pages/types';
import { render } from '../support/render';

const entryOf = (slug: string, extra: Partial<EntryInfo<unknown>> = {}): EntryInfo<unknown> => ({
  slug,
  url: `/news/${slug}/`,
  title: `The ${slug} article`,
  description: `What the ${slug} article says.`,
  date: '2026-05-20',
  draft: false,
  tags: [],
  data: {},
  ...extra,
});

const outline = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `part-${index}`, text: `Part ${index}` }));

function articleProps(overrides: Partial<EntryProps<unknown>> = {}): EntryProps<unknown> {
  return {
    entry: entryOf('main', { tags: [{ name: 'Regulation', url: '/news/tags/regulation/' }] }),
    body: <p>The body.</p>,
    outline: outline(3),
    words: 920,
    list: { title: 'News', url: '/news/' },
    related: [],
    ...overrides,
  };
}

describe('an article', () => {
  it('leads back to its list, and gives its dates, reading time, author and tags', () => {
    const $ = render(<Article {...articleProps()} author={{ name: 'Co-founder and CEO', href: '/about-us/#ceo' }} />);
    expect($('.c-article__back a').attr('href')).toBe('/news/');
    expect($('.c-article__back').text()).toBe('News');
    expect($('.c-article__dates time').attr('datetime')).toBe('2026-05-20');
    // 920 words at 230 a minute.
    expect($('.c-article__reading').text()).toBe('4 min read');
    expect($('.c-article__author a').attr('href')).toBe('/about-us/#ceo');
    expect(
      $('.c-article__tags a')
        .toArray()
        .map((link) => [$(link).text(), $(link).attr('href')]),
    ).toEqual([['Regulation', '/news/tags/regulation/']]);
  });

  it('has a table of contents from four sections up, each linking its section', () => {
    expect(render(<Article {...articleProps({ outline: outline(3) })} />)('nav[aria-labelledby="article-toc"]')).toHaveLength(0);
    const $ = render(<Article {...articleProps({ outline: outline(4) })} />);
    const contents = $('nav[aria-labelledby="article-toc"]');
    expect($(`#${contents.attr('aria-labelledby')}`).text()).toBe('Contents');
    expect(
      contents
        .find('a')
        .toArray()
        .map((link) => $(link).attr('href')),
    ).toEqual(['#part-0', '#part-1', '#part-2', '#part-3']);
  });

  it('ends where a reader goes next: the newer and older, the related, and the whole list', () => {
    const $ = render(
      <Article
        {...articleProps({ newer: entryOf('newer'), older: entryOf('older'), related: [entryOf('related-a'), entryOf('related-b')] })}
      />,
    );
    expect([$('.c-article__end a[rel="prev"]').attr('href'), $('.c-article__end a[rel="next"]').attr('href')]).toEqual([
      '/news/newer/',
      '/news/older/',
    ]);
    expect(
      $('.c-article__related .c-entry-card__link')
        .toArray()
        .map((link) => $(link).attr('href')),
    ).toEqual(['/news/related-a/', '/news/related-b/']);
    expect($('.c-article__related h3')).toHaveLength(2);
    expect($('.c-article__all a').attr('href')).toBe('/news/');
    // The last of a list leads on to the list alone.
    const alone = render(<Article {...articleProps()} />);
    expect([alone('.c-article__around').length, alone('.c-article__related').length, alone('.c-article__all a').text()]).toEqual([
      0,
      0,
      'All news',
    ]);
  });
});

describe('what the dev server marks an entry with', () => {
  it('says why the build leaves it out: a draft, and until or since when', () => {
    expect(heldLabel({ reason: 'draft' })).toBe('Draft');
    expect(heldLabel({ reason: 'scheduled', date: '2026-12-05' })).toBe('Scheduled for 5 December 2026');
    expect(heldLabel({ reason: 'expired', date: '2026-10-01T09:00:00+02:00' })).toBe('Expired on 1 October 2026');
  });

  it('shows on its page and on every card of it', () => {
    const held = entryOf('held', { draft: true, held: { reason: 'scheduled', date: '2026-12-05' } });
    expect(render(<Article {...articleProps({ entry: held })} />)('.c-article__held').text()).toBe('Scheduled for 5 December 2026');
    expect(render(<EntryCard entry={held} headingLevel={2} sizes="100vw" />)('.c-entry-card__held').text()).toBe(
      'Scheduled for 5 December 2026',
    );
    expect(render(<EntryCard entry={entryOf('published')} headingLevel={2} sizes="100vw" />)('.c-badge')).toHaveLength(0);
  });
});

describe('a card of an entry', () => {
  it('shows its cover at the sizes the layout gives, its title a heading of the level asked, linking the entry', () => {
    const sizes: string[] = [];
    const thumbnail = (given: string): ReactNode => {
      sizes.push(given);
      return <img src="/cover.png" alt="A cover" />;
    };
    const $ = render(
      <EntryCard entry={entryOf('covered', { thumbnail })} headingLevel={3} layout="row" sizes="(min-width: 48rem) 14rem, 100vw" />,
    );
    expect(sizes).toEqual(['(min-width: 48rem) 14rem, 100vw']);
    expect($('.c-entry-card').hasClass('c-entry-card--row')).toBe(true);
    expect($('h3 a').attr('href')).toBe('/news/covered/');
    expect($(`#${$('article').attr('aria-labelledby')}`).is('h3')).toBe(true);
    // Without a cover, a row is its text alone.
    expect(render(<EntryCard entry={entryOf('plain')} headingLevel={2} layout="row" sizes="100vw" />)('.c-entry-card').attr('class')).toBe(
      'c-entry-card',
    );
  });
});

describe('a case study', () => {
  it('leads with its client and sector, and shows its results as figures before the story', () => {
    const entry = {
      ...entryOf('pilot'),
      data: { client: 'A digital lender', sector: 'Digital lending', results: [{ figure: '70%', label: 'fewer manual follow-ups' }] },
    };
    const props = { ...articleProps(), entry } as unknown as EntryProps<CaseStudyData>;
    const $ = render(<CaseStudy {...props} />);
    expect([$('.c-case-study__client').text(), $('.c-case-study__sector').text()]).toEqual(['A digital lender', 'Digital lending']);
    expect($('#case-study-results').text()).toBe('Results');
    expect(
      $('.c-case-study__results .c-stat-figure')
        .toArray()
        .map((figure) => $(figure).text()),
    ).toEqual(['70% fewer manual follow-ups']);
    expect($('.c-case-study').nextAll('.c-article__body')).toHaveLength(1);
  });
});

describe('a list', () => {
  const tags = [
    { name: 'Company', url: '/news/tags/company/', count: 1 },
    { name: 'Regulation', url: '/news/tags/regulation/', count: 3 },
  ];

  it('offers its feed and its subjects, each with how many entries it holds', () => {
    const $ = render(
      <ArticleList
        title="News"
        description="d"
        entries={[entryOf('a')]}
        page={1}
        pages={1}
        feed={{ title: 'News', url: '/news/feed.xml' }}
        tags={tags}
      />,
    );
    expect($('.c-article-list__feed a').attr('href')).toBe('/news/feed.xml');
    expect(
      $('nav[aria-label="Subjects"] a')
        .toArray()
        .map((link) => $(link).text()),
    ).toEqual(['Company 1', 'Regulation 3']);
    expect($('h2 a').attr('href')).toBe('/news/a/');
  });

  it('on a tag’s page, leads back to the whole list and marks its tag as the page', () => {
    const $ = render(
      <ArticleList
        title="News: Regulation"
        description="d"
        entries={[entryOf('a')]}
        page={1}
        pages={1}
        tag={{ name: 'Regulation', list: { title: 'News', url: '/news/' } }}
        tags={tags}
      />,
    );
    expect($('.c-article-list__back a').attr('href')).toBe('/news/');
    expect($('[aria-current="page"]').attr('href')).toBe('/news/tags/regulation/');
  });
});

describe('the newest entries on a page', () => {
  const home = routes.find((route) => route.path === '/')?.content as PageContent;

  it('show as many of the collection’s newest as the copy asks, and lead to the rest', () => {
    const latest = { news: ['a', 'b', 'c'].map((slug) => entryOf(slug)) };
    const $ = render(
      <LatestContext.Provider value={latest}>
        <ContentPage content={home} />
      </LatestContext.Provider>,
    );
    const section = $('.c-latest-entries').closest('section');
    expect(section.find('h2').text()).toBe('The latest from the team');
    expect(
      section
        .find('.c-entry-card__link')
        .toArray()
        .map((link) => $(link).attr('href')),
    ).toEqual(['/news/a/', '/news/b/', '/news/c/']);
    expect(section.find('.c-latest-entries__more a').attr('href')).toBe('/news/');
  });

  it('leave no empty block while the collection has none published', () => {
    expect(render(<ContentPage content={home} />)('.c-latest-entries')).toHaveLength(0);
  });
});

describe('the people who sign articles', () => {
  it('are the about page’s team, each linked to the card the team page gives them an anchor for', () => {
    expect(people).toEqual({
      ceo: { name: 'Co-founder and CEO', href: '/about-us/#ceo' },
      cto: { name: 'Co-founder and CTO', href: '/about-us/#cto' },
    });
  });
});

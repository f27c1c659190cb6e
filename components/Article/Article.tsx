import type { ReactNode } from 'react';
import type { EntryProps, MarkdownSettings } from '../../generator/site';
import { Badge } from '../Badge/Badge';
import { EntryCard, EntryDates, heldLabel } from '../EntryCard/EntryCard';
import { Icon } from '../Icon/Icon';
import { useSitePaths } from '../site/SitePaths';
import { TagList } from '../TagList/TagList';

/** Words a minute of a reader of English on a screen: what "4 min read" counts by. */
const WORDS_A_MINUTE = 230;

/** A person of the site who signs an entry, and where the site introduces them. */
export interface Author {
  name: string;
  href?: string;
}

export interface ArticleProps extends EntryProps<unknown> {
  author?: Author | undefined;
  /** Above the title: what the entry is about (a case study's client). */
  eyebrow?: ReactNode;
  /** After the header, before the body: an entry's own facts (a case study's results). */
  facts?: ReactNode;
}

/** What the body's Markdown needs of the site: its classes (styled in _article.scss) and the words a screen reader says. */
export const ARTICLE_MARKDOWN: MarkdownSettings = {
  // Shiki's token kinds in the palette's code colours, as the decision sample shows JSON; the common languages (the default).
  code: {
    classes: {
      keyword: 'c-article__code-keyword',
      string: 'c-article__code-string',
      'string-expression': 'c-article__code-string',
      constant: 'c-article__code-constant',
      function: 'c-article__code-function',
      comment: 'c-article__code-comment',
      punctuation: 'c-article__code-punctuation',
      inserted: 'c-article__code-string',
      deleted: 'c-article__code-function',
      changed: 'c-article__code-constant',
    },
  },
  classes: { heading: 'c-article__heading', headingLink: 'c-article__heading-link' },
  labels: {
    footnotes: 'Notes',
    backlink: (note, occurrence) => `Back to reference ${note}${occurrence > 1 ? ` (${occurrence})` : ''}`,
  },
};

/** A table of contents from this many sections. */
const OUTLINE_FROM = 4;

/**
 * One entry of a collection (a news article, a case study): the way back to its list, its title as
 * the page's heading, its dates, reading time, author and tags, its image, a table of contents for
 * a long one, its Markdown body, and where to go next: the entries beside it and those on the same
 * subjects. The dev server shows drafts, marked.
 */
export function Article({ entry, body, image, outline, words, list, newer, older, related, author, eyebrow, facts }: ArticleProps) {
  const minutes = Math.max(1, Math.round(words / WORDS_A_MINUTE));
  // The author's page is the site's, under its base path; the build gives the rest their URLs.
  const { link } = useSitePaths();
  return (
    <article className="c-article" aria-labelledby="article-title">
      <header className="o-container c-article__header">
        <p className="c-article__back">
          <a href={list.url}>
            <Icon name="arrowLeft" size={16} />
            {list.title}
          </a>
        </p>
        {entry.held ? (
          <Badge tone="warning" className="c-article__held">
            {heldLabel(entry.held)}
          </Badge>
        ) : null}
        {eyebrow ? <p className="c-article__eyebrow">{eyebrow}</p> : null}
        <h1 className="c-article__title" id="article-title">
          {entry.title}
        </h1>
        <p className="c-article__lead">{entry.description}</p>
        <div className="c-article__meta">
          <EntryDates entry={entry} className="c-article__dates" />
          <p className="c-article__reading">{minutes} min read</p>
          {author ? (
            <p className="c-article__author">
              {'By '}
              {author.href ? <a href={link(author.href)}>{author.name}</a> : author.name}
            </p>
          ) : null}
        </div>
        {entry.tags.length > 0 ? <TagList tags={entry.tags} className="c-article__tags" /> : null}
      </header>
      {facts}
      {image ? <div className="o-container c-article__image">{image}</div> : null}
      {outline.length >= OUTLINE_FROM ? (
        <nav className="o-container c-article__toc" aria-labelledby="article-toc">
          <h2 className="c-article__toc-title" id="article-toc">
            Contents
          </h2>
          <ol className="c-article__toc-list">
            {outline.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="o-container c-article__body">{body}</div>
      <footer className="o-container c-article__end">
        {newer || older ? (
          <nav className="c-article__around" aria-label={`More from ${list.title}`}>
            {newer ? (
              <a className="c-article__neighbour" href={newer.url} rel="prev">
                <span className="c-article__neighbour-label">Newer</span>
                <span className="c-article__neighbour-title">{newer.title}</span>
              </a>
            ) : null}
            {older ? (
              <a className="c-article__neighbour c-article__neighbour--older" href={older.url} rel="next">
                <span className="c-article__neighbour-label">Older</span>
                <span className="c-article__neighbour-title">{older.title}</span>
              </a>
            ) : null}
          </nav>
        ) : null}
        {related.length > 0 ? (
          <section className="c-article__related" aria-labelledby="article-related">
            <h2 className="c-article__related-title" id="article-related">
              On the same subjects
            </h2>
            <ul className="c-article__related-list">
              {related.map((other) => (
                <li key={other.url}>
                  <EntryCard entry={other} headingLevel={3} layout="row" sizes="(min-width: 48rem) 14rem, 100vw" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="c-article__all">
          <a href={list.url}>
            All {list.title.toLowerCase()}
            <Icon name="arrowRight" size={16} />
          </a>
        </p>
      </footer>
    </article>
  );
}

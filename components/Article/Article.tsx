import type { EntryInfo, EntryProps, MarkdownSettings } from '../../generator/site';

/** "1 June 2025", for a date the frontmatter gives as 2025-06-01 or as a date and time. */
// One formatter for every date: making one costs more than formatting a thousand dates.
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

export function readableDate(date: string): string {
  // The day as written, in the writer's own zone: 2025-03-01T00:30:00+01:00 is 1 March, though in UTC it is still February.
  return DATE_FORMAT.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** When an entry was published, and last changed if it was. */
export function EntryDates({ entry, className }: { entry: EntryInfo<unknown>; className: string }) {
  return (
    <p className={className}>
      <time dateTime={entry.date}>{readableDate(entry.date)}</time>
      {entry.updated ? (
        <>
          {' · Updated '}
          <time dateTime={entry.updated}>{readableDate(entry.updated)}</time>
        </>
      ) : null}
    </p>
  );
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

/**
 * One entry of a collection (a news article, a case study): its title as the page's heading, its
 * dates and summary, its image, and its Markdown body. The dev server shows drafts, marked.
 */
export function Article({ entry, body, image }: EntryProps<unknown>) {
  return (
    <article className="c-article" aria-labelledby="article-title">
      <header className="o-container c-article__header">
        {entry.draft ? <p className="c-article__draft">Draft: not published</p> : null}
        <EntryDates entry={entry} className="c-article__meta" />
        <h1 className="c-article__title" id="article-title">
          {entry.title}
        </h1>
        <p className="c-article__lead">{entry.description}</p>
      </header>
      {image ? <div className="o-container c-article__image">{image}</div> : null}
      <div className="o-container c-article__body">{body}</div>
    </article>
  );
}

import type { ListProps } from '../../generator/site';
import { EntryDates } from '../Article/Article';

/** A collection's entries, newest first, a page of them at a time, with links to the pages before and after. */
export function ArticleList({ title, description, entries, page, pages, previous, next }: ListProps<unknown>) {
  return (
    <section className="c-article-list" aria-labelledby="article-list-title">
      <div className="o-container">
        <header className="c-article-list__header">
          <h1 className="c-article-list__title" id="article-list-title">
            {title}
          </h1>
          <p className="c-article-list__intro">{description}</p>
        </header>
        <ol className="c-article-list__items">
          {entries.map((entry) => (
            <li className="c-article-list__item" key={entry.url}>
              <article aria-labelledby={`entry-${entry.slug}`}>
                <h2 className="c-article-list__entry-title" id={`entry-${entry.slug}`}>
                  <a href={entry.url}>{entry.title}</a>
                </h2>
                <EntryDates entry={entry} className="c-article-list__meta" />
                {entry.draft ? <p className="c-article-list__draft">Draft: not published</p> : null}
                <p className="c-article-list__summary">{entry.description}</p>
              </article>
            </li>
          ))}
        </ol>
        {entries.length === 0 ? <p className="c-article-list__empty">Nothing is published here yet.</p> : null}
        {pages > 1 ? (
          <nav className="c-article-list__pages" aria-label={`${title}: more pages`}>
            {previous ? (
              <a href={previous} rel="prev">
                Newer
              </a>
            ) : null}
            <span className="c-article-list__position">
              Page {page} of {pages}
            </span>
            {next ? (
              <a href={next} rel="next">
                Older
              </a>
            ) : null}
          </nav>
        ) : null}
      </div>
    </section>
  );
}

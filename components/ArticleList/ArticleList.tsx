import type { ListProps } from '../../generator/site';
import { EntryCard } from '../EntryCard/EntryCard';
import { Icon } from '../Icon/Icon';
import { TagList } from '../TagList/TagList';

/**
 * A collection's entries (or a tag's), newest first, a page of them at a time, in one column with
 * the articles themselves: each with its cover, dates, title and summary; the list's feed, its
 * subjects, and links to the pages before and after.
 */
export function ArticleList({ title, description, entries, page, pages, previous, next, feed, tag, tags }: ListProps<unknown>) {
  return (
    <section className="c-article-list" aria-labelledby="article-list-title">
      <div className="o-container c-article-list__column">
        <header className="c-article-list__header">
          {tag ? (
            <p className="c-article-list__back">
              <a href={tag.list.url}>
                <Icon name="arrowLeft" size={16} />
                {tag.list.title}
              </a>
            </p>
          ) : null}
          <h1 className="c-article-list__title" id="article-list-title">
            {title}
          </h1>
          <p className="c-article-list__intro">{description}</p>
          {feed ? (
            <p className="c-article-list__feed">
              <a href={feed.url} type="application/atom+xml">
                <Icon name="rss" size={16} />
                Follow in a feed reader
              </a>
            </p>
          ) : null}
          {tags.length > 1 || tag ? (
            <nav className="c-article-list__tags" aria-label="Subjects">
              <TagList tags={tags} current={tag?.name} />
            </nav>
          ) : null}
        </header>
        <ol className="c-article-list__items">
          {entries.map((entry) => (
            <li className="c-article-list__item" key={entry.url}>
              <EntryCard entry={entry} headingLevel={2} layout="row" sizes="(min-width: 48rem) 14rem, 100vw" />
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

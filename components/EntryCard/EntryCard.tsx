import type { EntryInfo, Held } from '../../generator/site';
import { Badge } from '../Badge/Badge';
import { TagList } from '../TagList/TagList';

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

/** What the dev server marks an entry the build leaves out with: why, and until or since when. */
export function heldLabel(held: Held): string {
  if (held.reason === 'scheduled') return `Scheduled for ${readableDate(held.date)}`;
  if (held.reason === 'expired') return `Expired on ${readableDate(held.date)}`;
  return 'Draft';
}

export interface EntryCardProps {
  entry: EntryInfo<unknown>;
  /** Its title's level in the page's outline: under the page's heading, 2; under a section's, 3. */
  headingLevel: 2 | 3;
  /** Its thumbnail's `sizes`: as wide as the layout shows it. */
  sizes: string;
  /** Beside its thumbnail from `md` up (a list), or under it (a grid). */
  layout?: 'row' | 'stacked';
  /** Its tags, each a link to its list. */
  withTags?: boolean;
  /** Its description under its title. */
  withSummary?: boolean;
}

/** An entry as another page shows it: its cover, dates, title (the link to it), summary and tags. The whole card is the link. */
export function EntryCard({ entry, headingLevel, sizes, layout = 'stacked', withTags = true, withSummary = true }: EntryCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Unique on a page that shows entries of two collections: the address is.
  const titleId = `entry${entry.url.replace(/[^a-z0-9]+/g, '-')}`;
  return (
    // Without a thumbnail, a row is its text alone.
    <article className={entry.thumbnail ? `c-entry-card c-entry-card--${layout}` : 'c-entry-card'} aria-labelledby={titleId}>
      {entry.thumbnail ? <div className="c-entry-card__image">{entry.thumbnail(sizes)}</div> : null}
      <div className="c-entry-card__text">
        {entry.held ? (
          <Badge tone="warning" className="c-entry-card__held">
            {heldLabel(entry.held)}
          </Badge>
        ) : null}
        <EntryDates entry={entry} className="c-entry-card__dates" />
        <Heading className={headingLevel === 2 ? 'c-entry-card__title c-entry-card__title--large' : 'c-entry-card__title'} id={titleId}>
          <a className="c-entry-card__link" href={entry.url}>
            {entry.title}
          </a>
        </Heading>
        {withSummary ? <p className="c-entry-card__summary">{entry.description}</p> : null}
        {withTags && entry.tags.length > 0 ? <TagList tags={entry.tags} className="c-entry-card__tags" /> : null}
      </div>
    </article>
  );
}

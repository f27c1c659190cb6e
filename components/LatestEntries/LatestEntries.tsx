import * as v from 'valibot';
import type { EntryInfo } from '../../generator/site';
import { EntryCard } from '../EntryCard/EntryCard';
import { Icon } from '../Icon/Icon';
import { label, sitePath, slug } from '../site/schema';

/** What a page's copy says of the block: which collection, how many of its newest entries, and the link to all of them. */
export const latestEntriesContent = v.strictObject({
  /** A collection's name, as pages/site.tsx names it ("news"). */
  collection: slug,
  count: v.pipe(v.number(), v.integer('is not a whole number'), v.minValue(1, 'is less than 1'), v.maxValue(6, 'is more than 6')),
  link: v.strictObject({ href: sitePath, label }),
});

export interface LatestEntriesProps {
  /** The newest first, as the build picks them: an article added needs no edit here. */
  entries: readonly EntryInfo<unknown>[];
  link: { href: string; label: string };
}

/** A collection's newest entries as cards, and the way to the rest. */
export function LatestEntries({ entries, link }: LatestEntriesProps) {
  return (
    <div className="c-latest-entries">
      <ul className="c-latest-entries__list">
        {entries.map((entry) => (
          <li className="c-latest-entries__item" key={entry.url}>
            <EntryCard
              entry={entry}
              headingLevel={3}
              withTags={false}
              // Titles and dates alone: the landing page's HTML, its response's headers included, fits the first round trip
              // (14.6 kB: TCP's first ten packets), which its LCP depends on; a summary each pushed it over.
              withSummary={false}
              sizes="(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 100vw"
            />
          </li>
        ))}
      </ul>
      <p className="c-latest-entries__more">
        <a href={link.href}>
          {link.label}
          <Icon name="arrowRight" size={16} />
        </a>
      </p>
    </div>
  );
}

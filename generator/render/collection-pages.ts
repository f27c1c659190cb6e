/** The lists and feeds a collection's entries make, and what an entry's page shows of the others: from the entries, newest first. */
import * as v from 'valibot';
import { hashParts } from '../cache.mjs';
import { description as descriptionSchema, text, title as titleSchema } from '../schema';
import type { Collection, FeedInfo, PageInfo, SitePath } from '../site';
import { routeFile, slugOf } from '../urls';
import { type Problem, problemsOf, type Where } from './check';
import { instant } from './collection';
import type { LoadedEntry } from './protocol';

/** With its place among its collection's entries. */
export type Shown = { entry: LoadedEntry; index: number };

export type Tags = readonly { name: string; count: number }[];

const DEFAULT_FEED_LENGTH = 20;
const DEFAULT_RELATED = 3;

/** What tells the dev server it need not render a page again. */
export const versionOf = (...parts: string[]) => hashParts(parts);

/** A tag's list: `<path>/tags/<tag>`, the tag's words in lower-case ASCII. */
export function tagPath(collection: Pick<Collection<unknown>, 'path'>, tag: string): SitePath {
  return `${collection.path}/tags/${slugOf(tag)}` as SitePath;
}

/** The collection's tags as its config gives them, each once, a title and description for its list, and a name for its address. */
export async function tagProblems(name: string, collection: Collection<unknown>, where: Where): Promise<Problem[]> {
  const tags = collection.tags;
  if (!tags) return [];
  const prefix = ['collections', name, 'tags'];
  const problems = await problemsOf(tags.allowed, v.array(text(60)), (keys) => where(['tags', 'allowed', ...keys]), [...prefix, 'allowed']);
  if (problems.length > 0) return problems;
  const seen = new Map<string, string>();
  const listSchema = v.strictObject({ title: titleSchema, description: descriptionSchema, feed: titleSchema });
  for (const [index, tag] of tags.allowed.entries()) {
    const slug = slugOf(tag);
    const twin = seen.get(slug);
    const at = await where(['tags', 'allowed', index]);
    const named = `collections.${name}.tags.allowed[${index}] "${tag}"`;
    if (!slug) problems.push({ ...at, text: `${named} has no letter or digit to name its list's address by` });
    else if (twin !== undefined)
      problems.push({ ...at, text: `${named} and "${twin}" would share one list, ${tagPath(collection, tag)}/: keep one` });
    seen.set(slug, tag);
    problems.push(...(await problemsOf(tags.list(tag), listSchema, () => where(['tags', 'list']), [...prefix, `list("${tag}")`])));
  }
  return problems;
}

/** The tags the shown entries give, in the order the collection allows them, with how many entries give each. */
export function tagsOf(collection: Collection<unknown>, shown: readonly Shown[]): Tags {
  const counts = new Map<string, number>();
  for (const { entry } of shown) for (const tag of entry.info.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return (collection.tags?.allowed ?? []).flatMap((name) => {
    const count = counts.get(name);
    return count ? [{ name, count }] : [];
  });
}

export interface ListSpec {
  collection: string;
  /** The list's first page; the next are `<path>/page/2` and on. */
  path: SitePath;
  title: string;
  description: string;
  /** The first page's (its place in the navigation). */
  fields?: Readonly<Record<string, unknown>>;
  tag?: string;
  perPage: number;
}

export function listPages(spec: ListSpec, listed: readonly Shown[], tags: Tags): PageInfo[] {
  const perPage = Math.max(1, spec.perPage);
  // One page at least: an empty collection keeps its list, and the links to it.
  const pageCount = Math.max(1, Math.ceil(listed.length / perPage));
  const pages: PageInfo[] = [];
  for (let page = 1; page <= pageCount; page += 1) {
    const path = (page === 1 ? spec.path : `${spec.path}/page/${page}`) as SitePath;
    const suffix = page === 1 ? '' : ` (page ${page} of ${pageCount})`;
    const shown = listed.slice((page - 1) * perPage, page * perPage);
    pages.push({
      path,
      file: routeFile(path),
      title: `${spec.title}${suffix}`,
      description: spec.description,
      kind: 'list',
      collection: spec.collection,
      ...(page === 1 && spec.fields ? { fields: spec.fields } : {}),
      draft: false,
      // An entry's address too: a file renamed with its words unchanged moves its link.
      version: versionOf(String(page), String(pageCount), JSON.stringify(tags), ...shown.flatMap(({ entry }) => [entry.path, entry.hash])),
      target: {
        kind: 'list',
        collection: spec.collection,
        page,
        pages: pageCount,
        entries: shown.map(({ index }) => index),
        ...(spec.tag === undefined ? {} : { tag: spec.tag }),
        tags,
      },
    });
  }
  return pages;
}

/** The entry of the list before it (newer) and after it (older), and those sharing most of its tags, the newest first among equals. */
export function around(
  collection: Collection<unknown>,
  shown: readonly Shown[],
  position: number,
): { newer?: Shown; older?: Shown; related: Shown[] } {
  const self = shown[position] as Shown;
  const own = new Set(self.entry.info.tags);
  const related =
    own.size === 0
      ? []
      : shown
          .map((other, at) => ({ other, at, shared: at === position ? 0 : other.entry.info.tags.filter((tag) => own.has(tag)).length }))
          .filter(({ shared }) => shared > 0)
          // Stable: among equals, the list's order (newest first).
          .sort((a, b) => b.shared - a.shared || a.at - b.at)
          .slice(0, collection.related ?? DEFAULT_RELATED)
          .map(({ other }) => other);
  return { newer: shown[position - 1], older: shown[position + 1], related };
}

/** The newest of a list's published entries, as many as the collection's feedLength. */
export function feedOf(collection: Collection<unknown>, name: string, path: SitePath, title: string, listed: readonly Shown[]): FeedInfo {
  const published = listed.flatMap(({ entry }) => (entry.info.draft ? [] : [entry]));
  return {
    collection: name,
    path,
    title,
    entries: published.slice(0, Math.max(1, collection.feedLength ?? DEFAULT_FEED_LENGTH)).map(({ path, info }) => ({
      path,
      title: info.title,
      description: info.description,
      date: instant(info.date),
      ...(info.updated ? { updated: instant(info.updated) } : {}),
    })),
  };
}

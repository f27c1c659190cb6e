/** A collection's entries, read and checked: frontmatter by its schema, body by what the site publishes, each problem at its line. */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { YAMLError } from 'yaml';
import { hashParts, lookupMeta, store } from '../cache.mjs';
import { isWithin, outsideProject } from '../project-files';
import { description, text, title, unshowable, worded } from '../schema';
import type { Collection, Held, SitePath } from '../site';
import { canonicalPath, folderName, slugOf } from '../urls';
import { type Problem, problemsOf } from './check';
import { readEntry, textHash } from './entry-text';
import { bodyProblems, imagesOf, parseBody } from './markdown';
import type { DescribeInput, ImageSource, LoadedCollection, LoadedEntry } from './protocol';

/** Nothing a reader could take two ways. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;
const NOT_A_DATE = 'is not a date such as 2025-06-01 or 2025-06-01T09:30:00+02:00';
const date = v.pipe(v.string('should be a date such as 2025-06-01'), worded(dateMistake));

/** What an editor got wrong in a date, if anything: a feed needs RFC 3339, and a page must not show "1 January 1". */
function dateMistake(value: string): string | undefined {
  const match = DATE.exec(value);
  if (!match)
    // As some CMSs write a date and time: the hour would depend on where the build runs.
    return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::[\d.]+)?$/.test(value)
      ? 'has a time but no time zone, so its hour depends on where the site is built: add one, such as 2025-06-01T09:30:00+02:00 or 2025-06-01T07:30:00Z'
      : NOT_A_DATE;
  const [year, month, day, hour, minute, second, zoneHour, zoneMinute] = match.slice(1).map((part) => Number(part ?? 0));
  const calendar = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  if (calendar.getUTCMonth() !== (month ?? 0) - 1 || calendar.getUTCDate() !== day) return NOT_A_DATE;
  if ((year ?? 0) < 1970) return `has the year ${match[1]}: write a date from 1970 on, its year in full, such as 2025-06-01`;
  // JavaScript takes 24:00 as the next midnight; RFC 3339, which a feed holds to, does not.
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59 || (zoneHour ?? 0) > 23 || (zoneMinute ?? 0) > 59)
    return 'has a time past the clock: hours run from 00 to 23, minutes and seconds from 00 to 59 (the midnight that ends a day is 00:00 of the next)';
  return Number.isNaN(Date.parse(value)) ? NOT_A_DATE : undefined;
}

/** An entry's tags, where its collection has them: those it allows, each once. */
function tagsField(collection: Collection<unknown>): v.ObjectEntries {
  if (!collection.tags) return {};
  const tag = v.picklist(collection.tags.allowed, 'is not one of the tags the collection allows (its `tags` in the pages module)');
  const once = v.check((tags: string[]) => new Set(tags).size === tags.length, 'names a tag twice: give each once');
  return { tags: v.optional(v.pipe(v.array(tag), once)) };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export async function loadCollection(
  root: string,
  name: string,
  collection: Collection<unknown>,
  { now, mode, code }: DescribeInput,
): Promise<LoadedCollection & { problems: Problem[] }> {
  const folder = folderName(collection.folder);
  const away = outsideProject(root, folder);
  if (away !== undefined) return { entries: [], problems: [{ file: folder, text: away }], images: [], reads: [`${folder}/`] };
  // Synchronous: a worker describing the site has nothing else to do, and a thousand entries' reads and stats, each without
  // a trip through libuv's thread pool, take a fraction of the time.
  const names = statSync(path.join(root, folder), { throwIfNoEntry: false })?.isDirectory()
    ? // By name, in code unit order: nothing depends on the file system's.
      readdirSync(path.join(root, folder), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : undefined;
  // A wrong path and a folder git dropped with its last file look alike: the build cannot tell which, so it asks.
  const missing = {
    file: folder,
    text: `collection "${name}": its folder ${folder} does not exist. Git keeps no empty folder: if its last entry was deleted, add an empty ${folder}/.gitkeep (an empty collection builds an empty list); else correct its folder in the pages module`,
  };
  if (names === undefined) return { entries: [], problems: [missing], images: [], reads: [] };
  const problems: Problem[] = [];
  const inside = realpathSync(path.join(root, folder));
  // Markdown the collection would pass over unread: never silently.
  for (const item of names) {
    const at = `${folder}/${item.name}`;
    if (item.isDirectory() && readdirSync(path.join(root, at)).some((inner) => /\.md$/i.test(inner)))
      problems.push({ file: `${at}/`, text: `holds Markdown the collection does not read: its entries sit in ${folder}/ itself` });
    else if (/\.(md|markdown|mdx)$/i.test(item.name) && !item.name.endsWith('.md'))
      problems.push({ file: at, text: `is not read: a collection's entries are .md files (${item.name.replace(/\.\w+$/, '.md')})` });
  }
  const schema = v.strictObject({
    title,
    description,
    date,
    updated: v.optional(date),
    draft: v.optional(v.boolean()),
    publishDate: v.optional(date),
    expiryDate: v.optional(date),
    image: v.optional(
      v.strictObject({
        src: v.pipe(v.string(), v.regex(/^\.{0,2}\/?[^:]+$/, 'is not a file beside the entry, such as ./cover.jpg')),
        alt: text(300),
      }),
    ),
    ...tagsField(collection),
    ...collection.fields,
  });
  // Each entry's facts as the last build found them with this code, by its text's hash: one record a collection, not a file an entry.
  const memo = code === undefined ? undefined : hashParts([code, name]);
  const known = ((memo && lookupMeta(root, 'describe', memo)?.meta) ?? {}) as Record<string, EntryFacts>;
  const kept: Record<string, EntryFacts> = {};
  const entries: LoadedEntry[] = [];
  const images: ImageSource[] = [];
  /** Each title shown, and the entry that has it: two pages of one title are one result twice in a search. */
  const titles = new Map<string, string>();
  const files = names.flatMap((item) => (!item.isDirectory() && item.name.endsWith('.md') ? [item.name] : []));
  for (const fileName of files) {
    const file = `${folder}/${fileName}`;
    const slug = fileName.slice(0, -3);
    const outside = outsideProject(root, file);
    if (outside !== undefined) {
      problems.push({ file, text: outside });
      continue;
    }
    // A byte order mark, as some editors on Windows save, would hide the frontmatter's first line.
    const source = readEntry(path.join(root, file));
    if (typeof source !== 'string') {
      problems.push({ file, text: source.problem });
      continue;
    }
    const entryPath = `${collection.path}/${slug}` as SitePath;
    const route = canonicalPath(entryPath);
    const add = (line: number | undefined, message: string) =>
      problems.push({ file, ...(line === undefined ? {} : { line }), text: message, route });
    if (!SLUG.test(slug))
      add(
        undefined,
        `the file name "${fileName}" is its address: use lower-case letters, digits and hyphens, such as "${slugOf(slug) || 'our-first-year'}.md"`,
      );
    const hash = textHash(source);
    const before = problems.length;
    // The site's schema runs on every build, cached or not (a check may read the clock); one it now fails is read again, for its line.
    const cached = known[hash] && v.safeParse(schema, known[hash].data).success ? known[hash] : undefined;
    const facts = cached ?? (await factsOf(source, file, schema, collection.markdown, add));
    if (!facts) continue;
    // Kept when found without a problem (one is found, and named, anew) and its data is JSON's: YAML's .inf would come back null.
    if (problems.length === before && isJson(facts.data)) kept[hash] = facts;
    const { lines, bodyLine, bodyStart } = facts;
    const checked = facts.data as v.InferOutput<typeof schema> & Record<string, unknown>;
    const imageSources: ImageSource[] = [];
    for (const image of facts.images) {
      const imageFile = path.posix.join(folder, image.src);
      const at = (text: string) => add(image.line, `the image ${image.src} ${text}`);
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(image.src))
        at('is on another site: put the file beside the entry (the site makes no third-party requests)');
      else if (!image.alt.trim()) at(`has no text alternative: write what it shows between the brackets, ![like this](${image.src})`);
      else if (!statSync(path.join(root, imageFile), { throwIfNoEntry: false })?.isFile()) at(`is missing: there is no ${imageFile}`);
      else {
        // As public/ is: by a path or a link, no file of the machine reaches the output.
        const real = realpathSync(path.join(root, imageFile));
        if (isWithin(inside, real))
          imageSources.push({ file: imageFile, from: `${file}:${image.line}`, ...(image.cover ? { cover: true } : {}) });
        else at(`is ${real}, outside ${folder}/: only the site's own files are published; put the file beside the entry`);
      }
    }
    // Dates out of order are a slip of the keyboard that would ship silently: a lastmod before the date, an entry never shown.
    const { date: published, updated, publishDate, expiryDate } = checked;
    // A day without a time is that whole day: an update written 2025-03-01 may follow a date of 2025-03-01T10:00.
    const earlier = updated !== undefined && (updated.length === 10 ? updated < published.slice(0, 10) : time(updated) < time(published));
    if (earlier) add(lines.updated, `updated (${updated}) is before date (${published}): an entry is updated after it is published`);
    if (expiryDate !== undefined && publishDate !== undefined && time(expiryDate) <= time(publishDate))
      add(lines.expiryDate, `expiryDate (${expiryDate}) is not after publishDate (${publishDate}): the entry would never be shown`);
    const scheduled = (checked.publishDate === undefined ? Number.NEGATIVE_INFINITY : time(checked.publishDate)) > now;
    const expired = (checked.expiryDate === undefined ? Number.POSITIVE_INFINITY : time(checked.expiryDate)) <= now;
    const held: Held | undefined =
      checked.draft === true
        ? { reason: 'draft' }
        : scheduled
          ? { reason: 'scheduled', date: checked.publishDate as string }
          : expired
            ? { reason: 'expired', date: checked.expiryDate as string }
            : undefined;
    const draft = held !== undefined;
    const extra = Object.fromEntries(Object.keys(collection.fields).flatMap((key) => (key in checked ? [[key, checked[key]]] : [])));
    const entry: LoadedEntry = {
      file,
      path: entryPath,
      info: {
        slug,
        title: checked.title,
        description: checked.description,
        date: checked.date,
        ...(checked.updated ? { updated: checked.updated } : {}),
        draft,
        ...(held ? { held } : {}),
        ...(checked.image ? { image: { src: path.posix.join(folder, checked.image.src), alt: checked.image.alt } } : {}),
        tags: (checked.tags as string[] | undefined) ?? [],
        data: extra,
      },
      shown: mode === 'development' || !draft,
      bodyLine,
      bodyStart,
      hash,
    };
    entries.push(entry);
    const twin = titles.get(entry.info.title);
    if (entry.shown && twin !== undefined)
      add(lines.title, `title "${entry.info.title}" is the title of ${twin} too: each entry of a collection needs its own`);
    if (entry.shown && twin === undefined) titles.set(entry.info.title, `${file}:${lines.title}`);
    // A draft's images are checked, never published: an embargoed picture must not wait in the output for its article.
    if (entry.shown) images.push(...imageSources);
  }
  const hashes = Object.keys(kept);
  if (memo && (hashes.length !== Object.keys(known).length || hashes.some((hash) => !known[hash])))
    store(root, 'describe', memo, { meta: kept });
  // Entries of one date by title: the order never depends on the file system.
  entries.sort((a, b) => time(b.info.date) - time(a.info.date) || a.info.title.localeCompare(b.info.title));
  return {
    entries,
    problems,
    images,
    reads: [`${folder}/`, ...files.map((fileName) => `${folder}/${fileName}`), ...images.map((image) => image.file)],
  };
}

/** What the generator reads in an entry's text, by the site's Markdown settings: kept by the text's hash (and the site's code). */
interface EntryFacts {
  data: Record<string, unknown>;
  bodyLine: number;
  bodyStart: number;
  /** Its cover and the body's images, at their lines. */
  images: { src: string; alt: string; line: number; cover: boolean }[];
  /** The lines of the fields later checks name. */
  lines: Record<'title' | 'updated' | 'expiryDate', number>;
}

function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isJson);
}

/** The frontmatter read by the schema, the body by what the site publishes; none when a problem (named by `add`) stops the reading. */
async function factsOf(
  source: string,
  file: string,
  schema: v.GenericSchema,
  markdown: Collection<unknown>['markdown'],
  add: (line: number | undefined, message: string) => void,
): Promise<EntryFacts | undefined> {
  const front = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!front) {
    // Hugo's TOML frontmatter, in a file brought from a Hugo site.
    const toml = /^\+\+\+\r?\n/.test(source) ? ' ("+++" starts TOML, as Hugo writes it: write the fields as YAML, title: …)' : '';
    add(1, `has no frontmatter: start the file with a "---" line, the fields (title, description, date), and another "---" line${toml}`);
    return undefined;
  }
  // Loaded for the first entry the cache lacks: a warm build reads no YAML, and its workers start without the parser.
  const { isMap, LineCounter, parseDocument, visit } = await import('yaml');
  const lines = new LineCounter();
  const document = parseDocument(front[1] ?? '', { lineCounter: lines, uniqueKeys: true });
  if (document.errors.length > 0) {
    const [error] = document.errors;
    add((error?.linePos?.[0]?.line ?? 0) + 1, `the frontmatter is not valid YAML: ${yamlMistake(error)}`);
    return undefined;
  }
  let data: unknown;
  try {
    data = document.toJS() ?? {};
  } catch (error) {
    // An alias bomb: a few lines of aliases that would expand to millions of values.
    let alias = 0;
    visit(document, {
      Alias: (_, node) => {
        alias = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    add(
      lines.linePos(alias).line + 1,
      `the frontmatter cannot be read (${(error as Error).message}): write its values out instead of repeating them with aliases (*name)`,
    );
    return undefined;
  }
  const lineOf = (keys: readonly (string | number)[]): number => {
    let node = document.getIn(keys, true) as { range?: [number, number, number] } | undefined;
    for (let depth = keys.length; !node?.range && depth > 0; depth -= 1)
      node = document.getIn(keys.slice(0, depth - 1), true) as typeof node;
    const pair =
      isMap(document.contents) && keys.length === 1
        ? document.contents.items.find((item) => (item.key as { value?: unknown }).value === keys[0])
        : undefined;
    const offset = (pair?.key as { range?: [number, number, number] } | undefined)?.range?.[0] ?? node?.range?.[0] ?? 0;
    return lines.linePos(offset).line + 1;
  };
  const found = await problemsOf(data, schema, async (keys) => ({ file, line: lineOf(keys) }));
  for (const problem of found) add(problem.line, problem.text);
  if (found.length > 0) return undefined;
  const checked = data as { image?: { src: string; alt: string } } & Record<string, unknown>;
  const bodyLine = source.slice(0, front[0].length).split('\n').length;
  // As the frontmatter's text fields are held: a bell or an escape would reach the page unseen.
  for (const [index, line] of source.slice(front[0].length).split('\n').entries()) {
    const mistake = unshowable(line);
    if (mistake !== undefined) add(bodyLine + index, `the text ${mistake}`);
  }
  const tokens = parseBody(source.slice(front[0].length));
  for (const problem of await bodyProblems(tokens, markdown)) add(problem.line + bodyLine, problem.text);
  return {
    data: checked,
    bodyLine,
    bodyStart: front[0].length,
    images: [
      ...(checked.image ? [{ src: checked.image.src, alt: checked.image.alt, line: lineOf(['image', 'src']), cover: true }] : []),
      ...imagesOf(tokens).map((image) => ({ ...image, line: image.line + bodyLine, cover: false })),
    ],
    lines: { title: lineOf(['title']), updated: lineOf(['updated']), expiryDate: lineOf(['expiryDate']) },
  };
}

/** YAML's words without its position (the file's line is given), and what an editor most often did to earn them. */
function yamlMistake(error: YAMLError | undefined): string {
  const words = (error?.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  if (error?.code === 'BLOCK_AS_IMPLICIT_KEY')
    return `${words}. A value that holds ": " needs quotes (title: "Report: the first quarter"), and each field starts a line`;
  if (error?.code === 'DUPLICATE_KEY') return `${words}: a field is given twice; keep one`;
  if (error?.code === 'TAB_AS_INDENT') return `${words}: indent with spaces`;
  return words;
}

/** A date written as a day means midnight UTC: the instant as RFC 3339 text, as a feed gives it. */
export function instant(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}

function time(value: string): number {
  return Date.parse(instant(value));
}

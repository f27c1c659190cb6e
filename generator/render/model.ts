/** The site as a render worker loads it: every problem is found before anything is rendered, named with its file and line. */
import * as v from 'valibot';
import { ASSETS_DIR, DEPLOY_DIR } from '../hosting/policy';
import { description as descriptionSchema, text, title as titleSchema } from '../schema';
import type { FeedInfo, PageEntry, PageInfo, Pages, RedirectInfo, SitePath } from '../site';
import { canonicalPath, routeFile } from '../urls';
import { Addresses } from './addresses';
import { type Problem, problemsError, problemsOf, type Where } from './check';
import { loadCollection } from './collection';
import { around, feedOf, type ListSpec, listPages, type Shown, tagPath, tagProblems, tagsOf, versionOf } from './collection-pages';
import { type Keys, locate } from './locate';
import { proseProblems } from './prose';
import { type DescribeInput, type ImageSource, type Located, type SiteDescription, summaryOf } from './protocol';

export type AnyPages = Pages<unknown, Record<string, unknown>, unknown>;

const PATH = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;
/** A page under /assets/ would be cached for a year like a hashed file; hosts refuse to serve /deploy/. */
const RESERVED = [ASSETS_DIR, DEPLOY_DIR];

const pathSchema = v.pipe(
  v.string(),
  v.regex(PATH, 'is not a lower-case path such as "/about-us" (no trailing slash, no spaces)'),
  v.check(
    (value) => !RESERVED.includes(value.split('/')[1] ?? ''),
    `lies in a folder the build reserves (${RESERVED.map((name) => `/${name}/`).join(', ')}): choose another path`,
  ),
);

/** A page's copy (`content`), or a component of its own (`page`): checkEntry asks for one of them. */
const copy = {
  content: v.optional(v.unknown()),
  page: v.optional(v.custom<unknown>((value) => typeof value === 'function', 'is not a component')),
};

export async function describeSite(
  pages: AnyPages,
  input: DescribeInput & { root: string },
  pagesModule: string,
): Promise<SiteDescription> {
  const { root } = input;
  const problems: Problem[] = [];
  const whereIn =
    (value: unknown, fallback: string, prefix: Keys = []): Where =>
    async (keys) =>
      (await locate(root, value, [...prefix, ...keys])) ?? { file: fallback };
  const routeSchema = v.strictObject({ path: pathSchema, title: titleSchema, description: descriptionSchema, ...copy, ...pages.fields });
  // The 404 page is kept out of search results: its description needs no length.
  const entrySchema = v.strictObject({ title: titleSchema, description: text(160), ...copy });

  const checked = new Map<unknown, Promise<Problem[]>>();
  const checkContent = async (content: unknown) => {
    const where = whereIn(content, pagesModule);
    const problems = await problemsOf(content, pages.content.schema, where);
    // Its Markdown, once the fields are right.
    return problems.length > 0 ? problems : proseProblems(content, pages.content.schema, where);
  };
  const checkEntry = async (entry: PageEntry<unknown>, schema: v.GenericSchema, where: Where, route: string) => {
    const { content, page } = entry;
    const found = await problemsOf(entry, schema, where);
    if ((content === undefined) === (page === undefined)) {
      const text = page
        ? 'has both content and page: give one'
        : 'has neither content nor page: give its copy (content) or a component of its own (page)';
      found.push({ ...(await where([])), text });
    }
    if (content !== undefined) {
      if (!checked.has(content)) checked.set(content, checkContent(content));
      found.push(...((await checked.get(content)) ?? []));
    }
    problems.push(...found.map((problem) => ({ ...problem, route })));
  };

  const seenPaths = new Map<string, string>();
  const seenTitles = new Map<string, string>();
  const sameTitle = (title: string, other: string) => `title "${title}" is the title of ${other} too: each page needs its own`;
  const addresses = new Addresses();
  for (const [index, route] of pages.routes.entries()) {
    const where = whereIn(pages.routes, pagesModule, [index]);
    const path = typeof route.path === 'string' ? route.path : '?';
    await checkEntry(route, routeSchema, where, canonicalPath(path));
    const twin = seenPaths.get(path.toLowerCase());
    if (twin !== undefined) {
      const text =
        twin === path
          ? `path "${path}" appears twice in the route table`
          : `path "${path}" differs only in case from "${twin}": paths match case-insensitively, so they would be the same page`;
      problems.push({ ...(await where(['path'])), text, route: canonicalPath(path) });
    }
    seenPaths.set(path.toLowerCase(), path);
    const title = seenTitles.get(route.title);
    if (title !== undefined)
      problems.push({ ...(await where(['title'])), text: sameTitle(route.title, title), route: canonicalPath(path) });
    if (typeof route.title === 'string') seenTitles.set(route.title, canonicalPath(path));
    // Routes and redirects are held to each other here; a collection's pages are held to them, and to each other, below.
    if (typeof route.path === 'string')
      await addresses.claim(route.path, { what: `the route "${route.path}"`, where: () => where(['path']) });
  }
  await checkEntry(pages.notFound, entrySchema, whereIn(pages.notFound, pagesModule), '/404');
  const redirects = await checkRedirects(pages, seenPaths, whereIn, pagesModule, problems);
  for (const [index, redirect] of (pages.redirects ?? []).entries())
    if (typeof redirect.from === 'string')
      await addresses.claim(redirect.from, {
        what: `the redirect "${redirect.from}" → "${redirect.to}"`,
        where: () => whereIn(pages.redirects, pagesModule, [index, 'from'])([]),
      });
  const claim = async (address: string, what: string, where: () => Promise<Located>) => {
    const problem = await addresses.claim(address, { what, where });
    if (problem) problems.push(problem);
  };

  const infos: PageInfo[] = [];
  const fieldNames = Object.keys(pages.fields);
  const fieldsOf = (source: object) =>
    Object.fromEntries(fieldNames.flatMap((name) => (name in source ? [[name, (source as Record<string, unknown>)[name]]] : [])));
  const collectionNames = Object.keys(pages.collections ?? {});
  for (const [index, route] of pages.routes.entries()) {
    // Asked only of content that passed its check: the site's function reads it as its type says.
    const valid = route.content !== undefined && (await checked.get(route.content))?.length === 0;
    const latest = valid ? pages.content.latest?.(route.content) : undefined;
    for (const name of Object.keys(latest ?? {}).filter((name) => !collectionNames.includes(name)))
      problems.push({
        ...(await whereIn(route.content, pagesModule)([])),
        text: `shows the newest entries of the collection "${name}", which the site does not have (${collectionNames.map((known) => `"${known}"`).join(', ') || 'it has none'})`,
        route: canonicalPath(route.path),
      });
    infos.push({
      path: route.path,
      file: routeFile(route.path),
      title: route.title,
      description: route.description,
      kind: 'route',
      fields: fieldsOf(route),
      draft: false,
      target: { kind: 'route', index, ...(latest && Object.keys(latest).length > 0 ? { latest } : {}) },
    });
  }

  const feeds: FeedInfo[] = [];
  const images: ImageSource[] = [];
  const shares: SiteDescription['shares'] = [];
  const reads: string[] = [];
  const collections: SiteDescription['collections'] = {};
  const left: SiteDescription['left'] = [];
  for (const [name, collection] of Object.entries(pages.collections ?? {})) {
    const loaded = await loadCollection(root, name, collection, input);
    collections[name] = { entries: loaded.entries, images: loaded.images, reads: loaded.reads };
    problems.push(...loaded.problems);
    reads.push(...loaded.reads);
    images.push(...loaded.images);
    problems.push(...(await tagProblems(name, collection, whereIn(collection, pagesModule))));
    left.push(...loaded.entries.flatMap((entry) => (!entry.shown && entry.info.held ? [{ file: entry.file, held: entry.info.held }] : [])));
    const shown: Shown[] = loaded.entries.flatMap((entry, index) => (entry.shown ? [{ entry, index }] : []));
    const collectionWhere = () => whereIn(pages, pagesModule, ['collections', name, 'path'])([]);
    const tags = tagsOf(collection, shown);
    /** A list's pages and its feed (`feed`: its title), each address claimed. */
    const addList = async (spec: Omit<ListSpec, 'collection' | 'perPage'> & { feed: string }, listed: Shown[], what: string) => {
      const lists = listPages({ ...spec, collection: name, perPage: collection.list.perPage }, listed, tags);
      const feed = feedOf(collection, name, spec.path, spec.feed, listed);
      for (const [at, info] of lists.entries())
        await claim(info.path ?? '', `${at === 0 ? 'the list' : `page ${at + 1} of the list`} ${what}`, collectionWhere);
      await claim(`${feed.path}/feed.xml`, `the feed ${what}`, collectionWhere);
      infos.push(...lists);
      feeds.push(feed);
    };
    const { list } = collection;
    // An empty collection keeps its list, empty: its address, and the links to it, outlive its last entry.
    const main = { path: collection.path, title: list.title, description: list.description, fields: fieldsOf(list.fields) };
    await addList({ ...main, feed: collection.feed }, shown, `of collection "${name}"`);
    for (const { name: tag } of tags) {
      const tagged = shown.filter(({ entry }) => entry.info.tags.includes(tag));
      const words = collection.tags?.list(tag);
      if (words) await addList({ path: tagPath(collection, tag), ...words, tag }, tagged, `of the tag "${tag}" of collection "${name}"`);
    }
    for (const [position, { entry, index }] of shown.entries()) {
      // Its file's name is its address.
      await claim(entry.path, `the entry ${entry.file}`, async () => ({ file: entry.file }));
      const { newer, older, related } = around(collection, shown, position);
      // What the page shows of the others, so that the dev server renders it again when they change.
      const others = [newer, older, ...related].flatMap((other) =>
        other ? [other.entry.path, JSON.stringify(summaryOf(other.entry))] : [],
      );
      infos.push({
        path: entry.path,
        file: routeFile(entry.path),
        title: entry.info.title,
        description: entry.info.description,
        kind: 'entry',
        collection: name,
        lastmod: entry.info.updated ?? entry.info.date,
        draft: entry.info.draft,
        version: versionOf(entry.hash, ...others),
        target: {
          kind: 'entry',
          collection: name,
          entry: index,
          ...(newer ? { newer: newer.index } : {}),
          ...(older ? { older: older.index } : {}),
          related: related.map((other) => other.index),
        },
      });
      shares.push({ path: entry.path, title: entry.info.title, file: entry.file, cover: entry.info.image?.src });
    }
  }
  for (const info of infos) {
    const title = seenTitles.get(info.title);
    if (info.kind === 'entry' && title !== undefined)
      problems.push({ file: pagesModule, text: sameTitle(info.title, title), route: canonicalPath(info.path ?? '/') });
  }
  // The 404 page lists every path.
  const allPaths = versionOf(...infos.map((info) => info.path ?? ''));
  infos.push({
    file: '404.html',
    title: pages.notFound.title,
    description: pages.notFound.description,
    kind: 'not-found',
    draft: false,
    version: allPaths,
    target: { kind: 'not-found' },
  });
  if (problems.length > 0) throw problemsError(problems);
  const { width, height } = pages.socialImage;
  return { pages: infos, redirects, feeds, images, shares, socialImageSize: { width, height }, reads, collections, left };
}

/** A source that is a route would hide the page; a redirect to another costs visitors a round trip a step, and may loop. */
async function checkRedirects(
  pages: AnyPages,
  routes: ReadonlyMap<string, string>,
  whereIn: (value: unknown, fallback: string, prefix?: Keys) => Where,
  pagesModule: string,
  problems: Problem[],
): Promise<RedirectInfo[]> {
  const list = pages.redirects ?? [];
  const schema = v.strictObject({
    from: v.pipe(
      pathSchema,
      v.check((value) => value !== '/', 'is "/", the landing page: a redirect would hide it'),
    ),
    to: v.pipe(v.string(), v.regex(/^\/[\w/-]*$/, 'is not a path of the route table such as "/about-us"')),
    status: v.optional(v.picklist([301, 302], 'is not a status a redirect has: use 301 (permanent, the default) or 302 (temporary)')),
  });
  const failure = async (where: Where, redirect: { from: string; to: string }, text: string) =>
    problems.push({ ...(await where([])), text: `redirect "${redirect.from}" → "${redirect.to}" ${text}`, route: redirect.from });
  const redirects: RedirectInfo[] = [];
  const sources = new Map<string, string>();
  for (const [index, redirect] of list.entries()) {
    const where = whereIn(list, pagesModule, [index]);
    const found = await problemsOf(redirect, schema, where, ['redirects', index]);
    if (found.length > 0) {
      problems.push(...found);
      continue;
    }
    const to = (redirect.to.replace(/\/+$/, '') || '/') as SitePath;
    const fail = (text: string) => failure(where, redirect, text);
    const route = routes.get(redirect.from.toLowerCase());
    if (route !== undefined)
      await fail(`has a source that is the route "${route}": a redirect would hide that page. Remove the redirect, or the route.`);
    const twin = sources.get(redirect.from.toLowerCase());
    if (twin !== undefined) await fail(`has the same source as the redirect "${twin}" → …: give each source once.`);
    sources.set(redirect.from.toLowerCase(), redirect.from);
    redirects.push({ from: redirect.from, to, status: redirect.status ?? 301 });
  }
  const targetOf = new Map<string, string>(redirects.map((redirect) => [redirect.from, redirect.to]));
  for (const [index, redirect] of redirects.entries()) {
    const fail = (text: string) => failure(whereIn(list, pagesModule, [index, 'to']), redirect, text);
    if (targetOf.has(redirect.to)) {
      const steps: string[] = [redirect.from];
      let end: string | undefined = redirect.to;
      while (end !== undefined && targetOf.has(end) && !steps.includes(end)) {
        steps.push(end);
        end = targetOf.get(end);
      }
      if (end !== undefined && steps.includes(end))
        await fail(`is part of a loop: ${[...steps, end].map((step) => `"${step}"`).join(' → ')}. Each redirect must lead to a route.`);
      else
        await fail(
          `leads to another redirect ("${redirect.to}" → "${targetOf.get(redirect.to)}"): point it ${end && routes.has(end.toLowerCase()) ? `straight at "${end}"` : 'at a route'}, so that visitors take one step, not two.`,
        );
    } else if (routes.get(redirect.to.toLowerCase()) !== redirect.to) {
      const near = routes.get(redirect.to.toLowerCase());
      await fail(
        `leads to no route: its target must be a path of the route table${near ? `, such as "${near}" (paths are lower case)` : ` (${[...routes.values()].map((path) => `"${path}"`).join(', ')})`}. A redirect to a renamed page moves with it.`,
      );
    }
  }
  return redirects;
}

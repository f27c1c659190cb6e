/**
 * Eleventy and Hugo building the race's Markdown files with the same work as ours, where they can: a
 * page per article inside the same document as ours (head, inline stylesheet and script, header and
 * footer, cut from our own built pages around the main content), list pages ten to a page, newest
 * first, an Atom feed of every article and a sitemap. Each site is written into a folder of the
 * bench's own, outside the project: templates and data (Liquid, JSON, TOML), no code.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRequire } from '../../generator/cache.mjs';
import { findOnPath } from '../lib/files';
import { projectRoot } from '../lib/project';
import { type MeasuredProcess, measureProcess } from './process';

const run = promisify(execFile);

/** Our site's origin: the peers' feeds and sitemaps hold the same absolute URLs as ours. */
const ORIGIN = 'https://www.kestrelrisk.com';
const PER_PAGE = 10;

/** The document around a page's main content: up to `<main …>`, and from `</main>` on. */
export interface Shell {
  start: string;
  end: string;
}

/** Cuts a built page around the content of its `<main>`. */
export function shellOf(html: string, file: string): Shell {
  const open = html.indexOf('<main');
  const close = html.indexOf('</main>');
  if (open < 0 || close < open) throw new Error(`${file} has no <main> element to cut the peers' templates from.`);
  const inside = html.indexOf('>', open) + 1;
  return { start: html.slice(0, inside), end: html.slice(close) };
}

/** Our article page and list page, as the shells of the peers' templates. */
export async function shellsOf(outDir: string): Promise<{ article: Shell; list: Shell }> {
  const read = async (file: string) => shellOf(await readFile(path.join(outDir, file), 'utf8'), file);
  return { article: await read('articles/note-0/index.html'), list: await read('articles/index.html') };
}

/** What a build of the articles wrote: article pages, list pages, the feed and the sitemap. */
export interface Work {
  articles: number;
  lists: number;
  feed: boolean;
  sitemap: boolean;
}

export async function workIn(outDir: string): Promise<Work> {
  const folder = path.join(outDir, 'articles');
  const names = await readdir(folder);
  const exists = (file: string) =>
    stat(path.join(outDir, file)).then(
      (info) => info.isFile(),
      () => false,
    );
  // Page 1 is the list itself (Hugo also writes page/1/, a redirect to it).
  const pages = (await readdir(path.join(folder, 'page')).catch(() => [])).filter((name) => Number(name) >= 2);
  const articles = names.filter((name) => name !== 'page' && !name.includes('.'));
  return {
    articles: (await Promise.all(articles.map((name) => exists(`articles/${name}/index.html`)))).filter(Boolean).length,
    lists: ((await exists('articles/index.html')) ? 1 : 0) + pages.length,
    feed: await exists('articles/feed.xml'),
    sitemap: await exists('sitemap.xml'),
  };
}

/** Fails, naming the tool, unless it wrote a page per article, every list page, the feed and the sitemap. */
export async function checkWork(tool: string, outDir: string, count: number): Promise<void> {
  const work = await workIn(outDir);
  const lists = Math.ceil(count / PER_PAGE);
  if (work.articles !== count || work.lists !== lists || !work.feed || !work.sitemap)
    throw new Error(
      `${tool} did not do the race's work in ${outDir}: ${work.articles} of ${count} article pages, ${work.lists} of ${lists} list pages, ` +
        `${work.feed ? 'a' : 'no'} feed (articles/feed.xml), ${work.sitemap ? 'a' : 'no'} sitemap.`,
    );
}

/** A peer of ours: its name and version, and one whole-process build into `outDir`. */
export interface Peer {
  name: string;
  build: (outDir: string) => Promise<MeasuredProcess>;
}

/** The Markdown files of `articles` copied into `folder`. */
async function copyArticles(articles: string, folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const name of await readdir(articles)) if (name.endsWith('.md')) await copyFile(path.join(articles, name), path.join(folder, name));
}

/** The package.json of `name` above `file`, its entry: not every package exports its package.json. */
function findManifest(file: string, name: string): string {
  for (let folder = path.dirname(file); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    try {
      if (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).name === name) return path.join(folder, 'package.json');
    } catch {
      // No manifest here, or another package's: keep climbing.
    }
  }
  throw new Error(`Cannot find the package.json of ${name} above ${file}`);
}

/** Liquid reads `{{` and `{%` as its own: our document holds neither, and is passed through untouched if it ever does. */
const raw = (html: string) => `{% raw %}${html}{% endraw %}`;

/**
 * Eleventy 3 (the project's dev dependency) on a site of its own in `site`: the articles with
 * directory data (layout, tag, Markdown alone, as ours reads it), and Liquid templates for the
 * article's layout, the paginated list, the feed and the sitemap. No config file: none is needed.
 */
export async function eleventyPeer(site: string, articles: string, shells: { article: Shell; list: Shell }): Promise<Peer> {
  const manifest = findManifest(projectRequire(projectRoot).resolve('@11ty/eleventy'), '@11ty/eleventy');
  const { bin, version } = JSON.parse(await readFile(manifest, 'utf8')) as { bin: Record<string, string>; version: string };
  const cli = path.join(path.dirname(manifest), bin.eleventy ?? 'cmd.cjs');
  await copyArticles(articles, path.join(site, 'articles'));
  await mkdir(path.join(site, '_includes'), { recursive: true });
  await writeFile(
    path.join(site, 'articles', 'articles.json'),
    `${JSON.stringify({ layout: 'article.liquid', tags: 'articles', templateEngineOverride: 'md' })}\n`,
  );
  const day = '"%Y-%m-%d"';
  const instant = '"%Y-%m-%dT%H:%M:%SZ"';
  await writeFile(
    path.join(site, '_includes', 'article.liquid'),
    `${raw(shells.article.start)}<article><p><time datetime="{{ page.date | date: ${day} }}">{{ page.date | date: "%-d %B %Y" }}</time></p><h1>{{ title | escape }}</h1><p>{{ description | escape }}</p>{{ content }}</article>${raw(shells.article.end)}`,
  );
  await writeFile(
    path.join(site, 'list.liquid'),
    `---
pagination:
  data: collections.articles
  size: ${PER_PAGE}
  reverse: true
  alias: entries
permalink: "articles/{% if pagination.pageNumber > 0 %}page/{{ pagination.pageNumber | plus: 1 }}/{% endif %}index.html"
---
${raw(shells.list.start)}<h1>Articles</h1><ol>{% for entry in entries %}<li><h2><a href="{{ entry.url }}">{{ entry.data.title | escape }}</a></h2><p><time datetime="{{ entry.date | date: ${day} }}">{{ entry.date | date: "%-d %B %Y" }}</time></p><p>{{ entry.data.description | escape }}</p></li>{% endfor %}</ol><nav><span>Page {{ pagination.pageNumber | plus: 1 }} of {{ pagination.pages.size }}</span>{% if pagination.href.previous %}<a href="{{ pagination.href.previous }}" rel="prev">Newer</a>{% endif %}{% if pagination.href.next %}<a href="{{ pagination.href.next }}" rel="next">Older</a>{% endif %}</nav>${raw(shells.list.end)}`,
  );
  await writeFile(
    path.join(site, 'feed.liquid'),
    `---
permalink: articles/feed.xml
eleventyExcludeFromCollections: true
---
<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">{% assign entries = collections.articles | reverse %}
  <title>Articles</title>
  <link rel="self" type="application/atom+xml" href="${ORIGIN}/articles/feed.xml"/>
  <link rel="alternate" type="text/html" href="${ORIGIN}/articles/"/>
  <id>${ORIGIN}/articles/</id>
  <updated>{{ entries.first.date | date: ${instant} }}</updated>{% for entry in entries %}
  <entry>
    <title>{{ entry.data.title | escape }}</title>
    <link rel="alternate" type="text/html" href="${ORIGIN}{{ entry.url }}"/>
    <id>${ORIGIN}{{ entry.url }}</id>
    <published>{{ entry.date | date: ${instant} }}</published>
    <updated>{{ entry.date | date: ${instant} }}</updated>
    <summary>{{ entry.data.description | escape }}</summary>
  </entry>{% endfor %}
</feed>
`,
  );
  await writeFile(
    path.join(site, 'sitemap.liquid'),
    `---
permalink: sitemap.xml
eleventyExcludeFromCollections: true
---
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{% for entry in collections.all %}
  <url><loc>${ORIGIN}{{ entry.url }}</loc>{% if entry.data.tags contains "articles" %}<lastmod>{{ entry.date | date: ${day} }}</lastmod>{% endif %}</url>{% endfor %}
</urlset>
`,
  );
  return {
    name: `Eleventy ${version}`,
    // In UTC, as our dates are: Liquid's date filter writes local time.
    build: (outDir) =>
      measureProcess(process.execPath, [cli, '--input=.', `--output=${outDir}`, '--quiet'], {
        cwd: site,
        env: { ...process.env, TZ: 'UTC' },
      }),
  };
}

/** Hugo's version, when `hugo` is on the PATH. */
export async function hugoVersion(): Promise<string | undefined> {
  if (!findOnPath('hugo')) return undefined;
  return run('hugo', ['version']).then(
    ({ stdout }) => /v\d+\.\d+\.\d+/.exec(stdout)?.[0] ?? stdout.trim(),
    () => undefined,
  );
}

/** Hugo reads `{{` in a template as its own: our pages hold none, and any would be written as it is. */
const literal = (html: string) => html.replaceAll('{{', '{{ "{{" }}');

/**
 * Hugo (Debian's `hugo`) on a site of its own in `site`: the articles as the section "articles",
 * paginated ten to a page, its RSS output made an Atom feed at articles/feed.xml, and its own sitemap.
 */
export async function hugoPeer(site: string, articles: string, shells: { article: Shell; list: Shell }, version: string): Promise<Peer> {
  await copyArticles(articles, path.join(site, 'content', 'articles'));
  await mkdir(path.join(site, 'layouts', '_default'), { recursive: true });
  await writeFile(
    path.join(site, 'hugo.toml'),
    [
      `baseURL = "${ORIGIN}/"`,
      `paginate = ${PER_PAGE}`,
      'disableKinds = ["taxonomy", "term"]',
      'disableHugoGeneratorInject = true',
      '[outputs]',
      'home = ["HTML"]',
      'section = ["HTML", "RSS"]',
      'page = ["HTML"]',
      '[outputFormats.RSS]',
      'baseName = "feed"',
      '',
    ].join('\n'),
  );
  const date = '.Date.Format "2006-01-02"';
  const instant = '.Date.Format "2006-01-02T15:04:05Z07:00"';
  await writeFile(
    path.join(site, 'layouts', '_default', 'single.html'),
    `${literal(shells.article.start)}<article><p><time datetime="{{ ${date} }}">{{ .Date.Format "2 January 2006" }}</time></p><h1>{{ .Title }}</h1><p>{{ .Description }}</p>{{ .Content }}</article>${literal(shells.article.end)}`,
  );
  await writeFile(
    path.join(site, 'layouts', '_default', 'list.html'),
    `${literal(shells.list.start)}<h1>{{ .Title }}</h1>{{ $pager := .Paginate .Pages.ByDate.Reverse }}<ol>{{ range $pager.Pages }}<li><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2><p><time datetime="{{ ${date} }}">{{ .Date.Format "2 January 2006" }}</time></p><p>{{ .Description }}</p></li>{{ end }}</ol><nav><span>Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}</span>{{ with $pager.Prev }}<a href="{{ .URL }}" rel="prev">Newer</a>{{ end }}{{ with $pager.Next }}<a href="{{ .URL }}" rel="next">Older</a>{{ end }}</nav>${literal(shells.list.end)}`,
  );
  await writeFile(
    path.join(site, 'layouts', '_default', 'list.rss.xml'),
    `{{ printf "<?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>" | safeHTML }}
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">{{ $entries := .Pages.ByDate.Reverse }}
  <title>{{ .Title }}</title>
  <link rel="self" type="application/atom+xml" href="{{ .Permalink }}feed.xml"/>
  <link rel="alternate" type="text/html" href="{{ .Permalink }}"/>
  <id>{{ .Permalink }}</id>
  <updated>{{ with index $entries 0 }}{{ ${instant} }}{{ end }}</updated>{{ range $entries }}
  <entry>
    <title>{{ .Title }}</title>
    <link rel="alternate" type="text/html" href="{{ .Permalink }}"/>
    <id>{{ .Permalink }}</id>
    <published>{{ ${instant} }}</published>
    <updated>{{ ${instant} }}</updated>
    <summary>{{ .Description }}</summary>
  </entry>{{ end }}
</feed>
`,
  );
  await writeFile(
    path.join(site, 'layouts', 'index.html'),
    `${literal(shells.list.start)}<h1>{{ .Title }}</h1>${literal(shells.list.end)}`,
  );
  await writeFile(path.join(site, 'content', 'articles', '_index.md'), '---\ntitle: Articles\n---\n');
  return {
    name: `Hugo ${version}`,
    build: (outDir) => measureProcess('hugo', ['--quiet', '--destination', outDir], { cwd: site }),
  };
}

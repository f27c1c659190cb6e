/**
 * The build at scale from Markdown: 1,000 articles (`--pages`), each with an image of its own
 * beside it, in a collection of the site (pages/site.tsx's, its routes kept), built with the image
 * cache warm (the warm-up made every image's sizes); beside it Debian's `hugo` building the very
 * same Markdown files through one equivalent template (the page, its list pages, the feed and the
 * sitemap), run in turns with ours, each run a whole process into a folder of its own.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildsFolder } from '../../generator/output-swap';
import { buildCommand, projectRoot, writePagesModule } from '../lib/project';
import type { Measurement } from './types';

const run = promisify(execFile);

/** What an editor writes: frontmatter, a lead paragraph, a heading, a list, a link and an image. */
export function article(index: number): string {
  const day = new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  return `---
title: "Portfolio note ${index}: what the monitoring showed"
description: Note ${index} of the benchmark's articles, on early warnings in a lender's portfolio and what the team did next.
date: ${day}
image:
  src: image-${index}.png
  alt: The portfolio chart of note ${index}
---

Lenders who watch every exposure around the clock see trouble early. This note, number ${index},
follows one portfolio through a quarter, from the first alert to the decision it led to.

## What the alerts said

- Repayments slowed in two sectors before the bureau data showed it.
- Reminders went out on the day a payment was missed.
- Escalation rules sent the largest exposures to a person.

The team read the reasons behind each decision in plain language, and [the decision engine](/decision-engine/)
kept the audit trail that regulators ask for.

## What came next

Limits were adjusted where the data said so, and nowhere else: **explainable decisions**, made in
seconds, reviewed by people where it mattered.
`;
}

/** An image of its own for each article: 640 by 360 px, each a colour of its own. */
export async function writeImages(folder: string, count: number): Promise<void> {
  const { default: sharp } = await import('sharp');
  for (let index = 0; index < count; index += 1) {
    const background = { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53) % 256 };
    await sharp({ create: { width: 640, height: 360, channels: 3, background } })
      .png()
      .toFile(path.join(folder, `image-${index}.png`));
  }
}

/** The site's pages module with one collection: the articles, in `folder`, ten to a list page. */
export function pagesModule(folder: string): string {
  const from = (file: string) => JSON.stringify(path.join(projectRoot, file));
  return `import site from ${from('pages/site.tsx')};
import { Article } from ${from('components/Article/Article.tsx')};
import { ArticleList } from ${from('components/ArticleList/ArticleList.tsx')};
export default {
  ...site,
  collections: {
    articles: {
      folder: ${JSON.stringify(path.relative(projectRoot, folder))},
      path: '/articles',
      fields: {},
      entry: Article,
      imageSizes: '(min-width: 48rem) 46rem, 100vw',
      list: { title: 'Articles', description: 'Every note of the benchmark, newest first, ten to a page.', perPage: 10, component: ArticleList, fields: {} },
      feed: 'Articles',
    },
  },
};
`;
}

/**
 * Hugo's site: the same Markdown files and images, and templates made of our own built pages: the
 * document around the main content of an article and of a list page (head, inline stylesheet and
 * script, header, footer), with Hugo's title, date, image, content and entries inside. Each page
 * then holds about the same bytes as ours, and Hugo copies each image as we link ours.
 */
async function hugoSite(site: string, articles: string, count: number, ours: string): Promise<void> {
  await mkdir(path.join(site, 'layouts', '_default'), { recursive: true });
  await mkdir(path.join(site, 'content', 'articles'), { recursive: true });
  await mkdir(path.join(site, 'static', 'articles'), { recursive: true });
  await writeFile(
    path.join(site, 'hugo.toml'),
    [
      'baseURL = "https://example.com/"',
      'paginate = 10',
      'disableKinds = ["taxonomy", "term"]',
      'disableHugoGeneratorInject = true',
      '',
    ].join('\n'),
  );
  // Hugo reads {{ in a template as its own: our pages hold none, and any would be escaped.
  const shell = async (file: string) => {
    const html = (await readFile(path.join(ours, file), 'utf8')).replaceAll('{{', '{{ "{{" }}');
    const open = html.indexOf('>', html.indexOf('<main')) + 1;
    return [html.slice(0, open), html.slice(html.indexOf('</main>'))] as const;
  };
  const [pageStart, pageEnd] = await shell('articles/note-0/index.html');
  const [listStart, listEnd] = await shell('articles/index.html');
  await writeFile(
    path.join(site, 'layouts', '_default', 'single.html'),
    `${pageStart}<article><p><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2 January 2006" }}</time></p><h1>{{ .Title }}</h1><p>{{ .Description }}</p>{{ with .Params.image }}<img src="/articles/{{ .src }}" alt="{{ .alt }}" width="640" height="360">{{ end }}{{ .Content }}</article>${pageEnd}`,
  );
  await writeFile(
    path.join(site, 'layouts', '_default', 'list.html'),
    `${listStart}<h1>{{ .Title }}</h1><ol>{{ range (.Paginate .Pages.ByDate.Reverse).Pages }}<li><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2><p>{{ .Date.Format "2 January 2006" }}</p><p>{{ .Description }}</p></li>{{ end }}</ol>${listEnd}`,
  );
  await writeFile(path.join(site, 'layouts', 'index.html'), `${listStart}<h1>{{ .Title }}</h1>${listEnd}`);
  await writeFile(path.join(site, 'content', 'articles', '_index.md'), '---\ntitle: Articles\n---\n');
  for (let index = 0; index < count; index += 1) {
    await copyFile(path.join(articles, `note-${index}.md`), path.join(site, 'content', 'articles', `note-${index}.md`));
    await copyFile(path.join(articles, `image-${index}.png`), path.join(site, 'static', 'articles', `image-${index}.png`));
  }
}

export interface ArticleBench {
  measurements: Measurement[];
  notes: string[];
}

/** `count` articles built `runs` times after a warm-up, in turns with Hugo when it is installed. */
export async function measureArticles(folder: string, count: number, runs: number): Promise<ArticleBench> {
  // Inside the project, as an editor's folder is: the collection's folder is relative to its root.
  const articles = path.join(projectRoot, `.bench-articles-${process.pid}`);
  await mkdir(articles, { recursive: true });
  try {
    for (let index = 0; index < count; index += 1) await writeFile(path.join(articles, `note-${index}.md`), article(index));
    await writeImages(articles, count);
    const module = await writePagesModule(folder, 'articles.ts', pagesModule(articles));
    let made = 0;
    const outDirOf = () => path.join(folder, `articles-dist-${++made}`);
    const ours = async (outDir = outDirOf()) => {
      const started = performance.now();
      await run(...buildCommand(['--quiet', '--pages', module, '--out-dir', outDir]), { cwd: projectRoot, maxBuffer: 64 * 1024 * 1024 });
      const ms = performance.now() - started;
      await rm(buildsFolder(outDir), { recursive: true, force: true });
      return ms;
    };
    const warmUpDir = outDirOf();
    const warmUp = await ours(warmUpDir);
    const version = await run('hugo', ['version']).then(
      ({ stdout }) => /v\d+\.\d+\.\d+/.exec(stdout)?.[0] ?? stdout.trim(),
      () => undefined,
    );
    const hugoFolder = path.join(folder, 'hugo-articles');
    let hugoRuns = 0;
    const hugo = version
      ? async () => {
          const started = performance.now();
          await run('hugo', ['--quiet', '--destination', path.join(hugoFolder, `public-${++hugoRuns}`)], { cwd: hugoFolder });
          return performance.now() - started;
        }
      : undefined;
    if (hugo) {
      await hugoSite(hugoFolder, articles, count, warmUpDir);
      await hugo();
    }
    const oursMs: number[] = [];
    const hugoMs: number[] = [];
    for (let index = 0; index < runs; index += 1) {
      oursMs.push(await ours());
      if (hugo) hugoMs.push(await hugo());
    }
    const measurements: Measurement[] = [
      { name: `${count} Markdown articles, one image each, image cache warm: wall time, spawn to exit`, unit: 'ms', samples: oursMs },
    ];
    if (hugo)
      measurements.push(
        { name: `${count} Markdown articles: Hugo, one template, spawn to exit`, unit: 'ms', samples: hugoMs },
        {
          name: `${count} Markdown articles: our time ÷ Hugo's, run by run`,
          unit: '',
          samples: oursMs.map((ms, index) => ms / (hugoMs[index] ?? Number.NaN)),
          decimals: 2,
          targetMedian: 2,
        },
      );
    return {
      measurements,
      notes: [
        `Articles: ${count} Markdown files with an image each (640×360 PNG, each its own), in a collection beside the site's routes; the warm-up (${Math.round(warmUp)} ms) made every image's AVIF and WebP sizes, which the timed builds take from the cache. ${
          version
            ? `Hugo ${version} builds the same files and copies their images, through templates made of our built pages (the same document around the main content), with its feed and sitemap on.`
            : 'Hugo is not installed, so there is no figure beside ours: apt-get install hugo (Debian) adds it.'
        }`,
      ],
    };
  } finally {
    await rm(articles, { recursive: true, force: true });
  }
}

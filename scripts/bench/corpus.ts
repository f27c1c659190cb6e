/**
 * What the articles section builds (issue 42's race): Markdown articles as an editor writes them,
 * photos as a camera makes them, and the site's pages module with them as its one collection.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { photo } from '../lib/photos';

/** The race's articles run from 600 to 900 words of prose (code aside). */
export const ARTICLE_WORDS = { min: 600, max: 900 } as const;
/** Every fifth article has a table. */
export const TABLE_EVERY = 5;
/** The photo build's photos: 2400×1600 JPEG, ten to an article. */
export const PHOTO = { width: 2400, height: 1600, perArticle: 10 } as const;

const VOCABULARY = (
  'lenders portfolio risk credit decision monitoring early warning exposure sector repayment bureau data engine rules ' +
  'explainable audit trail regulator capital forecast default model affordability pricing leasing reminder escalation ' +
  'dashboard report quarter review limits approval analyst'
).split(' ');

/** `count` words of the vocabulary, picked from `seed`, as one sentence. */
function sentence(seed: number, count: number): string {
  const words = Array.from({ length: count }, (_, index) => VOCABULARY[(seed * 7 + index * 13) % VOCABULARY.length]).join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** A block of Markdown and the words of prose it adds. */
interface Block {
  markdown: string;
  words: number;
}

/** Section `k` of article `index`: a heading, a paragraph with links to two of the site's pages, a list, and one more block in the first three. */
function section(index: number, k: number): Block[] {
  const blocks: Block[] = [
    { markdown: `## Section ${k + 1} of note ${index}`, words: 5 },
    {
      markdown: `${sentence(index + k, 45)} ${sentence(index + k + 1, 30)} See [the engine](/decision-engine/) and [credit](/credit-decision/).`,
      words: 45 + 30 + 5,
    },
    { markdown: `- ${sentence(k, 6)}\n- ${sentence(k + 2, 7)}\n- ${sentence(k + 3, 5)}`, words: 18 },
  ];
  // Each article's own code, so that no build highlights one block for all of them.
  if (k === 0)
    blocks.push({
      markdown: `\`\`\`ts\nconst decision = engine.decide({ score: 0.${(index % 90) + 10}, limit: ${15_000 + index} });\nconsole.log(decision.reasons);\n\`\`\``,
      words: 0,
    });
  if (k === 1) blocks.push({ markdown: `> ${sentence(index + 5, 25)}\n>\n> — Head of Risk`, words: 25 + 3 });
  if (k === 2 && index % TABLE_EVERY === 0)
    blocks.push({
      markdown:
        '| Sector | Exposure | Change |\n|---|---:|---:|\n| Retail | 1.2m | +3% |\n| Transport | 0.8m | -1% |\n| Energy | 2.1m | +5% |',
      words: 12,
    });
  return blocks;
}

/** Article `index`'s frontmatter: the newest is number 0, each one a day older, so that none is dated in the future. */
function frontmatter(index: number, title: string, description: string, extra = ''): string {
  const day = new Date(Date.UTC(2025, 0, 1) - index * 86_400_000).toISOString().slice(0, 10);
  return `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(description)}\ndate: ${day}\n${extra}---\n\n`;
}

/**
 * Article `index` of the race: a lead paragraph, then sections (heading, paragraph with links to
 * site pages, list; a fenced code block in the first, a blockquote in the second, and in every fifth
 * article a table in the third) until it holds its own length of 600 to 900 words. No images.
 */
export function raceArticle(index: number): string {
  const target = ARTICLE_WORDS.min + 20 + ((index * 37) % (ARTICLE_WORDS.max - ARTICLE_WORDS.min - 60));
  // A lead of its own length, so that no two neighbours are the same length.
  const lead = 30 + ((index * 17) % 50);
  const body: Block[] = [{ markdown: sentence(index, lead), words: lead }];
  let words = lead;
  for (let k = 0; words < target; k += 1) {
    const next = section(index, k);
    const added = next.reduce((sum, block) => sum + block.words, 0);
    if (words + added > ARTICLE_WORDS.max) break;
    body.push(...next);
    words += added;
  }
  return `${frontmatter(
    index,
    `Portfolio note ${index}: what the monitoring showed`,
    `Note ${index} of the race's articles, on early warnings in a lender's portfolio and what the team did next.`,
  )}${body.map((block) => block.markdown).join('\n\n')}\n`;
}

/** `count` race articles in `folder`, as note-<n>.md. */
export async function writeArticles(folder: string, count: number): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (let index = 0; index < count; index += 1) await writeFile(path.join(folder, `note-${index}.md`), raceArticle(index));
}

/**
 * `photos` photos in `folder`, ten to an article (photo-<article>-<n>.jpg, shoot-<article>.md): the
 * first of each is its cover (the frontmatter's image), the others stand between its paragraphs.
 */
export async function writePhotoArticles(
  folder: string,
  photos: number,
  size: { width: number; height: number } = PHOTO,
): Promise<{ articles: number; bytes: number }> {
  await mkdir(folder, { recursive: true });
  const articles = Math.ceil(photos / PHOTO.perArticle);
  let bytes = 0;
  for (let article = 0; article < articles; article += 1) {
    const count = Math.min(PHOTO.perArticle, photos - article * PHOTO.perArticle);
    const names = Array.from({ length: count }, (_, n) => `photo-${article}-${n + 1}.jpg`);
    for (const [n, name] of names.entries()) {
      const jpeg = await photo(article * PHOTO.perArticle + n, size);
      bytes += jpeg.byteLength;
      await writeFile(path.join(folder, name), jpeg);
    }
    const cover = `image:\n  src: ${names[0]}\n  alt: The portfolio team of shoot ${article} at work\n`;
    const body = names
      .slice(1)
      .map((name, n) => `${sentence(article + n, 30)}\n\n![Photo ${n + 2} of shoot ${article}: the monitoring screens](${name})`);
    await writeFile(
      path.join(folder, `shoot-${article}.md`),
      `${frontmatter(article, `Shoot ${article}: the team at work`, `${count} photos of the portfolio team at work, shoot ${article + 1} of ${articles}: the screens, the desks, the meetings.`, cover)}${[sentence(article, 40), ...body].join('\n\n')}\n`,
    );
  }
  return { articles, bytes };
}

/**
 * The site's pages module (pages/site.tsx of the project at `root`, its routes and collections kept,
 * which its pages' copy shows) with one collection more: the Markdown files of `folder` (relative to
 * `root`) at /articles/, an article page each, list pages ten to a page, an Atom feed; the sitemap
 * lists them all. Its Markdown is the news collection's, its code highlighted unless `highlight` is
 * false (the rest of its settings the same).
 */
export function pagesModule(root: string, folder: string, { highlight = true }: { highlight?: boolean } = {}): string {
  const from = (file: string) => JSON.stringify(path.join(root, file));
  return `import site from ${from('pages/site.tsx')};
import { Article } from ${from('components/Article/Article.tsx')};
import { ArticleList } from ${from('components/ArticleList/ArticleList.tsx')};
const markdown = site.collections?.news?.markdown;
export default {
  ...site,
  collections: {
    ...site.collections,
    articles: {
      folder: ${JSON.stringify(folder)},
      path: '/articles',
      fields: {},
      entry: Article,
      imageSizes: '(min-width: 48rem) 46rem, 100vw',
      markdown: ${highlight ? 'markdown' : '{ ...markdown, code: undefined }'},
      list: { title: 'Articles', description: 'Every note of the benchmark, newest first, ten to a page.', perPage: 10, component: ArticleList, fields: {} },
      feed: 'Articles',
    },
  },
};
`;
}

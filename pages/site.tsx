/**
 * The site's pages, as the generator's render workers load them: the route table, its redirects,
 * the 404 page, how content is checked and laid out, the document shell, the icons and the brand's
 * drawings.
 */
import * as v from 'valibot';
import { AppIcon } from '../components/AppIcon/AppIcon';
import { ARTICLE_MARKDOWN, Article } from '../components/Article/Article';
import { ArticleList } from '../components/ArticleList/ArticleList';
import { CaseStudy, caseStudyFields } from '../components/CaseStudy/CaseStudy';
import { Document } from '../components/Document/Document';
import { iconSprite } from '../components/Icon/Icon';
import { SOCIAL_IMAGE_SIZE, SocialImage } from '../components/SocialImage/SocialImage';
import { label } from '../components/site/schema';
import { defineCollection, definePages, type EntryProps } from '../generator/site';
import { site } from '../site.config';
import { ContentPage } from './ContentPage';
import { people } from './people';
import { FOOTER_GROUPS, notFound, redirects, routes } from './routes';
import { latestOf, pageContent } from './types';

const newsFields = {
  /** One of the about page's team, by the id of their card. */
  author: v.optional(
    v.picklist(Object.keys(people), "is not one of the site's people: the about page's team, by their id (pages/about-us/content.ts)"),
  ),
};

/** A news article, signed by its author. */
function NewsArticle(props: EntryProps<v.InferOutput<v.ObjectSchema<typeof newsFields, undefined>>>) {
  const { author } = props.entry.data;
  return <Article {...props} author={author === undefined ? undefined : people[author]} />;
}

/** What the news is about: an article names one or more in its `tags`, and each has its own list and feed. */
const NEWS_TAGS = ['Company', 'Credit decisions', 'Portfolio monitoring', 'Explainable AI', 'Open banking', 'Regulation'];

export default definePages({
  routes,
  redirects,
  notFound,
  content: { schema: pageContent, page: ContentPage, latest: latestOf },
  fields: { nav: v.optional(label), footer: v.optional(v.object({ group: v.picklist(FOOTER_GROUPS), label })) },
  shell: Document,
  icons: iconSprite,
  appIcon: ({ size, square }) => <AppIcon size={size} shape={square ? 'square' : 'rounded'} />,
  socialImage: {
    component: ({ host, title }) => <SocialImage name={site.name} tagline={title ?? site.tagline} host={host} />,
    ...SOCIAL_IMAGE_SIZE,
  },
  // Markdown that editors write (README: "Writing an article").
  collections: {
    news: defineCollection({
      folder: 'content/news',
      path: '/news',
      fields: newsFields,
      entry: NewsArticle,
      imageSizes: '(min-width: 48rem) 46rem, 100vw',
      markdown: ARTICLE_MARKDOWN,
      list: {
        title: 'News',
        description: `What ${site.name} is building for lenders, and why: news from the team.`,
        perPage: 10,
        component: ArticleList,
        fields: { footer: { group: 'Company', label: 'News' } },
      },
      feed: `${site.name}: news`,
      tags: {
        allowed: NEWS_TAGS,
        list: (tag) => ({
          title: `News: ${tag}`,
          description: `Every ${site.name} article tagged “${tag}”, newest first: what we build for lenders, and why.`,
          feed: `${site.name}: news on ${tag}`,
        }),
      },
    }),
    'case-studies': defineCollection({
      folder: 'content/case-studies',
      path: '/case-studies',
      fields: caseStudyFields,
      entry: CaseStudy,
      imageSizes: '(min-width: 48rem) 46rem, 100vw',
      markdown: ARTICLE_MARKDOWN,
      list: {
        title: 'Case studies',
        description: `How lenders run their credit decisions and portfolio monitoring on ${site.name}, in their own words.`,
        perPage: 10,
        component: ArticleList,
        // In the footer once a case study is published: the navigation leaves out an empty list (components/site/navigation.ts).
        fields: { footer: { group: 'Company', label: 'Case studies' } },
      },
      feed: `${site.name}: case studies`,
    }),
  },
});

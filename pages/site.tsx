/**
 * The site's pages, as the generator's render workers load them: the route table, its redirects,
 * the 404 page, how content is checked and laid out, the document shell, the icons and the brand's
 * drawings.
 */
import * as v from 'valibot';
import { AppIcon } from '../components/AppIcon/AppIcon';
import { ARTICLE_MARKDOWN, Article } from '../components/Article/Article';
import { ArticleList } from '../components/ArticleList/ArticleList';
import { Document } from '../components/Document/Document';
import { iconSprite } from '../components/Icon/Icon';
import { SOCIAL_IMAGE_SIZE, SocialImage } from '../components/SocialImage/SocialImage';
import { label } from '../components/site/schema';
import { definePages } from '../generator/site';
import { site } from '../site.config';
import { ContentPage } from './ContentPage';
import { FOOTER_GROUPS, notFound, redirects, routes } from './routes';
import { pageContent } from './types';

export default definePages({
  routes,
  redirects,
  notFound,
  content: { schema: pageContent, page: ContentPage },
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
    news: {
      folder: 'content/news',
      path: '/news',
      fields: {},
      entry: Article,
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
    },
    'case-studies': {
      folder: 'content/case-studies',
      path: '/case-studies',
      fields: {},
      entry: Article,
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
    },
  },
});

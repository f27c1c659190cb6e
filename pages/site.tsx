/**
 * The site's pages, as the generator's render workers load them: the route table, its redirects,
 * the 404 page, how content is checked and laid out, the document shell, the icons and the brand's
 * drawings.
 */
import * as v from 'valibot';
import { AppIcon } from '../components/AppIcon/AppIcon';
import { Document } from '../components/Document/Document';
import { iconSprite } from '../components/Icon/Icon';
import { SOCIAL_IMAGE_SIZE, SocialImage } from '../components/SocialImage/SocialImage';
import { label } from '../components/site/schema';
import { definePages } from '../generator';
import { site } from '../site.config';
import { ContentPage } from './ContentPage';
import { notFound, redirects, routes } from './routes';
import { pageContent } from './types';

export default definePages({
  routes,
  redirects,
  notFound,
  content: { schema: pageContent, page: ContentPage },
  fields: { nav: v.optional(label), useCase: v.optional(label) },
  shell: Document,
  icons: iconSprite,
  appIcon: ({ size, square }) => <AppIcon size={size} shape={square ? 'square' : 'rounded'} />,
  socialImage: {
    component: ({ host, title }) => <SocialImage name={site.name} tagline={title ?? site.tagline} host={host} />,
    ...SOCIAL_IMAGE_SIZE,
  },
});

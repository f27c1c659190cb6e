import type { ReactNode } from 'react';
import { HeadMeta } from '../components/layout/HeadMeta';
import type { PageEntry } from '../pages/routes';
import { BuildError, type BuildContext } from './context';
import { absoluteUrl, siteUrl } from './urls';

/**
 * The search and sharing tags of one page. `canonicalPath` is the page's canonical path, or
 * undefined for the 404 page, which answers for any path and so has no URL of its own.
 */
export function pageHead(ctx: BuildContext, entry: PageEntry, canonicalPath: string | undefined): ReactNode {
  const { brand } = ctx;
  if (!brand) throw new BuildError('Pages were rendered before the icons and social image were drawn.');
  const { site } = ctx.options;
  const origin = siteUrl(ctx.options);
  return (
    <HeadMeta
      title={entry.title}
      description={entry.description}
      siteName={site.name}
      canonicalUrl={canonicalPath === undefined ? undefined : absoluteUrl(origin, canonicalPath)}
      image={{ ...brand.socialImage, url: absoluteUrl(origin, brand.socialImage.url) }}
      themeColor={site.themeColor}
      icons={{ svg: brand.favicon, touch: brand.touchIcon }}
      manifest={brand.manifest}
      noindex={canonicalPath === undefined}
      jsonLd={canonicalPath === '/' ? organization(ctx, origin, absoluteUrl(origin, brand.logo)) : undefined}
    />
  );
}

/** schema.org Organization for the landing page: who publishes the site. */
function organization(ctx: BuildContext, origin: string, logo: string): Record<string, unknown> {
  const { site } = ctx.options;
  const profiles = site.social.flatMap((link) => (link.href ? [link.href] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: absoluteUrl(origin, '/'),
    logo,
    description: site.tagline,
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

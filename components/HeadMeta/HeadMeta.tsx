/** The image shown when a page is shared (Open Graph, Twitter cards). */
export interface ShareImage {
  /** Absolute URL. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface HeadMetaProps {
  title: string;
  description: string;
  siteName: string;
  /** Absolute canonical URL; absent on the 404 page, which answers for any path. */
  canonicalUrl?: string | undefined;
  image: ShareImage;
  themeColor: string;
  icons: { svg: string; touch: string };
  manifest: string;
  /** Keeps the page out of search results (the 404 page). */
  noindex?: boolean;
  /** Structured data (schema.org), serialised as JSON-LD. */
  jsonLd?: Record<string, unknown> | undefined;
  /** The site's Atom feeds, the page's own first: feed readers find them from any page. */
  feeds?: readonly { title: string; url: string }[];
  /** An article's: a link preview shows when it was published. */
  dates?: { published: string; modified?: string } | undefined;
}

/**
 * Search and sharing tags for the head, after the essentials that Document writes (charset,
 * viewport, title, description). Everything comes from the route table and site.config.ts.
 */
export function HeadMeta({
  title,
  description,
  siteName,
  canonicalUrl,
  image,
  themeColor,
  icons,
  manifest,
  noindex = false,
  jsonLd,
  feeds = [],
  dates,
}: HeadMetaProps) {
  return (
    <>
      {canonicalUrl ? <link rel="canonical" href={canonicalUrl} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <meta name="theme-color" content={themeColor} />
      <link rel="icon" href={icons.svg} type="image/svg+xml" />
      <link rel="apple-touch-icon" href={icons.touch} />
      <link rel="manifest" href={manifest} />
      {feeds.map((feed) => (
        <link key={feed.url} rel="alternate" type="application/atom+xml" title={feed.title} href={feed.url} />
      ))}
      <meta property="og:type" content={dates ? 'article' : 'website'} />
      {dates ? <meta property="article:published_time" content={dates.published} /> : null}
      {dates?.modified ? <meta property="article:modified_time" content={dates.modified} /> : null}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {canonicalUrl ? <meta property="og:url" content={canonicalUrl} /> : null}
      <meta property="og:image" content={image.url} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes what could close the script */}
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} /> : null}
    </>
  );
}

/**
 * JSON for a <script type="application/ld+json"> block. "<" is escaped so no value (a brand name,
 * a description) can close the element early; the browser never executes this block.
 */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * The few things a site owner edits, and what the build reads first (the default export): where
 * the pages, styles, script and font are. Everything else is derived from here and the route table.
 */
import { defineSite } from './generator/site';

export type SocialIconName = 'linkedin' | 'x' | 'youtube';

export interface SocialLink {
  /** Accessible name of the icon button, e.g. "LinkedIn". */
  name: string;
  icon: SocialIconName;
  /** Profile URL; without one the icon renders as a button, like every other action whose target the spec leaves open. */
  href?: string;
}

export interface LegalLink {
  label: string;
  href?: string;
}

export interface SiteConfig {
  /** The brand: shown in the header, footer, titles and copy. It lives here and nowhere else. */
  name: string;
  /** One line under the brand in the footer. */
  tagline: string;
  /** Absolute origin used for canonical URLs and the sitemap. */
  url: string;
  /** When set, every call to action becomes a link to this booking page instead of a button. */
  ctaHref?: string;
  social: readonly SocialLink[];
  legal: readonly LegalLink[];
  /** Browser UI colour (theme-color); keep in step with the brand colour in styles/settings. */
  themeColor: string;
  /** The typeface's family, as styles/settings names it first. */
  font: string;
}

export const site: SiteConfig = {
  name: 'Kestrel Risk',
  tagline: 'AI-native credit risk and portfolio management for lenders.',
  url: 'https://www.kestrelrisk.com',
  social: [
    { name: 'LinkedIn', icon: 'linkedin' },
    { name: 'X (formerly Twitter)', icon: 'x' },
    { name: 'YouTube', icon: 'youtube' },
  ],
  legal: [{ label: 'Privacy Policy' }, { label: 'Terms of Service' }, { label: 'Cookie Policy' }],
  themeColor: '#0b1f3a',
  font: 'Inter',
};

export default defineSite({
  name: site.name,
  tagline: site.tagline,
  url: site.url,
  themeColor: site.themeColor,
  lang: 'en',
  pages: 'pages/site.tsx',
  styles: 'styles/main.scss',
  client: 'client/main.ts',
  inlineScript: 'client/first-paint.ts',
  public: 'public',
  font: {
    family: site.font,
    // Inter's variable font, whole (Latin with every extension, Greek, Cyrillic): each build cuts it
    // to what its pages show.
    file: 'inter-ui/variable/InterVariable.woff2',
    // Printable ASCII, the Latin-1 letters, €, typographic quotes and dashes.
    safety: ` !"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_\`abcdefghijklmnopqrstuvwxyz{|}~ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ€‘’‚‛“”„‟–—`,
  },
  brandFonts: ['components/SocialImage/fonts/Inter-Regular.ttf', 'components/SocialImage/fonts/Inter-Bold.ttf'],
});

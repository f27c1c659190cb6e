/**
 * The few things a site owner edits. Everything else is derived from here and the route table.
 */
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
};

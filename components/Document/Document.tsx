import type { ReactNode } from 'react';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { SkipLink } from '../SkipLink/SkipLink';
import type { Navigation } from '../site/navigation';

/**
 * The only inline script on the site. It marks the document as scripted before the first paint, so
 * that styles that need JavaScript (the collapsed mobile menu) apply without a flash, and loads the
 * site's script, named by its own data-src and data-integrity, in the task after the first frame:
 * the first paint is on screen by then, nothing the script fetches or does can delay it, and every
 * behaviour enhances a page that is whole without it. An animation frame comes in every engine
 * (where a paint-timing entry, which this once waited for, may never come: WebKit and Firefox
 * report paint timing their own way, and an engine without it would never get the script). The
 * build hashes this exact text for the Content-Security-Policy.
 */
export const PAGE_SCRIPT = [
  '(function(c,d){',
  "d.documentElement.classList.add('js');",
  'requestAnimationFrame(function(){setTimeout(function(){',
  "var s=d.createElement('script');s.src=c.dataset.src;s.integrity=c.dataset.integrity;d.head.appendChild(s)})})",
  '})(document.currentScript,document)',
].join('');

/** The page's main content: the skip link's target. */
export const MAIN_ID = 'main';
/** The footer: once the parser reaches it, the header and main content are whole, and may be painted. */
export const FOOTER_ID = 'footer';

/** A built file the page links: its public URL and Subresource Integrity hash (a tampered copy is refused). */
export interface LinkedAsset {
  href: string;
  integrity: string;
}

/** The stylesheet, inside the page (allowed by its hash in the CSP), so the first paint waits for nothing else. */
export interface InlineStylesheet {
  inline: string;
}

/** The built assets every page uses. */
export interface PageAssets {
  /** Inline in a build; a linked file in the dev server, which swaps it in place after a save. */
  css: InlineStylesheet | LinkedAsset;
  js: LinkedAsset;
  /** Font files, preloaded so that the first paint can have them (they are font-display: fallback). */
  fonts: readonly string[];
  /** The icon sprite icons point into (components/Icon); without it each icon carries its shapes. */
  icons?: string;
}

export interface DocumentProps {
  title: string;
  description: string;
  /** Public URL path of the page being rendered ("/" for the landing page, "/site/" under a base path). */
  path: string;
  assets: PageAssets;
  navigation: Navigation;
  year: number;
  /**
   * Content-Security-Policy for a <meta http-equiv> tag, written first in the head so it governs
   * everything after it; for hosts that cannot send the header.
   */
  csp?: string;
  /** Extra tags for the head, after the essentials (social cards, structured data). */
  head?: ReactNode;
  children: ReactNode;
}

/** The whole HTML document around a page: head, skip link, header, main content and footer. */
export function Document({ title, description, path, assets, navigation, year, csp, head, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        {csp ? <meta httpEquiv="Content-Security-Policy" content={csp} /> : null}
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <script
          data-src={assets.js.href}
          data-integrity={assets.js.integrity}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, allowed by its hash in the CSP
          dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT }}
        />
        {assets.fonts.map((font) => (
          // Fonts are fetched in CORS mode; every browser that preloads reads WOFF2, so no type to skip by.
          <link key={font} rel="preload" href={font} as="font" crossOrigin="" />
        ))}
        {/* The stylesheet is in the page, so nothing else holds the first paint: without this, a busy
            browser paints a half-parsed page, and the rest of the content then moves what it shows.
            Chromium lifts the block at the target's start tag, so the target is what follows main. */}
        <link rel="expect" href={`#${FOOTER_ID}`} blocking="render" />
        {'inline' in assets.css ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, allowed by its hash in the CSP
          <style dangerouslySetInnerHTML={{ __html: assets.css.inline }} />
        ) : (
          <link rel="stylesheet" href={assets.css.href} integrity={assets.css.integrity} />
        )}
        {head}
      </head>
      <body>
        <SkipLink targetId={MAIN_ID} />
        <Header links={navigation.main} currentPath={path} homeHref={navigation.home} />
        <main id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
        <Footer useCases={navigation.useCases} year={year} id={FOOTER_ID} homeHref={navigation.home} />
      </body>
    </html>
  );
}

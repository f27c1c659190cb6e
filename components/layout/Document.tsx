import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import type { Navigation } from './navigation';
import { SkipLink } from './SkipLink';

/**
 * The only inline script on the site: marks the document as scripted before the first paint, so
 * styles that need JavaScript (the collapsed mobile menu) apply without a flash. The build hashes
 * this exact text for the Content-Security-Policy.
 */
export const JS_ENABLED_SNIPPET = "document.documentElement.classList.add('js')";

/** A built file the page links: its public URL and Subresource Integrity hash (a tampered copy is refused). */
export interface LinkedAsset {
  href: string;
  integrity: string;
}

/** The built, content-hashed assets every page uses. */
export interface PageAssets {
  css: LinkedAsset;
  js: LinkedAsset;
  /** Font files, preloaded so text paints in its own face without a late swap. */
  fonts: readonly string[];
}

export interface DocumentProps {
  title: string;
  description: string;
  /** Path of the page being rendered ("/" for the landing page). */
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
        <script dangerouslySetInnerHTML={{ __html: JS_ENABLED_SNIPPET }} />
        {assets.fonts.map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <link rel="stylesheet" href={assets.css.href} integrity={assets.css.integrity} />
        <script src={assets.js.href} integrity={assets.js.integrity} defer />
        {head}
      </head>
      <body>
        <SkipLink />
        <Header links={navigation.main} currentPath={path} />
        <main id="main" className="c-main" tabIndex={-1}>
          {children}
        </main>
        <Footer useCases={navigation.useCases} year={year} />
      </body>
    </html>
  );
}

import type { ReactNode } from 'react';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { SkipLink } from '../SkipLink/SkipLink';
import type { Navigation } from '../site/navigation';

/** The site's font (FONT.family in generator/steps/fonts.ts, which writes its @font-face rules). */
export const FONT_FAMILY = 'Inter';
/** On the root while the font is on its way: the page's text stays out of layout (styles/base/_fonts.scss). */
export const FONT_PENDING_CLASS = 'font-pending';
/** On the root when the font did not come in time: the page keeps the fallback font for the whole visit. */
export const FONT_FALLBACK_CLASS = 'font-fallback';
/** How long the first layout waits at most for the font once the page is parsed: as long as WebKit and Firefox block text for an optional font, from where their first layout would begin. */
export const FONT_WAIT_MS = 100;

/**
 * The only inline script on the site, after the stylesheet (whose @font-face rules it reads); the
 * build hashes this exact text for the Content-Security-Policy. It marks the document as scripted
 * before the first paint, so that styles that need JavaScript (the collapsed mobile menu) apply
 * without a flash.
 *
 * It gives the font, preloaded since the head began, FONT_WAIT_MS to load before any text is laid
 * out: the page shows in Inter from its first layout when the font comes in time, and in the
 * metric-matched fallback for the whole visit when it does not (the next page has it from the
 * cache). Nothing is laid out in one font and then in the other, so nothing moves. That is what
 * `font-display: optional` means, made the same in every engine. Chromium holds its first paint
 * up to 100 ms for a preloaded optional font. WebKit starts its 100 ms at its first layout; when
 * that layout itself took longer (a slow device, a long page), the font's arrival, queued behind
 * it, lost the race and the page kept the fallback though the font had come before the layout
 * began, and a font arriving just after the layout began was swapped in, moving the page. Firefox
 * laid out the text of a font still loading in system-ui, then again once the font came. Without
 * JavaScript none of this runs, and `optional` alone decides.
 *
 * Then, after the next frame, it loads the site's script, named by its own data-src and
 * data-integrity: the page is on screen by then, nothing the script fetches or does can delay it,
 * and every behaviour enhances a page that is whole without it. An animation frame comes in every
 * engine (a paint-timing entry, which this once waited for, may never come).
 */
export const PAGE_SCRIPT = [
  '(function(c,d){',
  `var h=d.documentElement,F=d.fonts,f='1em ${FONT_FAMILY}',p=d.querySelector('link[rel=preload][as=font]'),done,`,
  // `inTime`: the font is in; otherwise the wait is over or the font failed.
  'go=function(inTime){if(done)return;done=1;',
  `if(!inTime)h.classList.add('${FONT_FALLBACK_CLASS}');h.classList.remove('${FONT_PENDING_CLASS}');`,
  'requestAnimationFrame(function(){setTimeout(function(){',
  "var s=d.createElement('script');s.src=c.dataset.src;s.integrity=c.dataset.integrity;d.head.appendChild(s)})})},",
  // The face loads once the preload has the file: asked for earlier, Firefox counts its 100 ms from then.
  'load=function(){F.load(f).then(function(){go(1)},function(){go()})};',
  "h.classList.add('js');",
  // A font already loaded (a later page), or nothing to wait for, holds nothing.
  `if(F&&p&&!F.check(f)){h.classList.add('${FONT_PENDING_CLASS}');`,
  // The wait ends where the first layout would otherwise begin, once the page is parsed, plus FONT_WAIT_MS.
  `d.addEventListener('DOMContentLoaded',function(){setTimeout(go,${FONT_WAIT_MS})});`,
  // Its timing entry is written when the file has come: then the preload's load event has passed.
  "if(performance.getEntriesByName(p.href).length)load();else{p.addEventListener('load',load);p.addEventListener('error',function(){go()})}",
  '}else go(1)',
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
  /** Font files, preloaded so that the first layout can have them (font-display: optional; see PAGE_SCRIPT). */
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
        {/* After the stylesheet: it asks for the font its @font-face rules name. */}
        <script
          data-src={assets.js.href}
          data-integrity={assets.js.integrity}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, allowed by its hash in the CSP
          dangerouslySetInnerHTML={{ __html: PAGE_SCRIPT }}
        />
        {head}
      </head>
      <body>
        <SkipLink targetId={MAIN_ID} />
        <Header links={navigation.main} currentPath={path} homeHref={navigation.home} />
        <main id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
        <Footer lists={navigation.footer} year={year} id={FOOTER_ID} homeHref={navigation.home} />
      </body>
    </html>
  );
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppIcon } from '../../components/AppIcon/AppIcon';
import { brandPalette, paletteSources } from '../../components/AppIcon/palette';
import { Document } from '../../components/Document/Document';
import { HeadMeta, serializeJsonLd } from '../../components/HeadMeta/HeadMeta';
import { SocialImage, wrap } from '../../components/SocialImage/SocialImage';
import { contentSecurityPolicy, inlineHash, securityHeaders } from '../../generator/hosting/policy';
import { projectRoot } from '../../scripts/lib/project';
import siteConfig, { site } from '../../site.config';
import { render, shellProps } from '../support/render';

const headProps = {
  title: 'Credit Decisions | Brand',
  description: 'Explainable credit decisions.',
  siteName: 'Brand',
  canonicalUrl: 'https://example.com/credit-decision/',
  image: { url: 'https://example.com/assets/social.abc.png', width: 1200, height: 630, alt: 'Brand: a tagline' },
  themeColor: '#0b1f3a',
  icons: { svg: '/assets/favicon.abc.svg', touch: '/assets/apple-touch-icon.abc.png' },
  manifest: '/assets/site.abc.webmanifest',
};

describe('HeadMeta', () => {
  const $ = render(<HeadMeta {...headProps} />);
  const meta = (key: string) => $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');

  it('writes the canonical link, Open Graph and Twitter card tags', () => {
    expect($('link[rel="canonical"]').attr('href')).toBe('https://example.com/credit-decision/');
    expect(meta('og:title')).toBe(headProps.title);
    expect(meta('og:description')).toBe(headProps.description);
    expect(meta('og:url')).toBe(headProps.canonicalUrl);
    expect(meta('og:image')).toBe(headProps.image.url);
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('og:type')).toBe('website');
    expect(meta('og:site_name')).toBe('Brand');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(headProps.image.url);
    expect(meta('theme-color')).toBe('#0b1f3a');
    expect($('meta[name="robots"]')).toHaveLength(0);
  });

  it('links the SVG favicon, the touch icon and the manifest', () => {
    expect($('link[rel="icon"]').attr('href')).toBe(headProps.icons.svg);
    expect($('link[rel="icon"]').attr('type')).toBe('image/svg+xml');
    expect($('link[rel="apple-touch-icon"]').attr('href')).toBe(headProps.icons.touch);
    expect($('link[rel="manifest"]').attr('href')).toBe(headProps.manifest);
  });

  it('marks a page without a URL of its own noindex, without canonical or og:url', () => {
    const $404 = render(<HeadMeta {...headProps} canonicalUrl={undefined} noindex />);
    expect($404('meta[name="robots"]').attr('content')).toBe('noindex');
    expect($404('link[rel="canonical"]')).toHaveLength(0);
    expect($404('meta[property="og:url"]')).toHaveLength(0);
  });

  it('writes JSON-LD that cannot close its script element early', () => {
    const $ld = render(<HeadMeta {...headProps} jsonLd={{ '@type': 'Organization', name: 'A </script><b>B' }} />);
    const block = $ld('script[type="application/ld+json"]');
    expect(block).toHaveLength(1);
    expect(block.html()).not.toContain('</script>');
    expect(JSON.parse(block.text())).toEqual({ '@type': 'Organization', name: 'A </script><b>B' });
    expect(serializeJsonLd({ a: '<' })).toBe('{"a":"\\u003c"}');
  });
});

describe('the Content-Security-Policy', () => {
  const inlineStyle = 'body{color:red}';
  const script = 'document.documentElement.classList.add("js")';
  const inline = { scripts: [script], styles: [inlineStyle] };
  const header = contentSecurityPolicy(inline, { for: 'header' });
  const meta = contentSecurityPolicy(inline, { for: 'meta' });

  it('allows the inline script and style by their SHA-256 and nothing inline besides', () => {
    const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(inlineHash(script)).toBe(sha256(script));
    for (const policy of [header, meta]) {
      expect(policy).toContain(`script-src 'self' ${sha256(script)}`);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
    }
    expect(meta).toContain(`style-src 'self' ${sha256(inlineStyle)}`);
    expect(contentSecurityPolicy({ scripts: [], styles: [] }, { for: 'meta' })).toContain("style-src 'self';");
    for (const directive of [
      "default-src 'self'",
      "img-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]) {
      expect(meta).toContain(directive);
    }
  });

  it('allows its own origin by default only for the web manifest: every other fetch directive is listed', () => {
    const directives = meta.split('; ').map((directive) => directive.split(' ')[0]);
    expect(directives).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'media-src',
      'object-src',
      'child-src',
      'frame-src',
      'worker-src',
      'base-uri',
      'form-action',
    ]);
    // Every fetch directive of CSP3 that falls back to default-src is listed but manifest-src,
    // which WebKit rejects with a console error on every page: default-src gives the manifest the same.
    // No frames, workers or media: the site uses none. Connections only to the site itself.
    for (const policy of [header, meta]) {
      for (const name of ['media-src', 'object-src', 'child-src', 'frame-src', 'worker-src']) expect(policy).toContain(`${name} 'none'`);
      expect(policy).toContain("connect-src 'self';");
      expect(policy).not.toMatch(/\*|https?:|data:/);
    }
  });

  it('leaves out of the meta tag what a meta tag cannot carry, and out of the header what differs from page to page', () => {
    expect(meta).not.toContain('frame-ancestors');
    expect(header).toContain("frame-ancestors 'none'");
    // The same header for every file: a page's stylesheet is allowed by its own meta tag alone.
    expect(header).toBe(contentSecurityPolicy({ scripts: [script], styles: ['h1{color:blue}'] }, { for: 'header' }));
    expect(header).not.toMatch(/default-src|style-src/);
    expect(header).toBe(
      meta
        .split('; ')
        .filter((directive) => !/^(default|style)-src /.test(directive))
        .concat("frame-ancestors 'none'")
        .join('; '),
    );
  });

  it('goes into the head before any script, stylesheet or link', () => {
    const $ = render(
      <Document {...shellProps({ csp: meta })}>
        <p>Body</p>
      </Document>,
    );
    const head = $('head').children().toArray();
    const cspIndex = head.findIndex((element) => $(element).attr('http-equiv') === 'Content-Security-Policy');
    expect(cspIndex).toBeGreaterThanOrEqual(0);
    expect($(head[cspIndex]).attr('content')).toBe(meta);
    const firstGoverned = head.findIndex((element) => ['script', 'link', 'style'].includes(element.tagName));
    expect(cspIndex).toBeLessThan(firstGoverned);
  });

  it('is sent with HSTS only to HTTPS hosts', () => {
    expect(securityHeaders({ https: true, inline }).map(([name]) => name)).toContain('Strict-Transport-Security');
    expect(securityHeaders({ https: false, inline }).map(([name]) => name)).not.toContain('Strict-Transport-Security');
  });
});

describe('the brand images', () => {
  it('use the colours of styles/settings/_colors.scss and site.themeColor', () => {
    const scss = readFileSync(path.join(projectRoot, 'styles/settings/_colors.scss'), 'utf8');
    for (const [key, name] of Object.entries(paletteSources)) {
      const match = new RegExp(`'${name}':\\s*(#[0-9a-fA-F]{3,8})`).exec(scss);
      expect(match?.[1]?.toLowerCase(), name).toBe(brandPalette[key as keyof typeof brandPalette]);
    }
    expect(site.themeColor.toLowerCase()).toBe(brandPalette.ink900);
  });

  it('draw the mark with attributes, not classes, since no stylesheet reaches a favicon', () => {
    const $ = render(<AppIcon />);
    expect($('[class]')).toHaveLength(0);
    expect($('rect').attr('fill')).toBe(brandPalette.brand600);
    expect($('svg').attr('xmlns')).toBe('http://www.w3.org/2000/svg');
  });

  it('wrap the tagline into lines of at most the given length', () => {
    expect(wrap('AI-native credit risk and portfolio management for lenders.', 22)).toEqual([
      'AI-native credit risk',
      'and portfolio',
      'management for',
      'lenders.',
    ]);
    expect(wrap('a verylongwordindeed b', 5)).toEqual(['a', 'verylongwordindeed', 'b']);
  });

  it("keep an entry's title clear of the drawing and of the host name: a long title or a long word is set smaller", () => {
    const fontFiles = (siteConfig.brandFonts ?? []).map((file) => path.join(projectRoot, file));
    const draw = (tagline: string) =>
      new Resvg(renderToStaticMarkup(<SocialImage name={site.name} tagline={tagline} host="www.example.com" />), {
        font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Inter' },
      }).render();
    const without = draw(' ').pixels;
    for (const title of [
      // A German compound, and a 68-character title of short words: five lines at the largest size.
      'Kreditrisikomanagementplattformentwicklungsgesellschaft in Łódź',
      'Ølstykke and Stenløse: explainable credit decisions, one year and on',
    ]) {
      const image = draw(title);
      // Each read of `pixels` copies them out of the native image.
      const [pixels, width] = [image.pixels, image.width];
      // The box of every pixel the title changed.
      const box = { left: width, right: 0, bottom: 0 };
      for (let index = 0; index < pixels.length; index += 4) {
        if (pixels.readUInt32BE(index) === without.readUInt32BE(index)) continue;
        const x = (index / 4) % width;
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.bottom = Math.max(box.bottom, Math.floor(index / 4 / width));
      }
      // Inside the padding, about as wide as the text column (760 px), and above the host name's capitals (y 528).
      expect(box.left, title).toBeGreaterThanOrEqual(80);
      expect(box.right, title).toBeLessThan(780);
      expect(box.bottom, title).toBeLessThan(515);
    }
  });
});

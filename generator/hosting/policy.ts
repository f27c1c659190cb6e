/** How the site must be served: the one source of every host's configuration, the S3 upload and the pages' CSP. */
import { createHash } from 'node:crypto';

/** Only content-hashed files live here, so only they may be cached for a year. */
export const ASSETS_DIR = 'assets';

/** Never uploaded or served. */
export const DEPLOY_DIR = 'deploy';
export const HOST_CONFIG_FILES = ['serve.json', '_headers', '_redirects'] as const;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Revalidated before every use: a deploy shows at once. */
export const CACHE_REVALIDATE = 'no-cache';

/** Two years (the usual preload-list minimum); browsers ignore the header over plain HTTP. */
export const HSTS_MAX_AGE = 63_072_000;
export const HSTS = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;

/** The site uses none of these, so no page (or frame) may ask for them. */
const DENIED_FEATURES = (
  'accelerometer autoplay camera display-capture encrypted-media fullscreen geolocation gyroscope hid magnetometer microphone ' +
  'midi payment picture-in-picture publickey-credentials-get screen-wake-lock serial usb xr-spatial-tracking'
).split(' ');

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** Allowed by hash and by nothing else. The header's policy reads only the scripts, which every page shares. */
export type InlineCode = { scripts: readonly string[]; styles: readonly string[] };

export function inlineHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** A <meta http-equiv> policy ignores them (CSP3 §6.1.12). */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'sandbox']);
/**
 * Each page's stylesheet differs, so the header leaves these to the page's meta policy: every page's hash in the header would
 * grow it with the site (CloudFront takes about 1,783 characters) and change the hosts' configuration with each style edit.
 */
const PAGE_ONLY_DIRECTIVES = new Set(['default-src', 'style-src']);

/**
 * Nothing unless listed, no 'unsafe-inline'. No manifest-src: WebKit logs it as an error, and default-src 'self' covers the
 * manifest. connect-src 'self': tools read the site through the page (Lighthouse's robots.txt check), as dev's live reload does.
 * A page is bound by both: the header's, and its meta tag's, which allows its own inline stylesheet.
 */
export function contentSecurityPolicy(inline: InlineCode, target: { for: 'header' | 'meta' }): string {
  const sources = (code: readonly string[]) => ["'self'", ...code.map(inlineHash)].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', sources(inline.scripts)],
    ['style-src', sources(inline.styles)],
    ['img-src', "'self'"],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['media-src', "'none'"],
    ['object-src', "'none'"],
    // frame-src and worker-src fall back to child-src, which names them to engines that lack either.
    ['child-src', "'none'"],
    ['frame-src', "'none'"],
    ['worker-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  const left = target.for === 'header' ? PAGE_ONLY_DIRECTIVES : HEADER_ONLY_DIRECTIVES;
  return directives
    .filter(([name]) => !left.has(name))
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** Only hosts that serve HTTPS send Strict-Transport-Security. */
export function securityHeaders({ https, inline }: { https: boolean; inline: InlineCode }): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(inline, { for: 'header' })],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Other sites may link to our files but not load them into their pages.
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...(https ? ([['Strict-Transport-Security', HSTS]] as [string, string][]) : []),
  ];
}

export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith(`${ASSETS_DIR}/`) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

/** For S3, which guesses from the name otherwise, badly. */
export function contentTypeFor(relativePath: string): string | undefined {
  const dot = relativePath.lastIndexOf('.');
  return dot === -1 ? undefined : CONTENT_TYPES[relativePath.slice(dot).toLowerCase()];
}

export function isSiteFile(relativePath: string): boolean {
  return !relativePath.startsWith(`${DEPLOY_DIR}/`) && !(HOST_CONFIG_FILES as readonly string[]).includes(relativePath);
}

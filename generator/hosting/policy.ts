/**
 * How the built site must be served: caching, security headers and content types, the one source
 * of every host's configuration, the S3 upload and the CSP meta tag in every page.
 */
import { createHash } from 'node:crypto';

/** Content-hashed files live here and nowhere else; only they may be cached for a year. */
export const ASSETS_DIR = 'assets';

/** Host configuration in the output, never uploaded or served. */
export const DEPLOY_DIR = 'deploy';
export const HOST_CONFIG_FILES = ['serve.json', '_headers', '_redirects'] as const;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cached, but revalidated (ETag / Last-Modified) before every use: a deploy shows at once. */
export const CACHE_REVALIDATE = 'no-cache';

/** Two years (the usual preload-list minimum); browsers ignore the header over plain HTTP. */
export const HSTS_MAX_AGE = 63_072_000;
export const HSTS = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;

/** The site uses none of these browser features, so no page (or frame) may ask for them. */
const DENIED_FEATURES = (
  'accelerometer autoplay camera display-capture encrypted-media fullscreen geolocation gyroscope hid magnetometer microphone ' +
  'midi payment picture-in-picture publickey-credentials-get screen-wake-lock serial usb xr-spatial-tracking'
).split(' ');

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** The code every page carries inline, which the Content-Security-Policy allows by hash and by nothing else. */
export interface InlineCode {
  scripts: readonly string[];
  styles: readonly string[];
}

export function inlineHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** Directives that a <meta http-equiv> policy ignores (CSP3 §6.1.12); only headers can carry them. */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/**
 * Nothing is allowed unless listed, and no 'unsafe-inline' anywhere. Every fetch directive that
 * falls back to default-src is listed, 'none' where the site loads nothing of the kind, but one:
 * the web manifest, which default-src 'self' allows. (WebKit rejects manifest-src with a console
 * error on every page; the other fetch directives here all three engines know.) The site makes no
 * connections itself, but connect-src allows its own origin: tools read the site through the page
 * (Lighthouse's robots.txt check reports the file invalid when the CSP refuses it), as the dev
 * server's live-reload stream does. `for: 'meta'` leaves out what a meta tag cannot carry.
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
  return directives
    .filter(([name]) => target.for === 'header' || !HEADER_ONLY_DIRECTIVES.has(name))
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

export interface HeaderOptions {
  /** Only hosts that serve HTTPS send Strict-Transport-Security (the local preview does not). */
  https: boolean;
  inline: InlineCode;
}

export function securityHeaders({ https, inline }: HeaderOptions): [name: string, value: string][] {
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

/** The Content-Type to store with a file (S3 guesses from the name otherwise, and guesses badly). */
export function contentTypeFor(relativePath: string): string | undefined {
  const dot = relativePath.lastIndexOf('.');
  return dot === -1 ? undefined : CONTENT_TYPES[relativePath.slice(dot).toLowerCase()];
}

/** As opposed to configuration for a host. */
export function isSiteFile(relativePath: string): boolean {
  return !relativePath.startsWith(`${DEPLOY_DIR}/`) && !(HOST_CONFIG_FILES as readonly string[]).includes(relativePath);
}

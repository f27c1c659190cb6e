/**
 * How the built site must be served: caching, security headers and content types. This module is
 * the one source of truth; serve.json, the nginx server block, the _headers file, the CloudFront
 * files, the S3 upload and the CSP meta tag in every page are all generated from it.
 */
import { createHash } from 'node:crypto';
import { JS_ENABLED_SNIPPET } from '../../components/layout/Document';

/** Content-hashed files live here and nowhere else; only they may be cached for a year. */
export const ASSETS_DIR = 'assets';

/** Output files that configure a host rather than being part of the site; never uploaded or served. */
export const DEPLOY_DIR = 'deploy';
export const HOST_CONFIG_FILES = ['serve.json', '_headers'] as const;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cached, but revalidated (ETag / Last-Modified) before every use: a deploy shows at once. */
export const CACHE_REVALIDATE = 'no-cache';

/** Two years (the usual preload-list minimum); browsers ignore the header over plain HTTP. */
export const HSTS_MAX_AGE = 63_072_000;
export const HSTS = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;

/** The site uses none of these browser features, so no page (or frame) may ask for them. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** The CSP source for an inline script: its SHA-256, base64. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** Directives that a <meta http-equiv> policy ignores (CSP3 §6.1.12); only headers can carry them. */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/**
 * The Content-Security-Policy. Scripts and styles come only from our own origin, plus the one
 * hashed inline script that sets the `js` class before first paint; no 'unsafe-inline' anywhere.
 * `for: 'meta'` leaves out what a meta tag cannot carry.
 */
export function contentSecurityPolicy(target: { for: 'header' | 'meta' }): string {
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', `'self' ${scriptHash(JS_ENABLED_SNIPPET)}`],
    ['style-src', "'self'"],
    ['img-src', "'self'"],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
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
}

/** The security headers every response carries, in a stable order. */
export function securityHeaders({ https }: HeaderOptions): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy({ for: 'header' })],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(https ? ([['Strict-Transport-Security', HSTS]] as [string, string][]) : []),
  ];
}

/** Cache-Control for a file of the output, by its path relative to the output root. */
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

/** Whether a file of the output is part of the site (as opposed to configuration for a host). */
export function isSiteFile(relativePath: string): boolean {
  return !relativePath.startsWith(`${DEPLOY_DIR}/`) && !(HOST_CONFIG_FILES as readonly string[]).includes(relativePath);
}

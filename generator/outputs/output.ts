/**
 * The form of an output module (the sitemap, robots.txt, the feeds, the redirects' pages): `defineOutput({ files })`. A site drops,
 * replaces or adds one in `definePages` (`outputs`).
 */
import type { Output } from '../site';

export function defineOutput(output: Output): Output {
  return output;
}

/**
 * Which content file each exported object of the site's content came from, so that a content error
 * can name the file and line. The site's bundle (site-bundle.ts) ends every `pages/**\/content.ts`
 * module with a call to tagContentFile; the same code loaded without the bundle (unit tests) is
 * simply untagged, and its errors name the route table instead.
 */

/** A content file's export: the file, relative to the project root, and the export's name. */
export interface ContentSource {
  file: string;
  name: string;
}

const sources = new WeakMap<object, ContentSource>();

/** Records the file of each object a content module exports (the first module to export an object owns it). */
export function tagContentFile(exports: Readonly<Record<string, unknown>>, file: string): void {
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'object' && value !== null && !sources.has(value)) sources.set(value, { file, name });
  }
}

/** The content file that exported this very object, if one did. */
export function contentSourceOf(value: unknown): ContentSource | undefined {
  return typeof value === 'object' && value !== null ? sources.get(value) : undefined;
}

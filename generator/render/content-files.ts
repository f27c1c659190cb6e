/**
 * Which content file each exported object came from, so that a content error can name the file and
 * line. The site's bundle ends every `pages/**\/content.ts` with a call to tagContentFile; loaded
 * without the bundle (unit tests), content is untagged, and its errors name the route table instead.
 */

/** The file relative to the project root, and the export's name. */
export interface ContentSource {
  file: string;
  name: string;
}

const sources = new WeakMap<object, ContentSource>();

/** The first module to export an object owns it. */
export function tagContentFile(exports: Readonly<Record<string, unknown>>, file: string): void {
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'object' && value !== null && !sources.has(value)) sources.set(value, { file, name });
  }
}

export function contentSourceOf(value: unknown): ContentSource | undefined {
  return typeof value === 'object' && value !== null ? sources.get(value) : undefined;
}

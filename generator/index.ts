/**
 * The generator as a library: what a site imports. Its config module default-exports
 * `defineSite(...)`, its pages module `definePages(...)`; its content model builds on the schemas
 * here, so that the generator's checks and the site's hold every field to the same rules.
 */
export { description, outsideUrl, sitePath, slug, text, title } from './schema';
export type {
  Collection,
  EntryInfo,
  EntryProps,
  FontDefinition,
  HostName,
  ImageInfo,
  ListProps,
  PageEntry,
  Pages,
  Redirect,
  Route,
  ShellAssets,
  ShellPage,
  ShellProps,
  ShellRoute,
  Site,
  SitePath,
} from './site';
export { definePages, defineSite } from './site';

/** What a site imports: its content model builds on these schemas, so the generator and the site hold fields to the same rules. */
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

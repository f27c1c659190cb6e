/**
 * The generator as a site uses it: `build({ root })` and `dev({ root, port, host })`, the commands over them, and what a site's
 * config and pages module are written with. Its content model builds on these schemas, so that the generator and the site hold
 * fields to the same rules.
 */
export { type BuildReport, buildCommand } from './commands/build';
export { devCommand } from './commands/dev';
export { type DevHandle, type DevOptions, dev } from './dev/index';
export { defineOutput } from './outputs/output';
export { type BuildResult, runBuild as build } from './pipeline';
export type {
  Collection,
  EntryInfo,
  EntryProps,
  FontDefinition,
  HostName,
  ImageInfo,
  ListProps,
  Output,
  OutputContent,
  OutputInput,
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
export { definePages, defineSite, description, outsideUrl, sitePath, slug, text, title } from './site';

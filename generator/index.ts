/** The generator as a site uses it: `build({ root })`, `dev({ root, port, host })`, the commands over them, and site.ts's API. */
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

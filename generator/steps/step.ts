/** What every step of a build shares, and the form of a step module: `export const images = defineStep({ name, needs, run })`. */
import type { ImageService } from '../images/service';
import type { BuildOptions } from '../options';
import type { RenderPool } from '../render/pool';
import { stepsFor } from '../runner';
import type { Site } from '../site';
import type { StylesCompiler } from '../styles-compiler';
import type { Writer } from '../writer';

/** The site's code, bundled with the render worker's, which the render service loads; `code`, its bytes' hash, keys its entries' cache. */
export type SiteBundle = { file: string; reads: string[]; code: string };

export interface Build {
  options: BuildOptions;
  /** The one writer: into the output being built, and the build's scratch space. */
  writer: Writer;
  /** The render service: the site's code, in workers. */
  renderer: RenderPool;
  /** Sass, in a worker of its own. */
  styles: StylesCompiler;
  /** sharp and resvg, in a process of their own. */
  images: ImageService;
  /** The dev server's, which rebuilds only what changed; a build bundles once. */
  bundler?: (site: Site) => Promise<SiteBundle>;
}

export const defineStep = stepsFor<Build>();

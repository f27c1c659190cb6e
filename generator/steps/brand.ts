/**
 * The icon sprite, the brand's files and each entry's link preview, from the SVG the site draws: PNGs drawn by the image
 * service with the site's own fonts, alike on every machine. An entry with a cover shares the cover, cut (images.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts, lookupFile, packageVersion, store } from '../cache.mjs';
import { BuildError } from '../failure';
import type { ImageService } from '../images/service';
import { runQueue } from '../queue';
import type { RenderPool } from '../render/pool';
import type { RenderSettings, SiteDescription } from '../render/protocol';
import type { StepContext } from '../runner';
import type { Site } from '../site';
import { publicPath, type SiteAddress } from '../urls';
import { linkOutput, type OutputFile, type WrittenAsset, writeAsset } from '../writer';
import type { Images } from './images';

export const TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZE = 512;
const FAVICON_SIZE = 32;
/** Titles drawn a request: a thousand entries' cards are never all in memory. */
const CARDS_PER_BATCH = 32;
/** Cards drawn at once: about a core's worth each, with the service's threads to spare. */
const CARDS_AT_ONCE = 3;

export interface Icons {
  href?: string;
  files: OutputFile[];
}

/** Pages point into the sprite with <use>, so that no page carries the shapes. */
export async function writeIcons(pool: RenderPool, staging: string, base: string): Promise<Icons> {
  const sprite = await pool.ask('icons', undefined, 'drawing the icon sprite');
  if (!sprite) return { files: [] };
  const written = await writeAsset(staging, base, { name: 'icons', extension: 'svg', contents: sprite });
  return { href: written.href, files: [written.file] };
}

export interface Brand {
  assets: RenderSettings['brand'];
  /** The site's own card. */
  socialImage: RenderSettings['socialImages'][string];
  files: OutputFile[];
  reads: string[];
}

interface Drawing {
  root: string;
  site: Site;
  staging: string;
  base: string;
  service: ImageService;
}

export async function drawBrand(pool: RenderPool, drawing: Drawing, address: SiteAddress, signal: AbortSignal): Promise<Brand> {
  const { site, staging, base } = drawing;
  const drawings = await pool.ask(
    'brand',
    { host: new URL(address.origin).host, sizes: [FAVICON_SIZE, TOUCH_ICON_SIZE, MANIFEST_ICON_SIZE] },
    'drawing the brand images',
  );
  const files: OutputFile[] = [];
  const written = (asset: Pick<WrittenAsset, 'href' | 'file'>) => {
    files.push(asset.file);
    return asset.href;
  };
  const write = async (name: string, extension: string, contents: string) =>
    written(await writeAsset(staging, base, { name, extension, contents }));
  const png = pngWriter(drawing);
  const icon = (size: number) => drawings.appIcons[size] ?? { rounded: '', square: '' };
  const favicon = await write('favicon', 'svg', icon(FAVICON_SIZE).rounded);
  const touchIcon = written(await png(icon(TOUCH_ICON_SIZE).square, TOUCH_ICON_SIZE, 'apple-touch-icon', signal));
  const logo = written(await png(icon(MANIFEST_ICON_SIZE).square, MANIFEST_ICON_SIZE, 'icon-512', signal));
  const { width, height } = drawings.socialImageSize;
  const socialImage = {
    url: written(await png(drawings.socialImage, width, 'social', signal)),
    width,
    height,
    alt: `${site.name}: ${site.tagline}`,
  };
  const manifest = {
    name: site.name,
    short_name: site.name,
    description: site.tagline,
    // The site's own folder: under a base path the app is that folder, not the whole origin.
    id: base,
    start_url: base,
    scope: base,
    display: 'browser',
    background_color: site.themeColor,
    theme_color: site.themeColor,
    icons: [
      { src: favicon, type: 'image/svg+xml', sizes: 'any' },
      { src: touchIcon, type: 'image/png', sizes: `${TOUCH_ICON_SIZE}x${TOUCH_ICON_SIZE}` },
      { src: logo, type: 'image/png', sizes: `${MANIFEST_ICON_SIZE}x${MANIFEST_ICON_SIZE}` },
    ],
  };
  const manifestUrl = await write('site', 'webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    assets: { favicon, touchIcon, logo, manifest: manifestUrl },
    socialImage,
    files,
    reads: site.brandFonts.map((file) => file.replace(/^\.\//, '')),
  };
}

export interface Shares {
  /** By entry path. */
  socialImages: RenderSettings['socialImages'];
  files: OutputFile[];
}

/** Each entry's link preview: its cover's cut, or the site's card with its title, a few drawn at a time. */
export async function drawShares(
  pool: RenderPool,
  drawing: Drawing,
  described: Pick<SiteDescription, 'shares'>,
  brand: Pick<Brand, 'socialImage'>,
  images: Pick<Images, 'shares'>,
  address: SiteAddress,
  { signal, progress }: Pick<StepContext, 'signal' | 'progress'>,
): Promise<Shares> {
  const { site } = drawing;
  const host = new URL(address.origin).host;
  const { width, height } = brand.socialImage;
  const socialImages: Shares['socialImages'] = {};
  const files: OutputFile[] = [];
  const total = described.shares.length;
  let done = 0;
  const titled = described.shares.filter((share) => {
    const cut = share.cover === undefined ? undefined : images.shares[share.cover];
    if (!cut) return true;
    socialImages[share.path] = { url: cut.href, width: cut.width, height: cut.height, alt: `${share.title} (${site.name})` };
    done += 1;
    return false;
  });
  progress(done, total);
  const png = pngWriter(drawing);
  for (let from = 0; from < titled.length; from += CARDS_PER_BATCH) {
    signal.throwIfAborted();
    const batch = titled.slice(from, from + CARDS_PER_BATCH);
    const svgs = await pool.ask('cards', { host, titles: batch.map((share) => share.title) }, 'drawing the entries’ link previews');
    const drawn = await runQueue(batch, { width: CARDS_AT_ONCE, signal, done: () => progress(++done, total) }, (share, index) =>
      png(svgs[index] ?? '', width, 'social', signal, share.file),
    );
    batch.forEach((share, index) => {
      const asset = drawn[index] as Pick<WrittenAsset, 'href' | 'file'>;
      files.push(asset.file);
      socialImages[share.path] = { url: asset.href, width, height, alt: `${share.title} (${site.name})` };
    });
  }
  return { socialImages, files };
}

/** Each PNG as an asset; a cached one is linked into the output unread: a thousand entries' cards are 30 MB. */
function pngWriter({ root, site, staging, base, service }: Drawing) {
  const fonts = site.brandFonts.map((file) => path.join(root, file));
  const code = fileURLToPath(new URL('../images/service-process.mjs', import.meta.url));
  // What draws and encodes it: their versions; the fonts and the code are inputs of each entry.
  const tools = [packageVersion(root, '@resvg/resvg-js'), packageVersion(root, 'sharp')];
  return async (
    svg: string,
    width: number,
    name: string,
    signal: AbortSignal,
    what?: string,
  ): Promise<Pick<WrittenAsset, 'href' | 'file'>> => {
    const key = hashParts(['png v5', ...tools, svg, String(width), name]);
    const hit = lookupFile(root, 'brand', key);
    if (hit) {
      const asset = hit.meta as OutputFile;
      return { href: publicPath(base, `/${asset.path}`), file: linkOutput(staging, asset.path, hit.file, asset.bytes) };
    }
    let png: Uint8Array;
    try {
      ({ png } = await service.draw({ svg, width, fonts }, `drawing the link preview of ${what ?? name}`, signal));
    } catch (error) {
      if (signal.aborted || error instanceof BuildError) throw error;
      // An entry's card is its title: the file to change is the entry's.
      throw new BuildError(`${what ? `${what}: its link preview` : `The ${name} image`} could not be drawn: ${String(error)}`, {
        file: what,
        cause: error,
      });
    }
    const asset = await writeAsset(staging, base, { name, extension: 'png', contents: png });
    store(root, 'brand', key, { output: png, inputs: [...fonts, code], meta: asset.file, extension: 'png', keep: 5000 });
    return asset;
  };
}

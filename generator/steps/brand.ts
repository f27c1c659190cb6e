/** The brand's files and each entry's link preview: the site's SVG, drawn with the site's own fonts, alike on any machine. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { entryKey, hashParts, lookup, store } from '../cache.mjs';
import { BuildError } from '../failure';
import { type BrandFonts, outlinedText } from '../images/outline-text';
import type { ImageService } from '../images/service';
import type { RenderPool } from '../render/pool';
import type { RenderSettings, SocialImage } from '../render/protocol';
import type { Site } from '../site';
import { publicPath, type SiteAddress } from '../urls';
import type { OutputFile, Writer, WrittenAsset } from '../writer';
import { config } from './config';
import { site as siteStep } from './site';
import { defineStep } from './step';

export const TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZE = 512;
const FAVICON_SIZE = 32;

export interface Brand {
  assets: RenderSettings['brand'];
  /** The site's own card. */
  socialImage: SocialImage;
  files: OutputFile[];
  reads: string[];
}

export type Drawing = { root: string; site: Site; writer: Writer; base: string; service: ImageService; fonts: BrandFonts };

async function drawBrand(pool: RenderPool, drawing: Drawing, address: SiteAddress, signal: AbortSignal): Promise<Brand> {
  const { site, writer, base } = drawing;
  const sizes = [FAVICON_SIZE, TOUCH_ICON_SIZE, MANIFEST_ICON_SIZE];
  const drawings = await pool.ask('brand', { host: new URL(address.origin).host, sizes }, 'drawing the brand images');
  const files: OutputFile[] = [];
  const written = (asset: Pick<WrittenAsset, 'href' | 'file'>) => {
    files.push(asset.file);
    return asset.href;
  };
  const write = async (name: string, extension: string, contents: string) => written(writer.asset(base, { name, extension, contents }));
  const png = pngWriter(drawing);
  const icon = (size: number) => drawings.appIcons[size] ?? { rounded: '', square: '' };
  const favicon = await write('favicon', 'svg', icon(FAVICON_SIZE).rounded);
  const { width, height } = drawings.socialImageSize;
  // Three at once: the card's text is outlined (HarfBuzz's first load) while the image service starts and draws the icons.
  const [touchPng, logoPng, socialPng] = await Promise.all([
    png(icon(TOUCH_ICON_SIZE).square, TOUCH_ICON_SIZE, 'apple-touch-icon', signal),
    png(icon(MANIFEST_ICON_SIZE).square, MANIFEST_ICON_SIZE, 'icon-512', signal),
    png(drawings.socialImage, width, 'social', signal),
  ]);
  const touchIcon = written(touchPng);
  const logo = written(logoPng);
  const socialImage = {
    url: written(socialPng),
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

/** Each PNG as an asset; a cached one is linked into the output unread: a thousand entries' cards are 30 MB. */
export function pngWriter({ root, writer, base, service, fonts }: Drawing) {
  return async (
    svg: string,
    width: number,
    name: string,
    signal: AbortSignal,
    what?: string,
  ): Promise<Pick<WrittenAsset, 'href' | 'file'>> => {
    const key = entryKey(root, 'brand', [svg, String(width), name, fonts.key]);
    const hit = lookup(root, 'brand', key);
    if (hit) {
      const asset = hit.meta as OutputFile;
      return { href: publicPath(base, `/${asset.path}`), file: writer.link(asset.path, hit.file, asset.bytes) };
    }
    let png: Uint8Array;
    try {
      // Its text as outlines: resvg, handed the fonts, opens them again for every glyph.
      const drawn = await outlinedText(svg, fonts);
      ({ png } = await service.draw({ ...drawn, width }, `drawing the link preview of ${what ?? name}`, signal));
    } catch (error) {
      if (signal.aborted || error instanceof BuildError) throw error;
      // An entry's card is its title: the file to change is the entry's.
      throw new BuildError(`${what ? `${what}: its link preview` : `The ${name} image`} could not be drawn: ${String(error)}`, {
        file: what,
        cause: error,
      });
    }
    return writer.asset(base, { name, extension: 'png', contents: png }, (file) =>
      store(root, 'brand', key, { output: png, meta: file, extension: 'png' }),
    );
  };
}

/** For the brand's drawings and the entries' cards: the fonts read once for every image drawn with them. */
export function drawingFor(build: { options: { root: string }; writer: Writer; images: ImageService }, site: Site, base: string): Drawing {
  const files = site.brandFonts.map((file) => path.join(build.options.root, file));
  const fonts = { files, key: hashParts(files.map((file) => readFileSync(file))) };
  return { root: build.options.root, site, writer: build.writer, base, service: build.images, fonts };
}

export const brand = defineStep({
  name: 'brand',
  needs: { config, site: siteStep },
  run: ({ config }, { build, signal }) =>
    drawBrand(build.renderer, drawingFor(build, config.site, config.address.base), config.address, signal),
});

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts, lookup, packageVersion, store } from '../cache.mjs';
import { BuildError } from '../failure';
import type { BrandAssets } from '../render/protocol';
import type { RenderPool } from '../workers';
import type { Writer } from '../writer';
import type { Site } from './routes';

/**
 * TrueType (the rasteriser does not read WOFF2), shipped beside this step with their licence, so
 * that the PNGs come out the same on every machine whatever fonts it has installed.
 */
const FONT_FILES = ['Inter-Regular.ttf', 'Inter-Bold.ttf'].map((file) => fileURLToPath(new URL(`brand-fonts/${file}`, import.meta.url)));

export const TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZE = 512;

/** The favicon, the touch and manifest icons, the social image and the web manifest, from the SVG a render worker draws. */
export async function drawBrand(pool: RenderPool, { site, address }: Site, root: string, out: Writer): Promise<BrandAssets> {
  const { origin, base } = address;
  const host = new URL(origin).host;
  const drawings = await pool.drawBrand(host, { touchIcon: TOUCH_ICON_SIZE, largeIcon: MANIFEST_ICON_SIZE });
  const write = async (name: string, extension: string, contents: string | Buffer) => (await out.asset({ name, extension, contents })).href;

  const rasterise = await rasteriser(root);
  const favicon = await write('favicon', 'svg', drawings.favicon);
  const touchIcon = await write('apple-touch-icon', 'png', await rasterise(drawings.touchIcon, TOUCH_ICON_SIZE));
  const largeIcon = await write('icon-512', 'png', await rasterise(drawings.largeIcon, MANIFEST_ICON_SIZE));
  const socialImage = await write('social', 'png', await rasterise(drawings.socialImage, drawings.socialImageSize.width));

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
      { src: largeIcon, type: 'image/png', sizes: `${MANIFEST_ICON_SIZE}x${MANIFEST_ICON_SIZE}` },
    ],
  };
  const manifestUrl = await write('site', 'webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);

  return {
    favicon,
    touchIcon,
    logo: largeIcon,
    socialImage: { url: socialImage, ...drawings.socialImageSize, alt: `${site.name}: ${site.tagline}` },
    manifest: manifestUrl,
  };
}

/**
 * Draws an SVG as a PNG `width` pixels wide, from the cache when this very drawing was drawn before
 * with the same rasteriser and fonts. The rasteriser (a native module) loads only on a miss, and
 * runs on libuv's thread pool, so that this thread keeps a render worker supplied meanwhile.
 */
async function rasteriser(root: string): Promise<(svg: string, width: number) => Promise<Buffer>> {
  const failed = (error: unknown) =>
    new BuildError(`A brand image (components/AppIcon, components/SocialImage) could not be rasterised: ${String(error)}`, {
      file: 'components/SocialImage/SocialImage.tsx',
      cause: error,
    });
  const resvgVersion = packageVersion(root, '@resvg/resvg-js');
  // The fonts are read once for the three images, rather than as each cache entry's inputs.
  const fonts = hashParts(
    await Promise.all(FONT_FILES.map((file) => readFile(file))).catch((error: unknown) => {
      throw failed(error);
    }),
  );
  return async (svg, width) => {
    const key = hashParts(['png v2', resvgVersion, fonts, svg, String(width)]);
    const hit = lookup(root, 'brand', key);
    if (hit) return hit.output;
    try {
      const { renderAsync } = createRequire(path.join(root, 'package.json'))('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
      const rendered = await renderAsync(svg, {
        fitTo: { mode: 'width', value: width },
        font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' },
      });
      const png = rendered.asPng();
      store(root, 'brand', key, { output: png, inputs: [], extension: 'png' });
      return png;
    } catch (error) {
      throw failed(error);
    }
  };
}

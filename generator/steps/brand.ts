import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts, lookup, packageVersion, store } from '../cache.mjs';
import type { BuildContext } from '../context';
import { BuildError } from '../failure';
import { writeAsset } from '../output';
import { addressOf, siteOf } from '../urls';

/**
 * Inter 400 and 700 as TrueType (the rasteriser does not read WOFF2), shipped beside this step
 * with their licence (brand-fonts/OFL.txt), so that the PNGs come out the same on every machine
 * whatever fonts it has installed.
 */
const FONT_FILES = ['Inter-Regular.ttf', 'Inter-Bold.ttf'].map((file) => fileURLToPath(new URL(`brand-fonts/${file}`, import.meta.url)));

export const TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZE = 512;

/**
 * Draws the favicon (SVG), the touch and manifest icons (PNG), the 1200×630 social image (PNG)
 * and the web manifest from our SVG templates (drawn by a render worker, from components/AppIcon
 * and components/SocialImage), as content-hashed files under /assets/.
 */
export async function brand(ctx: BuildContext): Promise<void> {
  const { site } = siteOf(ctx);
  const { origin, base } = addressOf(ctx);
  const host = new URL(origin).host;
  const fontFiles = FONT_FILES;
  const drawings = await ctx.pool.drawBrand(host, { touchIcon: TOUCH_ICON_SIZE, largeIcon: MANIFEST_ICON_SIZE });

  const favicon = await writeHashed(ctx, 'favicon', 'svg', drawings.favicon);
  const touchIcon = await writeHashed(ctx, 'apple-touch-icon', 'png', await rasterise(ctx, drawings.touchIcon, TOUCH_ICON_SIZE, fontFiles));
  const largeIcon = await writeHashed(ctx, 'icon-512', 'png', await rasterise(ctx, drawings.largeIcon, MANIFEST_ICON_SIZE, fontFiles));
  const socialImage = await writeHashed(
    ctx,
    'social',
    'png',
    await rasterise(ctx, drawings.socialImage, drawings.socialImageSize.width, fontFiles),
  );

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
  const manifestUrl = await writeHashed(ctx, 'site', 'webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);

  ctx.brand = {
    favicon,
    touchIcon,
    logo: largeIcon,
    socialImage: { url: socialImage, ...drawings.socialImageSize, alt: `${site.name}: ${site.tagline}` },
    manifest: manifestUrl,
  };
}

/**
 * An SVG as a PNG `width` pixels wide. The rasteriser (a native module) loads only when the
 * cache holds no PNG of this very drawing, made with these fonts and this rasteriser version.
 */
async function rasterise(ctx: BuildContext, svg: string, width: number, fontFiles: string[]): Promise<Buffer> {
  const { root } = ctx.options;
  const require = createRequire(path.join(root, 'package.json'));
  const resvgVersion = packageVersion(root, '@resvg/resvg-js');
  const key = hashParts(['png v1', resvgVersion, svg, String(width)]);
  const hit = lookup(root, 'brand', key);
  if (hit) return hit.output;
  try {
    const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'width', value: width },
      font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Inter' },
    });
    const png = resvg.render().asPng();
    store(root, 'brand', key, { output: png, inputs: fontFiles, extension: 'png' });
    return png;
  } catch (error) {
    throw new BuildError(`A brand image (components/AppIcon, components/SocialImage) could not be rasterised: ${String(error)}`, {
      file: 'components/SocialImage/SocialImage.tsx',
      cause: error,
    });
  }
}

/** Writes /assets/<name>.<hash>.<extension> and returns its URL. */
async function writeHashed(ctx: BuildContext, name: string, extension: string, contents: string | Buffer): Promise<string> {
  return (await writeAsset(ctx, { name, extension, contents })).href;
}

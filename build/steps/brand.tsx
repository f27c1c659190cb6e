import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppIcon } from '../../components/brand/AppIcon';
import { SOCIAL_IMAGE_SIZE, SocialImage } from '../../components/brand/SocialImage';
import { BuildError, type BuildContext } from '../context';
import { ASSETS_DIR } from '../hosting/policy';
import { contentHash, writeOutput } from '../output';
import { siteUrl } from '../urls';

const require = createRequire(import.meta.url);

/**
 * Inter, as TrueType (the rasteriser does not read WOFF2), from an npm package so that the PNGs
 * come out the same on every machine whatever fonts it has installed.
 */
const FONT_FILES = [
  '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
];

export const TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZE = 512;

/**
 * Draws the favicon (SVG), the touch and manifest icons (PNG), the 1200×630 social image (PNG)
 * and the web manifest from our SVG templates, as content-hashed files under /assets/.
 */
export async function brand(ctx: BuildContext): Promise<void> {
  const { site } = ctx.options;
  const host = new URL(siteUrl(ctx.options)).host;
  const fontFiles = FONT_FILES.map((font) => require.resolve(font));

  const favicon = await writeHashed(ctx, 'favicon', 'svg', svgOf(<AppIcon size={32} />));
  const touchIcon = await writeHashed(
    ctx,
    'apple-touch-icon',
    'png',
    rasterise(svgOf(<AppIcon size={TOUCH_ICON_SIZE} shape="square" />), TOUCH_ICON_SIZE, fontFiles),
  );
  const largeIcon = await writeHashed(
    ctx,
    'icon-512',
    'png',
    rasterise(svgOf(<AppIcon size={MANIFEST_ICON_SIZE} shape="square" />), MANIFEST_ICON_SIZE, fontFiles),
  );
  const socialImage = await writeHashed(
    ctx,
    'social',
    'png',
    rasterise(svgOf(<SocialImage name={site.name} tagline={site.tagline} host={host} />), SOCIAL_IMAGE_SIZE.width, fontFiles),
  );

  const manifest = {
    name: site.name,
    short_name: site.name,
    description: site.tagline,
    id: '/',
    start_url: '/',
    scope: '/',
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
    socialImage: { url: socialImage, ...SOCIAL_IMAGE_SIZE, alt: `${site.name}: ${site.tagline}` },
    manifest: manifestUrl,
  };
}

function svgOf(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

function rasterise(svg: string, width: number, fontFiles: string[]): Buffer {
  try {
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'width', value: width },
      font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Inter' },
    });
    return resvg.render().asPng();
  } catch (error) {
    throw new BuildError(`A brand image (components/brand/) could not be rasterised: ${String(error)}`, {
      file: 'components/brand',
      cause: error,
    });
  }
}

/** Writes /assets/<name>.<hash>.<ext> and returns its URL. */
async function writeHashed(ctx: BuildContext, name: string, extension: string, contents: string | Buffer): Promise<string> {
  const file = `${ASSETS_DIR}/${name}.${contentHash(contents)}.${extension}`;
  await writeOutput(ctx, file, contents);
  return `/${file}`;
}

/** The icon sprite and the brand's files, from the SVG the site draws; PNGs by resvg, with the site's own fonts, alike on every machine. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts, lookupFile, packageVersion, projectRequire, store } from '../cache.mjs';
import { BuildError } from '../failure';
import type { RenderPool } from '../render/pool';
import type { RenderSettings, SiteDescription } from '../render/protocol';
import type { Site } from '../site';
import { publicPath, type SiteAddress } from '../urls';
import { linkOutput, type OutputFile, type WrittenAsset, writeAsset } from '../writer';

export const TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZE = 512;
const FAVICON_SIZE = 32;

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
  socialImages: RenderSettings['socialImages'];
  files: OutputFile[];
  reads: string[];
}

export async function drawBrand(
  pool: RenderPool,
  site: Site,
  described: SiteDescription,
  address: SiteAddress,
  root: string,
  staging: string,
): Promise<Brand> {
  const { origin, base } = address;
  const host = new URL(origin).host;
  const entries = described.pages.filter((page) => page.kind === 'entry' && page.path !== undefined);
  const drawings = await pool.ask(
    'brand',
    { host, sizes: [FAVICON_SIZE, TOUCH_ICON_SIZE, MANIFEST_ICON_SIZE], titles: entries.map((page) => page.title) },
    'drawing the brand images',
  );
  const files: OutputFile[] = [];
  const written = (asset: Pick<WrittenAsset, 'href' | 'file'>) => {
    files.push(asset.file);
    return asset.href;
  };
  const write = async (name: string, extension: string, contents: string) =>
    written(await writeAsset(staging, base, { name, extension, contents }));
  const png = await pngWriter(root, site.brandFonts, staging, base);
  const icon = (size: number) => drawings.appIcons[size] ?? { rounded: '', square: '' };
  const favicon = await write('favicon', 'svg', icon(FAVICON_SIZE).rounded);
  const touchIcon = written(await png(icon(TOUCH_ICON_SIZE).square, TOUCH_ICON_SIZE, 'apple-touch-icon'));
  const logo = written(await png(icon(MANIFEST_ICON_SIZE).square, MANIFEST_ICON_SIZE, 'icon-512'));
  const { width, height } = drawings.socialImageSize;
  const share = (asset: Pick<WrittenAsset, 'href' | 'file'>, alt: string) => ({ url: written(asset), width, height, alt });
  const socialImages: Brand['socialImages'] = {
    '': share(await png(drawings.socialImages[''] ?? '', width, 'social'), `${site.name}: ${site.tagline}`),
  };
  // Side by side: resvg draws on libuv's threads. Listed in the entries' order, not the order they finish in.
  const drawn = await Promise.all(entries.map((page) => png(drawings.socialImages[page.title] ?? '', width, 'social')));
  entries.forEach((page, index) => {
    socialImages[page.path ?? ''] = share(drawn[index] as (typeof drawn)[number], `${page.title} (${site.name})`);
  });
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
    socialImages,
    files,
    reads: site.brandFonts.map((file) => file.replace(/^\.\//, '')),
  };
}

/**
 * Each PNG as an asset; resvg (a native module) loads only on a cache miss, and a cached one is linked into the output unread:
 * a thousand entries' share images are 40 MB.
 */
async function pngWriter(
  root: string,
  fontFiles: readonly string[],
  staging: string,
  base: string,
): Promise<(svg: string, width: number, name: string) => Promise<Pick<WrittenAsset, 'href' | 'file'>>> {
  const files = fontFiles.map((file) => path.join(root, file));
  const require = projectRequire(root);
  // The rasteriser's own code: its version, and the native module it runs.
  const tool = [
    packageVersion(root, '@resvg/resvg-js'),
    ...(await Promise.all(files.map((file) => readFile(file)))).map((bytes) => hashParts([bytes])),
  ];
  return async (svg, width, name) => {
    const key = hashParts(['png v4', ...tool, svg, String(width), name]);
    const hit = lookupFile(root, 'brand', key);
    if (hit) {
      const asset = hit.meta as OutputFile;
      return { href: publicPath(base, `/${asset.path}`), file: linkOutput(staging, asset.path, hit.file, asset.bytes) };
    }
    let png: Buffer;
    try {
      const { renderAsync } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
      const rendered = await renderAsync(svg, {
        fitTo: { mode: 'width', value: width },
        font: { fontFiles: files, loadSystemFonts: false, defaultFontFamily: 'Inter' },
      });
      png = rendered.asPng();
    } catch (error) {
      throw new BuildError(`A brand image could not be drawn: ${String(error)}`, { cause: error });
    }
    const asset = await writeAsset(staging, base, { name, extension: 'png', contents: png });
    // The code that draws it (its options) shapes its bytes too.
    store(root, 'brand', key, { output: png, inputs: [fileURLToPath(import.meta.url)], meta: asset.file, extension: 'png', keep: 5000 });
    return asset;
  };
}

/** AVIF and WebP at up to three widths, and the original's format as the fallback; a build with them cached links them, reading none. */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts, lookupFile, packageVersion, projectRequire, store } from '../cache.mjs';
import { BuildError } from '../failure';
import type { ImageSource, RenderSettings } from '../render/protocol';
import { publicPath, slugOf } from '../urls';
import { linkOutput, type OutputFile, writeAsset } from '../writer';

/** Those narrower than the source, then its own width. */
const WIDTHS = [480, 960, 1440];
const FORMATS = [
  { type: 'image/avif', extension: 'avif' },
  { type: 'image/webp', extension: 'webp' },
] as const;
const ORIGINALS: Readonly<Record<string, { type: string; extension: string }>> = {
  jpeg: { type: 'image/jpeg', extension: 'jpg' },
  png: { type: 'image/png', extension: 'png' },
  webp: { type: 'image/webp', extension: 'webp' },
};

/** It shapes their bytes too. */
const CODE = fileURLToPath(import.meta.url);

interface Made {
  width: number;
  height: number;
  /** A cached copy of another size was cut short. */
  outputs: { file: string; width: number; type: string; cached: string; bytes: number }[];
}

export interface Images {
  images: RenderSettings['images'];
  files: OutputFile[];
  reads: string[];
}

export async function makeImages(root: string, sources: readonly ImageSource[], staging: string, base: string): Promise<Images> {
  const images: RenderSettings['images'] = {};
  const files: OutputFile[] = [];
  const unique = [...new Map(sources.map((source) => [source.file, source])).values()];
  const version = unique.length > 0 ? packageVersion(root, 'sharp') : '';
  // Four at a time: sharp works on libuv's threads, and more at once only queues.
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < unique.length) {
        const source = unique[next++] as ImageSource;
        const made = await imageOf(root, source, version, staging, base);
        // A cached one is linked without a pause: the workers' messages (one loaded, the brand drawn) wait for the next.
        await new Promise(setImmediate);
        files.push(...made.files);
        const largest = made.outputs.filter((output) => output.type === made.fallbackType).at(-1);
        images[source.file] = {
          src: publicPath(base, `/${largest?.file ?? ''}`),
          width: made.width,
          height: made.height,
          // A WebP original is the fallback, not a second WebP source.
          sources: [...new Set([...FORMATS.map((format) => format.type), made.fallbackType])].map((type) => ({
            type,
            srcset: made.outputs
              .filter((output) => output.type === type)
              .map((output) => `${publicPath(base, `/${output.file}`)} ${output.width}w`)
              .join(', '),
          })),
        };
      }
    }),
  );
  // Two images of the same bytes and name (each beside its own entry) are the same files: listed once.
  const written = [...new Map(files.map((file) => [file.path, file])).values()];
  written.sort((a, b) => a.path.localeCompare(b.path));
  return { images, files: written, reads: unique.map((source) => source.file) };
}

async function imageOf(
  root: string,
  source: ImageSource,
  version: string,
  staging: string,
  base: string,
): Promise<Made & { files: OutputFile[]; fallbackType: string }> {
  const bytes = readFileSync(path.join(root, source.file));
  // The file's words, accents dropped: "Café map.jpg" is cafe-map.
  const name = slugOf(path.basename(source.file, path.extname(source.file))) || 'image';
  const key = hashParts(['images v1', version, JSON.stringify(WIDTHS), bytes, name]);
  const cached = lookupFile(root, 'images', key);
  if (cached) {
    const made = cached.meta as Made;
    const linked = linkOutputs(path.dirname(cached.file), made, staging);
    if (linked) return { ...made, files: linked, fallbackType: made.outputs.at(-1)?.type ?? '' };
  }
  let sharp: typeof import('sharp')['default'];
  try {
    sharp = projectRequire(root)('sharp') as typeof sharp;
  } catch (error) {
    throw new BuildError(`The images need sharp, which did not load (npm ci installs it): ${String(error)}`, { cause: error });
  }
  const metadata = await sharp(bytes)
    .metadata()
    .catch((error: unknown) => {
      throw new BuildError(`${source.from}: ${source.file} is not an image sharp can read (${String(error)})`, {
        file: source.from.replace(/:\d+$/, ''),
      });
    });
  const original = ORIGINALS[metadata.format ?? ''];
  if (!original || !metadata.width || !metadata.height) {
    throw new BuildError(
      `${source.from}: ${source.file} is in ${metadata.format?.toUpperCase() ?? 'another'} format; use a JPEG, PNG or WebP`,
      {
        file: source.from.replace(/:\d+$/, ''),
      },
    );
  }
  // As shown, turned by its EXIF orientation as rotate() turns the copies: a phone's upright photo is stored on its side.
  const { width: shownWidth, height: shownHeight } = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  const widths = [...WIDTHS.filter((width) => width < shownWidth), shownWidth].slice(-3);
  const made: Made = { width: shownWidth, height: shownHeight, outputs: [] };
  const files: OutputFile[] = [];
  for (const format of FORMATS.some((format) => format.type === original.type) ? FORMATS : [...FORMATS, original]) {
    for (const width of widths) {
      const resized = sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
      const encoded =
        format.extension === 'avif'
          ? resized.avif({ quality: 50 })
          : format.extension === 'webp'
            ? resized.webp({ quality: 75 })
            : format.extension === 'jpg'
              ? resized.jpeg({ quality: 80, mozjpeg: true })
              : resized.png();
      const contents = await encoded.toBuffer();
      const written = await writeAsset(staging, base, {
        folder: 'images',
        name: `${name}-${width}`,
        extension: format.extension,
        contents,
      });
      files.push(written.file);
      const cachedFile = store(root, 'images', `${key} ${written.file.path}`, {
        output: contents,
        inputs: [CODE],
        extension: format.extension,
        keep: 50_000,
      });
      made.outputs.push({
        file: written.file.path,
        width,
        type: format.type,
        cached: path.basename(cachedFile ?? ''),
        bytes: contents.byteLength,
      });
    }
  }
  store(root, 'images', key, { output: JSON.stringify(made), inputs: [CODE], meta: made, extension: 'txt', keep: 50_000 });
  return { ...made, files, fallbackType: original.type };
}

/**
 * Undefined when one is missing or cut short. Synchronous: a thousand images' stats and links, each without a trip through
 * libuv's thread pool, take a fraction of the time, and the main thread has nothing else to do meanwhile.
 */
function linkOutputs(folder: string, made: Made, staging: string): OutputFile[] | undefined {
  const cached = made.outputs.map((output) => path.join(folder, output.cached));
  const whole = made.outputs.every(
    (output, index) => output.cached && statSync(cached[index] as string, { throwIfNoEntry: false })?.size === output.bytes,
  );
  return whole ? made.outputs.map((output, index) => linkOutput(staging, output.file, cached[index] as string, output.bytes)) : undefined;
}

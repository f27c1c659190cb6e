/** AVIF and WebP at up to three widths, the original's format as fallback, a cover's cut for previews: cached, and linked later. */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cacheDir, entryKey, lookupMeta, store } from '../cache.mjs';
import { BuildError } from '../failure';
import { type Format, ImageProblemError, type ImageService } from '../images/service';
import { runQueue } from '../queue';
import type { ImageSource } from '../render/protocol';
import type { ImageInfo } from '../site';
import { publicPath, slugOf } from '../urls';
import type { OutputFile, Writer } from '../writer';
import { config } from './config';
import { site } from './site';
import { defineStep } from './step';

/** Candidates: those narrower than the image, and its own width below the largest (service-process.mjs). */
const WIDTHS = [480, 960, 1440];
const FORMATS: readonly Format[] = [
  { type: 'image/avif', extension: 'avif' },
  { type: 'image/webp', extension: 'webp' },
];
/** 40 million pixels: a 7,700 × 5,200 photo; decoded, 160 MB. */
export const DEFAULT_MAX_PIXELS = 40_000_000;
/** Two at a time, one a core: each is decoded and encoded on the service's threads. */
const AT_ONCE = 2;

type Made = { width: number; height: number; fallbackType: string; outputs: Output[]; share?: Output };

interface Output {
  file: string;
  width: number;
  type: string;
  /** Its name in the cache's folder. */
  cached: string;
  bytes: number;
}

export interface Images {
  /** By source file. */
  images: Record<string, Omit<ImageInfo, 'alt'>>;
  /** A cover's cut for link previews, by source file. */
  shares: Record<string, { href: string; width: number; height: number }>;
  files: OutputFile[];
  reads: string[];
}

interface ImagesInput {
  root: string;
  writer: Writer;
  base: string;
  service: ImageService;
  maxPixels: number;
  /** A cover's cut. */
  share: { width: number; height: number };
}

async function imageOf(
  { root, writer, base, service, maxPixels, share }: ImagesInput,
  source: ImageSource,
  signal: AbortSignal,
): Promise<Made & { files: OutputFile[] }> {
  const file = path.join(root, source.file);
  const bytes = readFileSync(file);
  // The file's words, accents dropped: "Café map.jpg" is cafe-map.
  const name = slugOf(path.basename(source.file, path.extname(source.file))) || 'image';
  const cut = source.cover ? share : undefined;
  const key = entryKey(root, 'images', [JSON.stringify({ WIDTHS, FORMATS, maxPixels, cut }), bytes, name]);
  const cached = lookupMeta(root, 'images', key);
  if (cached) {
    const kept = cached.meta as Made;
    const linked = linkOutputs(path.join(cacheDir(root), 'images'), kept, writer);
    if (linked) return { ...kept, files: linked };
  }
  const request = { file, widths: WIDTHS, formats: FORMATS, ...(cut ? { share: cut } : {}), maxPixels };
  const encoded = await service.encode(request, `making the copies of ${source.file}`, signal).catch((error: unknown) => {
    throw error instanceof ImageProblemError ? imageError(source, error, maxPixels) : error;
  });
  const made: Made = { width: encoded.width, height: encoded.height, fallbackType: encoded.type, outputs: [] };
  const files: OutputFile[] = [];
  const keep = async (contents: Uint8Array, suffix: string, extension: string, width: number, type: string): Promise<Output> => {
    let cachedFile: string | undefined;
    const written = writer.asset(base, { folder: 'images', name: `${name}-${suffix}`, extension, contents }, (file) => {
      cachedFile = store(root, 'images', entryKey(root, 'images', [key, file.path]), { output: contents, extension });
      return cachedFile;
    });
    files.push(written.file);
    return { file: written.file.path, width, type, cached: path.basename(cachedFile ?? ''), bytes: contents.byteLength };
  };
  for (const output of encoded.outputs)
    made.outputs.push(await keep(output.bytes, String(output.width), output.extension, output.width, output.type));
  if (encoded.share) made.share = await keep(encoded.share.bytes, 'share', encoded.share.extension, share.width, encoded.share.type);
  store(root, 'images', key, { meta: made });
  return { ...made, files };
}

/** Named with the Markdown file and line that shows it. */
function imageError(source: ImageSource, { problem }: ImageProblemError, maxPixels: number): BuildError {
  const mpx = (pixels: number) => `${Math.round(pixels / 100_000) / 10} Mpx`;
  const { width = 0, height = 0 } = problem;
  const why =
    problem.kind === 'too-large'
      ? `is ${width} × ${height} pixels (${mpx(width * height)}), more than the ${mpx(maxPixels)} an image may have (images.maxPixels in the site config): scale it down, to 2,400 pixels wide at most, before adding it`
      : problem.kind === 'format'
        ? `is in ${problem.format?.toUpperCase() ?? 'another'} format; use a JPEG, PNG or WebP`
        : `could not be read as an image (${problem.message}): is the file whole? Export it again`;
  return new BuildError(`${source.from}: ${source.file} ${why}`, { file: source.from.replace(/:\d+$/, '') });
}

/** Undefined when one is missing or cut short. Synchronous: a thousand images' stats and links, off libuv's pool, take a fraction. */
function linkOutputs(folder: string, made: Made, writer: Writer): OutputFile[] | undefined {
  const all = [...made.outputs, ...(made.share ? [made.share] : [])];
  const cached = all.map((output) => path.join(folder, output.cached));
  const whole = all.every(
    (output, index) => output.cached && statSync(cached[index] as string, { throwIfNoEntry: false })?.size === output.bytes,
  );
  return whole ? all.map((output, index) => writer.link(output.file, cached[index] as string, output.bytes)) : undefined;
}

export const images = defineStep({
  name: 'images',
  needs: { config, site },
  // Each image not in the cache is decoded and encoded several times: a site of many gets their time.
  extraMs: ({ site }) => site.described.images.length * 2_000,
  run: async ({ config, site }, { build, signal, progress }): Promise<Images> => {
    const sources = site.described.images;
    const base = config.address.base;
    const input: ImagesInput = {
      root: build.options.root,
      writer: build.writer,
      base,
      service: build.images,
      maxPixels: config.site.images?.maxPixels ?? DEFAULT_MAX_PIXELS,
      share: site.described.socialImageSize,
    };
    // One per file, a cover if any entry makes it one.
    const unique = [...new Map(sources.map((source) => [source.file, source])).values()].map((source) =>
      sources.some((other) => other.file === source.file && other.cover) ? { ...source, cover: true } : source,
    );
    const made = await runQueue(unique, { width: AT_ONCE, signal, done: (count) => progress(count, unique.length) }, (source) =>
      imageOf(input, source, signal),
    );
    const images: Images['images'] = {};
    const shares: Images['shares'] = {};
    const files: OutputFile[] = [];
    // The entries that show each image: its copies are theirs, and go with them.
    const shownBy = new Map<string, Set<string>>();
    for (const source of sources) shownBy.set(source.file, (shownBy.get(source.file) ?? new Set()).add(source.from.replace(/:\d+$/, '')));
    unique.forEach((source, index) => {
      const image = made[index] as Made & { files: OutputFile[] };
      files.push(...image.files.map((file) => ({ ...file, madeFor: [...(shownBy.get(source.file) ?? [])] })));
      const largest = image.outputs.filter((output) => output.type === image.fallbackType).at(-1);
      images[source.file] = {
        src: publicPath(base, `/${largest?.file ?? ''}`),
        width: image.width,
        height: image.height,
        // A WebP original is the fallback, not a second WebP source.
        sources: [...new Set([...FORMATS.map((format) => format.type), image.fallbackType])].map((type) => ({
          type,
          srcset: image.outputs
            .filter((output) => output.type === type)
            .map((output) => `${publicPath(base, `/${output.file}`)} ${output.width}w`)
            .join(', '),
        })),
      };
      if (image.share) shares[source.file] = { href: publicPath(base, `/${image.share.file}`), ...input.share };
    });
    // Two images of the same bytes and name (each beside its own entry) are the same files: listed once, for both entries.
    const byPath = new Map<string, OutputFile>();
    for (const file of files) {
      const known = byPath.get(file.path);
      byPath.set(file.path, known ? { ...known, madeFor: [...new Set([...(known.madeFor ?? []), ...(file.madeFor ?? [])])] } : file);
    }
    const written = [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
    return { images, shares, files: written, reads: unique.map((source) => source.file) };
  },
});

// @ts-check
/**
 * The image service's process (service.ts): sharp and resvg work on threads no JavaScript can stop, so they run here, where a time
 * limit or a failure ends them with the process. A request carries what it needs; the answer is bytes; nothing is written, nothing kept but a count of cards drawn.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const root = process.argv[2] ?? process.cwd();
const require = createRequire(path.join(root, 'package.json'));
/** @type {typeof import('sharp')['default']} */
const sharp = require('sharp');
// Each image is read once: libvips' operation cache would only hold on to memory.
sharp.cache(false);

/**
 * @typedef {import('./service').Format} Format
 * @typedef {import('./service').EncodeRequest} EncodeRequest
 * @typedef {import('./service').ImageProblem} ImageProblem
 * Its list of fonts is the process's own, the message's copy: resvg's type asks for a list it may change.
 * @typedef {import('./service').DrawRequest & { fonts: string[] }} DrawRequest
 */

/** Formats the originals may have, as sharp names them. */
const ORIGINALS = /** @type {Record<string, Format>} */ ({
  jpeg: { type: 'image/jpeg', extension: 'jpg' },
  png: { type: 'image/png', extension: 'png' },
  webp: { type: 'image/webp', extension: 'webp' },
});

/** @param {import('sharp').Sharp} image @param {Format} format */
function encoded(image, format) {
  // AVIF at effort 2: a twentieth of the default's time, for a file a few per cent larger.
  if (format.extension === 'avif') return image.avif({ quality: 50, effort: 2 });
  if (format.extension === 'webp') return image.webp({ quality: 75 });
  if (format.extension === 'jpg') return image.jpeg({ quality: 80, mozjpeg: true });
  return image.png();
}

/**
 * The copies' widths: those of `candidates` below the image's own, and its own where that is below the largest; a candidate
 * within a sixth of its own would be a near twin of it.
 * @param {readonly number[]} candidates @param {number} own
 */
function widthsFor(candidates, own) {
  const largest = Math.max(...candidates);
  if (own > largest) return candidates.filter((width) => width <= largest);
  return [...candidates.filter((width) => width < own * (5 / 6)), own];
}

/** @param {EncodeRequest} request */
async function encode({ file, widths, formats, share, maxPixels }) {
  // The header alone: an image too large to decode is refused before it is.
  const metadata = await sharp(file)
    .metadata()
    .catch((/** @type {unknown} */ error) => {
      throw problem('unreadable', String(error));
    });
  const { width, height } = metadata.autoOrient ?? { width: metadata.width ?? 0, height: metadata.height ?? 0 };
  const original = ORIGINALS[metadata.format ?? ''];
  if (!original || !width || !height) throw problem('format', 'not a JPEG, PNG or WebP', { format: metadata.format ?? 'another' });
  if (width * height > maxPixels) throw problem('too-large', 'too many pixels', { width, height });
  widths = widthsFor(widths, width);
  const largest = Math.max(...widths, share?.width ?? 0);
  try {
    // Decoded once, at the largest width asked for (a JPEG shrinks as it loads); every copy is made from that.
    const { data, info } = await sharp(file, { limitInputPixels: maxPixels, failOn: 'truncated' })
      .rotate()
      .resize({ width: Math.min(largest, width), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const outputs = [];
    for (const format of formats.some((format) => format.type === original.type) ? formats : [...formats, original]) {
      for (const size of widths) {
        const bytes = await encoded(sharp(data, raw).resize({ width: size }), format).toBuffer();
        outputs.push({ width: size, type: format.type, extension: format.extension, bytes });
      }
    }
    // A photo is shared as a JPEG; a drawing (a PNG) stays one.
    const shareFormat = original.extension === 'png' ? original : (ORIGINALS.jpeg ?? original);
    const cut = share && sharp(data, raw).resize({ width: share.width, height: share.height, fit: 'cover', position: 'attention' });
    const shared = cut && { ...shareFormat, bytes: await encoded(cut, shareFormat).toBuffer() };
    return { width, height, type: original.type, outputs, ...(shared ? { share: shared } : {}) };
  } catch (error) {
    throw problem('unreadable', String(error));
  }
}

const CARDS_PER_GC = 4;
let drawnCount = 0;

/** @param {DrawRequest} request */
async function draw({ svg, width, fonts }) {
  /** @type {typeof import('@resvg/resvg-js')} */
  const { renderAsync } = require('@resvg/resvg-js');
  // The site's own fonts, never the machine's: the same image on every machine. Its SVG names their family. On libuv's
  // threads, so that cards are drawn on every core.
  const drawn = await renderAsync(svg, { fitTo: { mode: 'width', value: width }, font: { fontFiles: fonts, loadSystemFonts: false } });
  // Opaque, at zlib's level 3: a third of resvg's own encoder's time, for a file of the same size.
  const png = await sharp(drawn.pixels, { raw: { width: drawn.width, height: drawn.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 3 })
    .toBuffer();
  // A drawn card leaves two images of 3 MB behind, resvg's (which V8 does not see) and its copy: collected only when V8 next
  // feels pressure, they add up to about 60 MB more at the service's peak. A minor collection every few cards frees them;
  // collecting after every card makes the peak larger again (seen, not understood: glibc's arenas).
  if (++drawnCount % CARDS_PER_GC === 0) setImmediate(() => globalThis.gc?.({ type: 'minor' }));
  return { png };
}

/**
 * @param {ImageProblem['kind']} kind @param {string} message @param {Partial<ImageProblem>} details
 * @returns {Error & { problem: ImageProblem }}
 */
function problem(kind, message, details = {}) {
  return Object.assign(new Error(message), { problem: { kind, message, ...details } });
}

process.on('message', (/** @type {{ id: number, type: 'encode' | 'draw' }} */ request) => {
  const { id, type, ...input } = request;
  const work = type === 'encode' ? encode(/** @type {EncodeRequest} */ (input)) : draw(/** @type {DrawRequest} */ (input));
  work.then(
    (value) => process.send?.({ id, value }),
    (/** @type {Error & { problem?: ImageProblem }} */ error) =>
      process.send?.({
        id,
        problem: error.problem ?? { kind: 'unreadable', message: error instanceof Error ? error.message : String(error) },
      }),
  );
});
process.send?.({ id: 0, value: 'ready' });

/**
 * Photos as an editor adds them: JPEGs of a camera's size that encode like photographs, not flat colour, which every encoder
 * makes in no time; the same on every run. For the benchmark and the tests of a first build.
 */
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

export interface PhotoOptions {
  width: number;
  height: number;
}

/** A generator of numbers in [0, 1) from a seed (xorshift32): the same photos on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/**
 * A JPEG that encodes as a photo does, not as a flat colour: broad colour washes with detail at
 * several scales and grain on top, so that each encoder meets as much entropy as in a camera's
 * picture (about 0.7 MB at 2400 × 1600, quality 82).
 */
export async function photo(seed: number, { width, height }: PhotoOptions): Promise<Buffer> {
  const random = seeded(seed * 7919 + 1);
  /** Random values on a grid of `columns` × `rows`, smoothly stretched to the photo's size. */
  const field = (columns: number, rows: number, channels: 1 | 3) => {
    const cells = Buffer.alloc(columns * rows * channels);
    for (let index = 0; index < cells.length; index += 1) cells[index] = Math.floor(random() * 256);
    const stretched = sharp(cells, { raw: { width: columns, height: rows, channels } }).resize(width, height, { kernel: 'cubic' });
    // sharp makes one channel three on the way out.
    return (channels === 1 ? stretched.extractChannel(0) : stretched).raw().toBuffer();
  };
  const [colour, shapes, texture] = await Promise.all([field(6, 4, 3), field(60, 40, 1), field(600, 400, 1)]);
  const pixels = Buffer.alloc(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const detail = ((shapes[pixel] ?? 128) - 128) * 0.45 + ((texture[pixel] ?? 128) - 128) * 0.25 + (random() - 0.5) * 16;
    for (let channel = 0; channel < 3; channel += 1) {
      const value = (colour[pixel * 3 + channel] ?? 128) * 0.7 + 40 + detail;
      pixels[pixel * 3 + channel] = Math.min(255, Math.max(0, value));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** `photo-<n>.jpg` in `folder`, each its own: the encoder's cache never takes one for another. */
export async function writePhotos(folder: string, count: number, size: PhotoOptions): Promise<string[]> {
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `photo-${index}.jpg`;
    await writeFile(path.join(folder, name), await photo(index, size));
    names.push(name);
  }
  return names;
}

/** A PNG whose header says `width` × `height`, its pixels all black: a few hundred kB on disk, gigabytes decoded. */
export async function writeHugePng(file: string, width: number, height: number): Promise<void> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8-bit greyscale, deflate, no filter choice, no interlace.
  header.set([8, 0, 0, 0, 0], 8);
  // Each row: its filter byte and a zero a pixel, compressed into one stream a row at a time: never all in memory.
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const row = Buffer.alloc(width + 1);
  for (let y = 0; y < height; y += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', Buffer.concat(compressed)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/**
 * Photos as an editor adds them: JPEGs of a camera's size that encode like photographs (grain over soft shapes), not flat
 * colour, which every encoder makes in no time. For the benchmark and the tests of a first build.
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

/** `photo-<n>.jpg` in `folder`, each its own: the encoder's cache never takes one for another. */
export async function writePhotos(folder: string, count: number, { width, height }: PhotoOptions): Promise<string[]> {
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `photo-${index}.jpg`;
    // Random grain, blurred into blotches: detail at every scale, as in a photo; a hue of its own.
    const grain = sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 100 + ((index * 37) % 80), sigma: 50 },
      },
    });
    const bytes = await grain
      .blur(1.2 + (index % 5) * 0.3)
      .modulate({ hue: (index * 47) % 360 })
      .jpeg({ quality: 85 })
      .toBuffer();
    await writeFile(path.join(folder, name), bytes);
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

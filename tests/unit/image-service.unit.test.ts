/**
 * The image service's process is replaced once it has given its share of answers, and only when it is idle: its allocators keep
 * what they freed, so a long build's service would grow with the images made; no request in flight is lost to the change.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageService } from '../../generator/images/service';
import { runQueue } from '../../generator/queue';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const svg = (index: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="${index + 1}" height="20" fill="#123456"/></svg>`;

let service: ImageService | undefined;
afterEach(() => service?.close());

/** Draws `count` small images, `atOnce` at a time, and returns how many processes the service has started by the end. */
async function round(images: ImageService, count: number, atOnce: number): Promise<number> {
  const drawn = await runQueue(
    Array.from({ length: count }, (_, index) => index),
    { width: atOnce },
    (index) => images.draw({ svg: svg(index), width: 40, fonts: [] }, `image ${index}`),
  );
  for (const { png } of drawn) expect([...png.subarray(0, 4)]).toEqual(PNG_SIGNATURE);
  return images.started;
}

describe('the image service', () => {
  it('replaces its process at the first idle moment after its share of answers, and never while requests are in flight', async () => {
    service = new ImageService(ROOT, 3);
    // Two answers: under its share, the process stays.
    expect(await round(service, 2, 2)).toBe(1);
    // Five at once, past its share while they are in flight: all answered by the one process, which is then ended.
    expect(await round(service, 5, 5)).toBe(1);
    expect(await round(service, 1, 1)).toBe(2);
  });

  it('keeps one process for as many answers as its share', async () => {
    service = new ImageService(ROOT, 8);
    for (let count = 0; count < 8; count += 1) expect(await round(service, 1, 1)).toBe(1);
    expect(await round(service, 1, 1)).toBe(2);
  });
});

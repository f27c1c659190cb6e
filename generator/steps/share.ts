/** Each entry's link preview: its cover's cut (images.ts), or the site's card with its title, drawn a few at a time. */
import { runQueue } from '../queue';
import type { SocialImage } from '../render/protocol';
import type { OutputFile, WrittenAsset } from '../writer';
import { brand, drawingFor, pngWriter } from './brand';
import { config } from './config';
import { images } from './images';
import { site } from './site';
import { defineStep } from './step';

/** Titles drawn a request: a thousand entries' cards are never all in memory. */
const CARDS_PER_BATCH = 32;
/** Cards drawn at once: about a core's worth each, with the service's threads to spare. */
const CARDS_AT_ONCE = 4;

export interface Shares {
  /** By entry path. */
  socialImages: Record<string, SocialImage>;
  files: OutputFile[];
}

export const share = defineStep({
  name: 'share',
  label: 'share images',
  needs: { config, site, brand, images },
  extraMs: ({ site }) => site.described.shares.length * 100,
  run: async ({ config, site, brand, images }, { build, signal, progress }): Promise<Shares> => {
    const shares = site.described.shares;
    const host = new URL(config.address.origin).host;
    const { width, height } = brand.socialImage;
    const socialImages: Shares['socialImages'] = {};
    const files: OutputFile[] = [];
    let done = 0;
    const titled = shares.filter((entry) => {
      const cut = entry.cover === undefined ? undefined : images.shares[entry.cover];
      if (!cut) return true;
      socialImages[entry.path] = { url: cut.href, width: cut.width, height: cut.height, alt: `${entry.title} (${config.site.name})` };
      done += 1;
      return false;
    });
    progress(done, shares.length);
    const png = pngWriter(drawingFor(build, config.site, config.address.base));
    const cards = (from: number) => {
      const titles = titled.slice(from, from + CARDS_PER_BATCH).map((entry) => entry.title);
      const asked = build.renderer.ask('cards', { host, titles }, 'drawing the entries’ link previews');
      // Awaited in its turn; a failure meanwhile is not yet anyone's to report.
      asked.catch(() => {});
      return asked;
    };
    // None asked of the workers for a site with no cards to draw.
    let next = titled.length > 0 ? cards(0) : undefined;
    for (let from = 0; from < titled.length; from += CARDS_PER_BATCH) {
      signal.throwIfAborted();
      const batch = titled.slice(from, from + CARDS_PER_BATCH);
      const svgs = (await next) ?? [];
      // The next batch's cards are made while this one's are drawn or found.
      if (from + CARDS_PER_BATCH < titled.length) next = cards(from + CARDS_PER_BATCH);
      const drawn = await runQueue(batch, { width: CARDS_AT_ONCE, signal, done: () => progress(++done, shares.length) }, (entry, index) =>
        png(svgs[index] ?? '', width, 'social', signal, entry.file),
      );
      batch.forEach((entry, index) => {
        const asset = drawn[index] as Pick<WrittenAsset, 'href' | 'file'>;
        files.push({ ...asset.file, madeFor: [entry.file] });
        socialImages[entry.path] = { url: asset.href, width, height, alt: `${entry.title} (${config.site.name})` };
      });
    }
    return { socialImages, files };
  },
});

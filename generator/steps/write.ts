/** The pages out of the spool, their stand-ins replaced by the stylesheet, the font, the script and the policy they allow. */
import { escapeUTF8 as escapeMarkup } from 'entities/escape';
import { pageStyles } from '../prune-css';
import { runQueue } from '../queue';
import type { LateAssets } from '../render/protocol';
import { client } from './client';
import { fonts } from './fonts';
import { pageLabel, pages } from './pages';
import { policy } from './policy';
import { defineStep } from './step';
import { stylesheet } from './stylesheet';

/** libuv's four threads, and one page read while they write. */
const WRITES_AT_ONCE = 5;

export const write = defineStep({
  name: 'write',
  needs: { pages, client, stylesheet, fonts, policy },
  run: async ({ pages, client, stylesheet, fonts, policy }, { build, signal }) => {
    const production = build.options.mode === 'production';
    // In attributes, escaped; the inline stylesheet and script are raw text, which no escape may touch.
    const late: LateAssets = {
      csp: escapeMarkup(policy.meta),
      stylesheet: production ? stylesheet.late : escapeMarkup(stylesheet.late),
      integrity: escapeMarkup(stylesheet.integrity),
      font: escapeMarkup(fonts.preload),
      script: escapeMarkup(client.script.href),
      scriptIntegrity: escapeMarkup(client.script.integrity),
      inlineScript: client.inlineScript,
    };
    // A production page carries its own stylesheet, cut to its classes, and the policy that allows it.
    const own = stylesheet.reading && pageStyles(stylesheet.reading.outline, client.words, policy.inline.scripts, escapeMarkup);
    // Pages stay bytes (latin1 strings, a character a byte), never decoded as UTF-8 to be encoded again; so do the assets put in.
    const asBytes = (assets: Partial<LateAssets>): Record<string, string> =>
      Object.fromEntries(Object.entries(assets).map(([name, value]) => [name, Buffer.from(value).toString('latin1')]));
    const lateBytes = asBytes(late);
    // A class set's, when a page first has it: a dev session's sets include those of pages edited since.
    const bySet = new Map<number, Record<string, string>>();
    const assetsOf = (classes: number) => {
      if (!own) return lateBytes;
      let assets = bySet.get(classes);
      if (!assets) {
        assets = { ...lateBytes, ...asBytes(own(pages.classSets[classes] ?? '')) };
        bySet.set(classes, assets);
      }
      return assets;
    };
    // One pass, and a function: a `$&` in the script or stylesheet is text, not a replacement pattern.
    const token = new RegExp(`${pages.tokens.nonce}-(\\w+)`, 'g');
    // A few at a time: the writes go to libuv's threads, in parallel, while the next pages are read from the spool.
    const files = await runQueue(pages.pages, { width: WRITES_AT_ONCE, signal }, (page, index) => {
      const assets = assetsOf(page.classes);
      const html = page.spooled.spool
        .read(page.spooled)
        .replace(token, (found, name: string) => (Object.hasOwn(assets, name) ? (assets[name] as string) : found));
      return build.writer.writeAsync(page.file, Buffer.from(html, 'latin1'), `page ${pageLabel(pages.infos[index])}`);
    });
    return { files };
  },
});

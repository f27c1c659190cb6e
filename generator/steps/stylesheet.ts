import type { BuildContext } from '../context';
import { BuildError } from '../failure';
import { writeAsset } from '../output';
import { toHtml5 } from '../render/html';

/**
 * The stylesheet pages use: the font faces, then the compiled styles. A build puts it inside
 * every page, so that the first paint needs nothing but the HTML (27 kB, 5 kB gzipped: cheaper
 * than the second round trip a file costs), and allows it by its hash in the Content-Security-
 * Policy of the pages and of every host. The dev server links it as a file, which a save of a
 * stylesheet swaps in place.
 */
export async function stylesheet(ctx: BuildContext): Promise<void> {
  if (ctx.styles === undefined || !ctx.fonts)
    throw new BuildError('The stylesheet was assembled before it was compiled and its fonts made.');
  const css = ctx.fonts.faces + ctx.styles;
  if (ctx.options.mode === 'development') {
    ctx.assets.css = await writeAsset(ctx, { name: 'main', extension: 'css', contents: css });
    return;
  }
  // Inside <style> nothing is escaped: the text must neither end the element nor be touched by
  // the HTML5 rewrite of the page, or the hash in the policy would not match what browsers read.
  if (/<\/style/i.test(css) || toHtml5(css) !== css) {
    throw new BuildError('The stylesheet contains text that would change inside a <style> element ("</style" or an XHTML-style tag).', {
      file: 'styles/main.scss',
    });
  }
  ctx.assets.css = { inline: css };
  ctx.inline = { ...ctx.inline, styles: [css] };
}

import type { InlineStylesheet, LinkedAsset } from '../../components/Document/Document';
import { BuildError } from '../failure';
import type { BuildOptions } from '../options';
import { toHtml5 } from '../render/html';
import type { Writer } from '../writer';
import type { BuiltFonts } from './fonts';

/**
 * A build puts the stylesheet inside every page, so that the first paint needs nothing but the
 * HTML (5 kB gzipped: cheaper than the round trip a file costs), allowed by its hash. The dev
 * server links it as a file, which a save swaps in place.
 */
export async function assembleStylesheet(
  css: string,
  fonts: BuiltFonts,
  mode: BuildOptions['mode'],
  out: Writer,
): Promise<InlineStylesheet | LinkedAsset> {
  const stylesheet = fonts.faces + css;
  if (mode === 'development') return out.asset({ name: 'main', extension: 'css', contents: stylesheet });
  // Inside <style> nothing is escaped: the text must neither end the element nor be touched by
  // the HTML5 rewrite of the page, or the hash in the policy would not match what browsers read.
  if (/<\/style/i.test(stylesheet) || toHtml5(stylesheet) !== stylesheet) {
    throw new BuildError('The stylesheet contains text that would change inside a <style> element ("</style" or an XHTML-style tag).', {
      file: 'styles/main.scss',
    });
  }
  return { inline: stylesheet };
}

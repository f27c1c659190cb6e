/** The form of an output module: a site drops, replaces or adds one in `definePages` (`outputs`). */
import type { Output } from '../site';

export function defineOutput(output: Output): Output {
  return output;
}

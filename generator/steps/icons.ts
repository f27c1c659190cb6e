import type { RenderPool } from '../workers';
import type { Writer } from '../writer';

/**
 * Writes the icon sprite (components/Icon: every icon as a <symbol>, drawn by a render worker) to
 * /assets/icons.<hash>.svg and returns its URL; pages point into it with <use>, so that no page
 * carries the shapes.
 */
export async function writeIconSprite(pool: RenderPool, out: Writer): Promise<string> {
  return (await out.asset({ name: 'icons', extension: 'svg', contents: await pool.drawIcons() })).href;
}

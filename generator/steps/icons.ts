import type { RenderPool } from '../workers';
import type { Writer } from '../writer';

/** Pages point into the sprite with <use>, so that no page carries the shapes. */
export async function writeIconSprite(pool: RenderPool, out: Writer): Promise<string> {
  return (await out.asset({ name: 'icons', extension: 'svg', contents: await pool.drawIcons() })).href;
}

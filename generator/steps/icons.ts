import type { BuildContext } from '../context';
import { writeAsset } from '../output';

/**
 * Writes the icon sprite (components/Icon: every icon as a <symbol>, drawn by a render worker) to
 * /assets/icons.<hash>.svg; pages point into it with <use>, so that no page carries the shapes.
 */
export async function icons(ctx: BuildContext): Promise<void> {
  const { href } = await writeAsset(ctx, { name: 'icons', extension: 'svg', contents: await ctx.pool.drawIcons() });
  ctx.assets.icons = href;
}

/** The icon sprite: pages point into it with <use>, so that no page carries the shapes. */
import { config } from './config';
import { site } from './site';
import { defineStep } from './step';

export const icons = defineStep({
  name: 'icons',
  needs: { config, site },
  run: async ({ config }, { build }) => {
    const sprite = await build.renderer.ask('icons', undefined, 'drawing the icon sprite');
    if (!sprite) return { files: [] };
    const written = build.writer.asset(config.address.base, { name: 'icons', extension: 'svg', contents: sprite });
    return { href: written.href, files: [written.file] };
  },
});

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BuildError, type BuildContext } from '../context';
import { contentHash, writeOutput } from '../output';

const require = createRequire(import.meta.url);

/**
 * Self-hosted fonts, copied from their npm packages under content-hashed names. Stylesheets refer
 * to them by the name on the left with `asset-url("...")`; every page preloads them.
 * Only the Latin subset of the weight axis is shipped: it covers the site's copy (including €)
 * in 48 kB.
 */
export const FONT_FILES: Readonly<Record<string, string>> = {
  'inter-latin-wght-normal.woff2': '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
};

export async function fonts(ctx: BuildContext): Promise<void> {
  const urls: string[] = [];
  for (const [name, specifier] of Object.entries(FONT_FILES)) {
    let bytes: Buffer;
    try {
      bytes = await readFile(require.resolve(specifier));
    } catch (error) {
      throw new BuildError(`Font ${name} could not be read from ${specifier}; is the package installed (npm ci)?`, {
        file: 'build/steps/fonts.ts',
        cause: error,
      });
    }
    const file = `assets/fonts/${name.replace(/\.woff2$/, `.${contentHash(bytes)}.woff2`)}`;
    await writeOutput(ctx, file, bytes);
    ctx.assetUrls.set(name, `/${file}`);
    urls.push(`/${file}`);
  }
  ctx.assets.fonts = urls;
}

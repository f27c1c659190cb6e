import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as sass from 'sass';
import { BuildError, type BuildContext } from '../context';
import { contentHash, integrityOf, writeOutput } from '../output';

export const STYLES_ENTRY = 'styles/main.scss';

/** Compiles the stylesheet (compressed, no source map) to /assets/main.<hash>.css. */
export async function styles(ctx: BuildContext): Promise<void> {
  const entry = path.join(ctx.options.root, STYLES_ENTRY);
  let css: string;
  try {
    css = (
      sass.compile(entry, {
        style: 'compressed',
        sourceMap: false,
        functions: { 'asset-url($name)': (args) => assetUrl(ctx, args) },
      })
    ).css;
  } catch (error) {
    throw sassError(error, ctx.options.root, entry);
  }
  const file = `assets/main.${contentHash(css)}.css`;
  await writeOutput(ctx, file, css);
  ctx.assets.css = { href: `/${file}`, integrity: integrityOf(css) };
}

/** `asset-url("inter.woff2")` in SCSS → `url(/assets/fonts/inter.<hash>.woff2)`. */
function assetUrl(ctx: BuildContext, args: sass.Value[]): sass.Value {
  const name = (args[0] ?? sass.sassNull).assertString('name').text;
  const url = ctx.assetUrls.get(name);
  if (!url) {
    throw new Error(`asset-url("${name}") names no built asset; known: ${[...ctx.assetUrls.keys()].join(', ') || 'none'}`);
  }
  return new sass.SassString(`url(${url})`, { quotes: false });
}

function sassError(error: unknown, root: string, entry: string): BuildError {
  if (error instanceof sass.Exception) {
    const url = error.span.url ?? pathToFileURL(entry);
    const file = path.relative(root, url.protocol === 'file:' ? url.pathname : entry);
    const where = `${file}:${error.span.start.line + 1}:${error.span.start.column + 1}`;
    return new BuildError(`SCSS error in ${where}: ${error.sassMessage}`, { file, cause: error });
  }
  const file = path.relative(root, entry);
  return new BuildError(`SCSS could not be compiled from ${file}: ${String(error)}`, { file, cause: error });
}

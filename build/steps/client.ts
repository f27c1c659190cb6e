import path from 'node:path';
import * as esbuild from 'esbuild';
import { BuildError, type BuildContext } from '../context';
import { contentHash, integrityOf, writeOutput } from '../output';

export const CLIENT_ENTRY = 'client/main.ts';

/** Bundles the vanilla client behaviours into one minified script, /assets/main.<hash>.js. */
export async function client(ctx: BuildContext): Promise<void> {
  const entry = path.join(ctx.options.root, CLIENT_ENTRY);
  let code: string;
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    });
    code = result.outputFiles[0]?.text ?? '';
  } catch (error) {
    throw esbuildError(error, ctx.options.root);
  }
  const file = `assets/main.${contentHash(code)}.js`;
  await writeOutput(ctx, file, code);
  ctx.assets.js = { href: `/${file}`, integrity: integrityOf(code) };
}

function esbuildError(error: unknown, root: string): BuildError {
  const first = (error as Partial<esbuild.BuildFailure>).errors?.[0];
  if (first) {
    const file = first.location ? path.relative(root, path.resolve(root, first.location.file)) : CLIENT_ENTRY;
    const where = first.location ? `${file}:${first.location.line}:${first.location.column + 1}` : file;
    return new BuildError(`Client script error in ${where}: ${first.text}`, { file, cause: error });
  }
  return new BuildError(`Client script could not be bundled from ${CLIENT_ENTRY}: ${String(error)}`, {
    file: CLIENT_ENTRY,
    cause: error,
  });
}

import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { hashParts, lookup, packageVersion, store } from '../cache.mjs';
import { compileError } from '../site-bundle';
import type { Writer, WrittenAsset } from '../writer';

export const CLIENT_ENTRY = 'client/main.ts';

const OPTIONS = {
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  legalComments: 'none',
  write: false,
  metafile: true,
  logLevel: 'silent',
} as const satisfies esbuild.BuildOptions;

/** The vanilla client behaviours as one minified script, from the cache while none of its files changed. */
export async function bundleClient(root: string, out: Writer): Promise<WrittenAsset> {
  const require = createRequire(path.join(root, 'package.json'));
  const esbuildVersion = packageVersion(root, 'esbuild');
  const key = hashParts(['js v1', esbuildVersion, CLIENT_ENTRY, JSON.stringify(OPTIONS)]);
  let code = lookup(root, 'client', key)?.output.toString('utf8');
  if (code === undefined) {
    const esbuild = require('esbuild') as typeof import('esbuild');
    let result: esbuild.BuildResult<typeof OPTIONS>;
    try {
      result = await esbuild.build({ ...OPTIONS, entryPoints: [path.join(root, CLIENT_ENTRY)], absWorkingDir: root });
    } catch (error) {
      throw compileError(error, root, CLIENT_ENTRY);
    }
    code = result.outputFiles[0]?.text ?? '';
    store(root, 'client', key, { output: code, inputs: Object.keys(result.metafile.inputs), extension: 'js' });
  }
  return out.asset({ name: 'main', extension: 'js', contents: code });
}

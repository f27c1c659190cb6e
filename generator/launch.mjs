// @ts-check
/** `node generator/launch.mjs build.ts [options]`: runs an entry from a cached bundle: no second process, no compile each run. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from './bundle.mjs';
import { mapStacks, splitMap } from './stacks.mjs';

const [entryArgument] = process.argv.splice(2, 1);
if (!entryArgument) {
  console.error('Usage: node <generator>/launch.mjs <entry.ts> [options]');
  process.exit(2);
}
const entry = path.resolve(entryArgument);
// The site's folder, where its command (build.ts) lives: the generator may be anywhere.
const root = path.dirname(entry);
const tsconfig = path.join(root, 'tsconfig.json');
// The entry sees its own options from process.argv[2] on, as if it had been started directly.
process.argv[1] = entry;

async function make() {
  try {
    return await bundle({
      root,
      kind: 'launch',
      // esbuild reads the site's tsconfig.json (its JSX settings) without naming it among the bundle's inputs.
      key: [existsSync(tsconfig) ? readFileSync(tsconfig) : ''],
      entry: path.relative(root, entry),
      options: {
        entryPoints: [entry],
        // Stack traces name the project's files wherever the bundle is kept.
        outfile: path.join(root, 'launch-bundle.mjs'),
        sourceRoot: `${pathToFileURL(root).href}/`,
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: `node${process.versions.node.split('.')[0]}`,
        jsx: 'automatic',
        sourcemap: 'inline',
        sourcesContent: false,
      },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** With the cache off, from memory: no temporary file is left behind. @param {{ output: Buffer, file?: string | undefined }} made */
async function run(made) {
  const url = made.file ? pathToFileURL(made.file).href : `data:text/javascript;base64,${made.output.toString('base64')}`;
  mapStacks(url, () => splitMap(made.output).map.toString());
  return import(url);
}

const made = await make();
try {
  await run(made);
} catch (error) {
  const { code, path: at } = /** @type {NodeJS.ErrnoException} */ (error);
  // Its file, or its folder as Node resolves the import, is gone.
  const gone = made.file && (String(error).includes(path.basename(made.file)) || (at !== undefined && made.file.startsWith(at)));
  const missing = (code === 'ERR_MODULE_NOT_FOUND' || code === 'ENOENT') && gone;
  // A cache emptied between the lookup and the import (or its read) costs a second import, not the run.
  if (!missing) throw error;
  await run({ ...made, file: undefined });
}

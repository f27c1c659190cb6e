/** The site's script and its first-paint script, bundled for the browser: one small file, and one inline. */
import path from 'node:path';
import { bundle } from '../bundle.mjs';
import { wordsOf } from '../prune-css';
import { config } from './config';
import { defineStep } from './step';

/** `entry`: relative to the root, or absolute (the dev server's reload client). */
export async function browserBundle(root: string, entry: string) {
  return bundle({
    root,
    kind: 'client',
    entry,
    options: {
      entryPoints: [path.resolve(root, entry)],
      bundle: true,
      minify: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      legalComments: 'none',
    },
  });
}

export const client = defineStep({
  name: 'client',
  needs: { config },
  run: async ({ config: { site, address } }, { build }) => {
    const { root } = build.options;
    const [script, inline] = await Promise.all([
      browserBundle(root, site.client),
      site.inlineScript === undefined ? undefined : browserBundle(root, site.inlineScript),
    ]);
    const written = build.writer.asset(address.base, { name: 'main', extension: 'js', contents: script.output });
    // Inside <script> nothing is escaped: the text must not end the element early.
    const inlineScript = inline?.output.toString('utf8').trim() ?? '';
    // Every word of both scripts: the classes they add are among them.
    const words = [...new Set([...wordsOf(script.output.toString('utf8')), ...wordsOf(inlineScript)])];
    return { script: written, inlineScript, words, files: [written.file], reads: [...script.inputs, ...(inline?.inputs ?? [])] };
  },
});

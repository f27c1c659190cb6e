/** The config module, bundled like any code and checked, so that a mistake in it names the file and line. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as v from 'valibot';
import { bundle } from '../bundle.mjs';
import { BuildError } from '../failure';
import { outsideProject } from '../project-files';
import { type Problem, problemsError, problemsOf } from '../render/check';
import { locate, tagExports } from '../render/locate';
import { text } from '../schema';
import { HOST_NAMES, type Site } from '../site';
import { siteAddress } from '../urls';
import { defineStep } from './step';

const file = v.pipe(
  v.string(),
  v.regex(/^(?:\.\/)?[\w@][\w./@-]*$/, 'is not a path inside the project such as "styles/main.scss"'),
  v.check((value) => !value.split('/').includes('..'), 'leads out of the project: name a path inside it'),
);

const pixels = v.pipe(v.number(), v.integer('is not a whole number'), v.minValue(1, 'is not a number of pixels above 0'));

const schema = v.strictObject({
  name: text(60),
  tagline: text(160),
  url: v.string(),
  themeColor: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'is not a colour such as "#0b1f3a"')),
  lang: v.pipe(v.string(), v.regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/, 'is not a language tag such as "en" or "en-GB"')),
  pages: file,
  styles: file,
  client: file,
  inlineScript: v.optional(file),
  public: v.optional(file),
  font: v.strictObject({ family: text(60), file: v.string(), safety: v.string() }),
  brandFonts: v.array(file),
  hosts: v.optional(v.array(v.picklist(HOST_NAMES, 'is not a host the build writes a configuration for'))),
  images: v.optional(v.strictObject({ maxPixels: v.optional(pixels) })),
});

export const config = defineStep({
  name: 'config',
  needs: {},
  run: async (_, { build }) => {
    const { options, writer } = build;
    const { root, config } = options;
    const built = await bundle({
      root,
      kind: 'config',
      entry: config,
      options: { entryPoints: [path.join(root, config)], bundle: true, format: 'esm', platform: 'node', target: 'node20' },
    });
    // Imported from the build's own folder, not the cache, which another process may empty meanwhile.
    const moduleFile = writer.scratch('config.mjs', built.output);
    const exported = ((await import(pathToFileURL(moduleFile).href)) as { default?: unknown }).default;
    if (typeof exported !== 'object' || exported === null)
      throw new BuildError(`${config} must export its site as its default: export default defineSite({ name, url, pages, styles, ... }).`, {
        file: config,
      });
    tagExports({ default: exported }, config);
    const where = async (keys: readonly (string | number)[]) => (await locate(root, exported, keys)) ?? { file: config };
    const problems: Problem[] = await problemsOf(exported, schema, where);
    if (problems.length > 0) throw problemsError(problems);
    // Read, and some of it published, at their real paths: a link out of the project names no file of the site's.
    const named = exported as Site;
    const files: { keys: (string | number)[]; file: string | undefined }[] = [
      ...(['pages', 'styles', 'client', 'inlineScript', 'public'] as const).map((key) => ({ keys: [key], file: named[key] })),
      ...named.brandFonts.map((file, index) => ({ keys: ['brandFonts', index], file })),
      // Else a package's, which node_modules holds.
      { keys: ['font', 'file'], file: /^\.{0,2}\//.test(named.font.file) ? named.font.file : undefined },
    ];
    for (const { keys, file } of files) {
      // An installed package is wherever its package manager linked it: its files are code the build runs anyway.
      const away = file === undefined || /^(?:\.\/)?node_modules\//.test(file) ? undefined : outsideProject(root, file);
      if (away !== undefined) problems.push({ ...(await where(keys)), text: away });
    }
    if (problems.length > 0) throw problemsError(problems);
    const site = options.pages === undefined ? named : { ...named, pages: path.relative(root, path.resolve(root, options.pages)) };
    return { site, address: siteAddress({ siteUrl: options.siteUrl, base: options.base, site, config }), reads: built.inputs };
  },
});

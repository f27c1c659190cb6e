/**
 * What each command loads. The generator's main thread never loads the site's code (pages,
 * components, React): render workers do. `npm run deploy:s3` loads the hosting policy and nothing
 * of the site. Bundling each entry as the launcher does lists every file it would load.
 */
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { projectRoot as root } from '../../scripts/lib/project';

/** The project files and the packages an entry loads when it starts. */
async function loads(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.external && !imported.path.startsWith('node:'))
        packages.add(
          imported.path
            .split('/')
            .slice(0, imported.path.startsWith('@') ? 2 : 1)
            .join('/'),
        );
    }
  }
  return { files: Object.keys(result.metafile.inputs), packages: [...packages].sort() };
}

describe('the build command', () => {
  it.each(['build.ts', 'dev.ts'])('%s loads no page, component or React on the main thread', async (entry) => {
    const { files, packages } = await loads(entry);
    expect(files.filter((file) => /^(pages|components)\//.test(file) || file === 'site.config.ts')).toEqual([]);
    expect(packages.filter((name) => /^(react|react-dom|lucide-react)$/.test(name))).toEqual([]);
    // It does load the generator: the check would pass vacuously on an empty bundle.
    expect(files).toContain('generator/pipeline.ts');
  });
});

describe('npm run deploy:s3', () => {
  it('loads the hosting policy, and nothing of the site or the generator besides', async () => {
    const { files, packages } = await loads('scripts/deploy-s3.ts');
    expect(files).toContain('generator/hosting/policy.ts');
    expect(files.filter((file) => /^(pages|components|generator\/steps|generator\/render)\//.test(file))).toEqual([]);
    expect(packages.filter((name) => /^(react|react-dom|lucide-react|sass|@resvg\/resvg-js)$/.test(name))).toEqual([]);
  });
});

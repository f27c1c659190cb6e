/**
 * No module of the project imports itself through others (scripts/cycles.mjs, which `npm run lint`
 * runs too), and the check sees a cycle of type-only imports as well as one of values.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, SOURCE } from '../../scripts/cycles.mjs';
import { projectRoot } from '../../scripts/lib/project';

const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A small project of the given files, with the project's tsconfig.json. */
async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'cycles-test-'));
  folders.push(root);
  await writeFile(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

describe('the import-cycle check', () => {
  it('finds none in the project', async () => {
    await expect(findCycles(projectRoot, SOURCE)).resolves.toEqual([]);
  }, 120_000);

  it('finds a cycle of values, and one of type-only imports, with the files each runs through', async () => {
    const root = await project({
      'lib/context.ts': "import { RenderPool } from './workers';\nexport const pool = new RenderPool();\n",
      'lib/workers.ts': "import { pool } from './context';\nexport class RenderPool {}\nexport const again = () => pool;\n",
      'lib/protocol.ts': "import type { Options } from './options';\nexport interface Settings { options: Options }\n",
      'lib/options.ts': "import type { Settings } from './protocol';\nexport interface Options { settings?: Settings }\n",
      'lib/alone.ts': "import { pool } from './context';\nexport const used = pool;\n",
    });
    const cycles = await findCycles(root, ['lib']);
    expect(cycles.map((cycle) => [...cycle].sort())).toEqual(
      expect.arrayContaining([
        ['lib/context.ts', 'lib/workers.ts'],
        ['lib/options.ts', 'lib/protocol.ts'],
      ]),
    );
    expect(cycles).toHaveLength(2);
  }, 120_000);
});

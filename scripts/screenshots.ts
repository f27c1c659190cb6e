/**
 * `npm run screenshots [-- --engine chromium|firefox|webkit|all]`: builds the site, serves it, and
 * writes full-page PNGs of every page at 375 px and 1280 px wide into screenshots/<engine>/
 * (ignored by git) for design review, in Chromium unless told otherwise.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBuild } from '../generator/pipeline';
import { fileRoute } from '../generator/urls';
import { takeEngineOption } from './lib/browsers';
import { launchEngine } from './lib/engines';
import { scrollThrough } from './lib/engines/in-page';
import { projectRoot } from './lib/project';
import { startServe } from './lib/server';

const WIDTHS = [375, 1280] as const;
const outDir = path.resolve('screenshots');
const siteDir = path.resolve('dist');

const engines = takeEngineOption(process.argv.slice(2)) ?? ['chromium'];
const built = await runBuild({ root: projectRoot, outDir: siteDir, log: () => {} });
const server = await startServe(siteDir);
try {
  // Every page with an address, the collections' too, as the build wrote them.
  const pages = built.outputs.filter((output) => output.redirectsTo === undefined);
  const targets = [...pages.flatMap((output) => fileRoute(output.path) ?? []), '/this-page-does-not-exist'];
  for (const engineName of engines) {
    const engine = await launchEngine(engineName);
    try {
      await mkdir(path.join(outDir, engine.name), { recursive: true });
      for (const width of WIDTHS) {
        for (const target of targets) {
          const page = await engine.open({ width, height: 900 });
          await page.goto(server.url + target);
          // Scroll through so every reveal has run before the capture.
          await page.evaluate(scrollThrough);
          await page.evaluate(async () => {
            window.scrollTo({ top: 0, behavior: 'instant' });
            await document.fonts.ready;
            await new Promise((resolve) => setTimeout(resolve, 700));
          });
          const pageName = target === '/' ? 'home' : target.slice(1).replace(/\//g, '_');
          const file = path.join(outDir, engine.name, `${pageName}-${width}.png`);
          await writeFile(file, await page.screenshot());
          await page.close();
          console.log(`  ${path.relative(process.cwd(), file)}`);
        }
      }
    } finally {
      await engine.close();
    }
  }
} finally {
  await server.stop();
}

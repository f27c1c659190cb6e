/**
 * `npm run screenshots`: builds the site, serves it, and writes full-page PNGs of every page at
 * 375 px and 1280 px wide into screenshots/ (ignored by git) for design review.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { runBuild } from '../generator/pipeline';
import { routes } from '../pages/routes';
import { ensureChromium, launchChromium } from './lib/chromium';
import { startServe } from './lib/server';

const WIDTHS = [375, 1280] as const;
const outDir = path.resolve('screenshots');
const siteDir = path.resolve('dist');

ensureChromium();
await runBuild({ outDir: siteDir, log: () => {} });
await mkdir(outDir, { recursive: true });
const server = await startServe(siteDir);
const browser = await launchChromium();
try {
  const targets = [...routes.map((route) => route.path), '/this-page-does-not-exist'];
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const target of targets) {
      await page.goto(server.url + target, { waitUntil: 'load' });
      // Scroll through so every reveal has run before the capture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        window.scrollTo({ top: 0, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 700));
      });
      const name = target === '/' ? 'home' : target.slice(1).replace(/\//g, '_');
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`  ${path.relative(process.cwd(), file)}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

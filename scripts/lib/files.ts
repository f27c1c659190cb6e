import { accessSync, constants } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readHostedSite, redirectFile } from '../../generator/hosting/redirects';

/** Every file under a folder, as paths relative to it with forward slashes (`assets/main.1a2b.js`), sorted. */
export async function filesUnder(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Where an executable is on the PATH, or undefined. */
export function findOnPath(command: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here: the next folder.
    }
  }
  return undefined;
}

/**
 * The pages of a built site: every .html file but the redirects' pages (which deploy/site.json
 * names), small pages that only send the browser on, with no stylesheet, script or font.
 */
export async function pageFiles(siteDir: string): Promise<string[]> {
  const site = await readHostedSite(siteDir);
  const redirects = new Set(site.redirects.map((rule) => redirectFile(site, rule)));
  return (await filesUnder(siteDir)).filter((file) => file.endsWith('.html') && !redirects.has(file));
}

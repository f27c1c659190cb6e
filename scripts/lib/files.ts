import { accessSync, constants } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HOSTED_SITE_FILE, type HostedSite, type RedirectRule } from '../../generator/hosting/redirects';
import { routeFile, sitePathOf } from '../../generator/urls';

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

/** The HostedSite a build wrote into `dist`; fails, naming the file, for a folder no build of this generator wrote. */
export async function readHostedSite(dist: string): Promise<HostedSite> {
  const file = path.join(dist, HOSTED_SITE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: build the site again with \`npm run build\` (it says where the site lives and what redirects).`);
  }
  return JSON.parse(text) as HostedSite;
}

/** The file of a redirect's page in the output: "about/index.html" for the source "/site/about" (the layout has no base). */
export function redirectFile(site: HostedSite, rule: RedirectRule): string {
  return routeFile(sitePathOf(site.base, rule.from) ?? rule.from);
}

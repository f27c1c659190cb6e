import { BuildError } from '../failure';
import { cloudfrontFunction, cloudfrontHeadersPolicy } from '../hosting/cloudfront';
import { headersFile } from '../hosting/headers-file';
import { nginxConfig } from '../hosting/nginx';
import { DEPLOY_DIR, type InlineCode } from '../hosting/policy';
import { HOSTED_SITE_FILE, hostedSite, redirectsFile } from '../hosting/redirects';
import { serveConfig } from '../hosting/serve';
import type { Writer } from '../writer';
import type { Site } from './routes';

/**
 * Each host's configuration: at the root where serve, Netlify and Cloudflare Pages look for it,
 * the rest under deploy/. After every site file is written, because _headers lists them.
 */
export async function writeHostConfig({ address, redirects }: Site, inline: InlineCode, out: Writer): Promise<void> {
  const site = hostedSite(address.base, redirects);
  const host = new URL(address.origin).hostname;
  const siteFiles = out.files.map((output) => output.path);
  const files: [string, string][] = [
    ['serve.json', `${JSON.stringify(serveConfig(inline, site), null, 2)}\n`],
    ['_headers', headersFile(siteFiles, inline, site)],
    ['_redirects', redirectsFile(site)],
    [`${DEPLOY_DIR}/nginx.conf`, nginxConfig({ serverName: host, root: `/var/www/${host}`, inline, site })],
    [`${DEPLOY_DIR}/cloudfront-function.js`, cloudfrontFunction(site)],
    [
      `${DEPLOY_DIR}/cloudfront-headers-policy.json`,
      `${JSON.stringify(cloudfrontHeadersPolicy(`${host.replace(/[^a-z0-9-]+/gi, '-')}-security-headers`, inline), null, 2)}\n`,
    ],
    [HOSTED_SITE_FILE, `${JSON.stringify(site, null, 2)}\n`],
  ];
  const taken = new Set(siteFiles);
  for (const [file, contents] of files) {
    if (taken.has(file) || (file.startsWith(`${DEPLOY_DIR}/`) && siteFiles.some((path) => path.startsWith(`${DEPLOY_DIR}/`)))) {
      throw new BuildError(
        `public/${file.startsWith(`${DEPLOY_DIR}/`) ? `${DEPLOY_DIR}/` : file} is reserved for the generated host configuration; rename it.`,
        { file: `public/${file}` },
      );
    }
    await out.write(file, contents);
  }
}

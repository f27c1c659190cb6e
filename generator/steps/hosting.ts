/** Written after every site file, which _headers lists. A build its host would refuse fails instead, naming the limit and the way out. */
import { BuildError } from '../failure';
import { cloudfrontFunction, cloudfrontHeadersPolicy } from '../hosting/cloudfront';
import { headersFile } from '../hosting/headers-file';
import { nginxConfig } from '../hosting/nginx';
import { DEPLOY_DIR, isSiteFile } from '../hosting/policy';
import { HOSTED_SITE_FILE, type HostedSite, redirectsFile } from '../hosting/redirects';
import { serveConfig } from '../hosting/serve';
import { HOST_NAMES, type HostName } from '../site';
import { folderName } from '../urls';
import { config } from './config';
import { policy } from './policy';
import { site } from './site';
import { defineStep } from './step';

/** CloudFront Functions: 10 KB of code. */
const CLOUDFRONT_FUNCTION_BYTES = 10 * 1024;
/** Cloudflare Pages: static rules in _redirects (each redirect is two, with and without its slash). */
const CLOUDFLARE_STATIC_REDIRECTS = 2000;

function checkLimits(file: string, contents: string, hosted: HostedSite): void {
  const wayOut = (host: HostName, others: string) =>
    `publish elsewhere (${others}) and leave "${host}" out of \`hosts\` in the site config`;
  const bytes = Buffer.byteLength(contents);
  if (file.endsWith('cloudfront-function.js') && bytes > CLOUDFRONT_FUNCTION_BYTES)
    throw new BuildError(
      `The site's ${hosted.redirects.length} redirects make deploy/cloudfront-function.js ${(bytes / 1024).toFixed(1)} KB, and CloudFront Functions take ${CLOUDFRONT_FUNCTION_BYTES / 1024} KB at most: redirect fewer addresses, or ${wayOut('cloudfront', 'S3 website hosting, whose redirects are objects of their own, or nginx')}.`,
    );
  const rules = hosted.redirects.length * 2;
  if (file === '_redirects' && rules > CLOUDFLARE_STATIC_REDIRECTS)
    throw new BuildError(
      `The site's ${hosted.redirects.length} redirects make ${rules} rules in _redirects (each with and without its slash), and Cloudflare Pages takes ${CLOUDFLARE_STATIC_REDIRECTS} at most: redirect fewer addresses, or ${wayOut('netlify', 'S3 website hosting or nginx')}.`,
    );
}

export const hosting = defineStep({
  name: 'hosting',
  needs: { config, site, policy },
  needsFiles: true,
  run: ({ config, site: { hosted }, policy: { inline } }, { build, files }) => {
    const host = new URL(config.address.origin).hostname;
    const siteFiles = files.map((output) => output.path).filter(isSiteFile);
    const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
    const policyName = `${host.replace(/[^a-z0-9-]+/gi, '-')}-security-headers`;
    const configs: [HostName | 'all', string, string][] = [
      ['serve', 'serve.json', json(serveConfig(inline, hosted))],
      ['netlify', '_headers', headersFile(siteFiles, inline, hosted)],
      ['netlify', '_redirects', redirectsFile(hosted)],
      ['nginx', `${DEPLOY_DIR}/nginx.conf`, nginxConfig({ serverName: host, root: `/var/www/${host}`, inline, site: hosted })],
      ['cloudfront', `${DEPLOY_DIR}/cloudfront-function.js`, cloudfrontFunction(hosted)],
      ['cloudfront', `${DEPLOY_DIR}/cloudfront-headers-policy.json`, json(cloudfrontHeadersPolicy(policyName, inline))],
      ['all', HOSTED_SITE_FILE, json(hosted)],
    ];
    const reserved = files.find((output) => output.path.startsWith(`${DEPLOY_DIR}/`) || configs.some(([, file]) => file === output.path));
    if (reserved) {
      const name = reserved.path.startsWith(`${DEPLOY_DIR}/`) ? `${DEPLOY_DIR}/` : reserved.path;
      const folder = config.site.public === undefined ? '' : `${folderName(config.site.public)}/`;
      throw new BuildError(`${folder}${name} is reserved for the generated host configuration; rename it.`, { file: `${folder}${name}` });
    }
    const hosts = config.site.hosts ?? HOST_NAMES;
    const written = configs.filter(([kind]) => kind === 'all' || hosts.includes(kind));
    for (const [, file, contents] of written) checkLimits(file, contents, hosted);
    return {
      files: written.map(([kind, file, contents]) =>
        build.writer.write(file, contents, `the ${kind === 'all' ? 'hosting' : kind} configuration`),
      ),
    };
  },
});

import { createRequire } from 'node:module';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cloudfrontFunction, cloudfrontHeadersPolicy } from '../../generator/hosting/cloudfront';
import { headersFile } from '../../generator/hosting/headers-file';
import { NGINX_SETTING, nginxConfig } from '../../generator/hosting/nginx';
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  cacheControlFor,
  contentSecurityPolicy,
  contentTypeFor,
  type InlineCode,
  isSiteFile,
  PERMISSIONS_POLICY,
  securityHeaders,
} from '../../generator/hosting/policy';
import { type HostedSite, ROOT_SITE, redirectPage, redirectsFile } from '../../generator/hosting/redirects';
import { serveConfig } from '../../generator/hosting/serve';

/** Inline code as a build would collect it: the CSP must allow exactly these by hash. */
const inline: InlineCode = { scripts: ["document.documentElement.classList.add('js')"], styles: ['body{color:red}'] };

const files = [
  '404.html',
  'index.html',
  'about-us/index.html',
  'assets/main.0123456789.css',
  'assets/social.0123456789.png',
  'robots.txt',
  'sitemap.xml',
  'serve.json',
  'deploy/nginx.conf',
];

describe('the caching policy', () => {
  it('caches hashed assets for a year and revalidates everything else', () => {
    expect(cacheControlFor('assets/main.0123456789.css')).toBe('public, max-age=31536000, immutable');
    for (const file of ['index.html', 'about-us/index.html', '404.html', 'sitemap.xml', 'robots.txt']) {
      expect(cacheControlFor(file), file).toBe('no-cache');
    }
  });

  it('knows the content type of every kind of file the build writes', () => {
    expect(contentTypeFor('about-us/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('assets/site.abc.webmanifest')).toBe('application/manifest+json');
    expect(contentTypeFor('assets/main.abc.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('sitemap.xml')).toBe('application/xml');
    expect(contentTypeFor('README')).toBeUndefined();
  });

  it('tells site files from host configuration', () => {
    expect(files.filter(isSiteFile)).not.toContain('serve.json');
    expect(files.filter(isSiteFile)).not.toContain('deploy/nginx.conf');
    expect(files.filter(isSiteFile)).toContain('404.html');
  });
});

describe('serve.json', () => {
  const config = serveConfig(inline);

  it('is valid for serve, checked against the schema serve itself validates with', async () => {
    const fromServe = createRequire(createRequire(import.meta.url).resolve('serve/package.json'));
    const { default: Ajv } = (await import(fromServe.resolve('ajv'))) as { default: new (options: object) => AjvLike };
    const schema = fromServe('@zeit/schemas/deployment/config-static.js') as object;
    const validate = new Ajv({ allowUnionTypes: true }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('sends the security headers and no-cache everywhere, and the long cache under assets/ (later rules win)', () => {
    const [all, assets] = config.headers;
    const header = (rule: typeof all, key: string) => rule?.headers.find((entry) => entry.key === key)?.value;
    expect(all?.source).toBe('**');
    expect(header(all, 'Cache-Control')).toBe(CACHE_REVALIDATE);
    for (const [name, value] of securityHeaders({ https: false, inline })) expect(header(all, name), name).toBe(value);
    expect(header(all, 'Strict-Transport-Security')).toBeUndefined();
    expect(assets?.source).toBe('assets/**');
    expect(header(assets, 'Cache-Control')).toBe(CACHE_IMMUTABLE);
    expect(config.directoryListing).toBe(false);
  });
});

interface AjvLike {
  compile: (schema: object) => ((data: unknown) => boolean) & { errors?: unknown };
}

describe('_headers', () => {
  const text = headersFile(files, inline);
  const blocks = new Map(
    text
      .split('\n\n')
      .filter((block) => !block.startsWith('#') && block.trim())
      .map((block) => {
        const [pattern = '', ...lines] = block.trim().split('\n');
        return [pattern, lines.map((line) => line.trim())] as const;
      }),
  );

  it('sends every security header (with HSTS) on every path, but no Cache-Control there', () => {
    const all = blocks.get('/*') ?? [];
    for (const [name, value] of securityHeaders({ https: true, inline })) expect(all).toContain(`${name}: ${value}`);
    // Netlify and Cloudflare Pages join a header set by two matching rules with a comma.
    expect(all.some((line) => line.startsWith('Cache-Control'))).toBe(false);
  });

  it('caches the assets folder for a year and lists every other site file with no-cache', () => {
    expect(blocks.get('/assets/*')).toEqual([`Cache-Control: ${CACHE_IMMUTABLE}`]);
    for (const url of ['/', '/404.html', '/about-us/', '/about-us', '/robots.txt', '/sitemap.xml']) {
      expect(blocks.get(url), url).toEqual([`Cache-Control: ${CACHE_REVALIDATE}`]);
    }
    expect(blocks.has('/serve.json')).toBe(false);
    expect(blocks.has('/deploy/nginx.conf')).toBe(false);
    expect(blocks.has('/assets/main.0123456789.css')).toBe(false);
  });
});

describe('the nginx configuration', () => {
  const conf = nginxConfig({ serverName: 'www.example.com', root: '/srv/site', inline });

  it('serves routes with and without the slash, and 404.html for anything else', () => {
    expect(conf).toContain('root /srv/site;');
    expect(conf).toContain('server_name www.example.com;');
    expect(conf).toContain('try_files $uri $uri/index.html =404;');
    expect(conf).toContain('error_page 404 /404.html;');
    expect(conf).toContain('gzip on;');
  });

  it('serves the site over HTTPS only, and redirects every plain-HTTP request there', () => {
    const servers = conf.split(/^server \{$/m).slice(1);
    expect(servers).toHaveLength(2);
    const [https = '', http = ''] = servers;
    expect(https).toMatch(/^\s*listen 443 ssl http2;$/m);
    expect(https).toMatch(/^\s*listen \[::\]:443 ssl http2;$/m);
    expect(https).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
    expect(https).not.toMatch(/listen\s+(\[::\]:)?80\b/);
    expect(http).toMatch(/^\s*listen 80;$/m);
    expect(http).toMatch(/^\s*listen \[::\]:80;$/m);
    expect(http).toContain('return 301 https://$host$request_uri;');
    // The plain server serves nothing: no root, no location, no page.
    expect(http).not.toMatch(/\b(root|location|try_files|add_header)\b/);
    for (const server of servers) expect(server).toContain('server_name www.example.com;');
  });

  it('begins with the settings to edit, each marked: the folder, the certificate and the key', () => {
    const marked = conf
      .split('\n')
      .flatMap((line, index, lines) => (line.trimStart().startsWith(NGINX_SETTING) ? [lines.slice(index, index + 4).join('\n')] : []));
    expect(marked).toHaveLength(2);
    expect(marked[0]).toContain('root /srv/site;');
    expect(marked[1]).toContain('ssl_certificate /etc/letsencrypt/live/www.example.com/fullchain.pem;');
    expect(marked[1]).toContain('ssl_certificate_key /etc/letsencrypt/live/www.example.com/privkey.pem;');
    // Before anything else of the server, so nobody has to look for them.
    const https = conf.split(/^server \{$/m)[1] ?? '';
    expect(https.trimStart().startsWith(NGINX_SETTING)).toBe(true);
    const custom = nginxConfig({
      serverName: 'www.example.com',
      root: '/srv/site',
      inline,
      certificate: '/c.pem',
      certificateKey: '/k.pem',
    });
    expect(custom).toContain('ssl_certificate /c.pem;');
    expect(custom).toContain('ssl_certificate_key /k.pem;');
  });

  it('sends every security header on every response, errors included', () => {
    for (const [name, value] of securityHeaders({ https: true, inline })) expect(conf).toContain(`add_header ${name} "${value}" always;`);
    expect(securityHeaders({ https: true, inline }).map(([name]) => name)).toEqual(
      expect.arrayContaining(['Strict-Transport-Security', 'Cross-Origin-Resource-Policy', 'Cross-Origin-Opener-Policy']),
    );
    expect(conf).toMatch(/add_header Cache-Control \$cache_control_www_example_com always;/);
    expect(conf).toContain(`"${CACHE_IMMUTABLE}"`);
  });
});

describe('the CloudFront files', () => {
  const handler = vm.runInNewContext(`${cloudfrontFunction()}\nhandler`) as (event: { request: { uri: string } }) => { uri: string };
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it('map /route and /route/ to /route/index.html and leave files alone', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/about-us')).toBe('/about-us/index.html');
    expect(rewrite('/about-us/')).toBe('/about-us/index.html');
    expect(rewrite('/assets/main.0123456789.css')).toBe('/assets/main.0123456789.css');
    expect(rewrite('/404.html')).toBe('/404.html');
    expect(rewrite('/v1.2/notes')).toBe('/v1.2/notes/index.html');
  });

  it('describe a response headers policy with the same headers', () => {
    const policy = cloudfrontHeadersPolicy('www-example-com-security-headers', inline) as {
      Name: string;
      Comment: string;
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
      CustomHeadersConfig: { Quantity: number; Items: { Header: string; Value: string }[] };
    };
    expect(policy.Name).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(policy.Comment.length).toBeLessThanOrEqual(128);
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(contentSecurityPolicy(inline, { for: 'header' }));
    expect(policy.CustomHeadersConfig.Quantity).toBe(policy.CustomHeadersConfig.Items.length);
    expect(policy.CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({ Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY }),
    );
    // Every header of the policy is set, by a field of SecurityHeadersConfig or as a custom one.
    const managed = ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Strict-Transport-Security'];
    for (const [name, value] of securityHeaders({ https: true, inline })) {
      if (managed.includes(name)) continue;
      expect(policy.CustomHeadersConfig.Items, name).toContainEqual({ Header: name, Value: value, Override: true });
    }
    expect(policy.CustomHeadersConfig.Items).toContainEqual({
      Header: 'Cross-Origin-Resource-Policy',
      Value: 'same-origin',
      Override: true,
    });
  });
});

describe('each host, for a site under a base path with redirects', () => {
  const site: HostedSite = {
    base: '/site/',
    redirects: [
      { from: '/site/about', to: '/site/about-us/', status: 301 },
      { from: '/site/v1.2', to: '/site/', status: 302 },
    ],
  };

  it('serve.json: the redirects (serve matches them with and without the slash, in any case), the long cache under the base', async () => {
    const config = serveConfig(inline, site);
    expect(config.redirects).toEqual([
      { source: '/site/about', destination: '/site/about-us/', type: 301 },
      { source: '/site/v1.2', destination: '/site/', type: 302 },
    ]);
    expect(config.headers.map((rule) => rule.source)).toEqual(['**', 'site/assets/**']);
    expect(serveConfig(inline).redirects).toEqual([]);
  });

  it('_headers: the long cache and every page under the base', () => {
    const text = headersFile(files, inline, site);
    const patterns = text.split('\n').filter((line) => line.startsWith('/'));
    expect(patterns).toEqual([
      '/*',
      '/site/assets/*',
      '/site/404.html',
      '/site/about-us/',
      '/site/about-us',
      '/site/',
      '/site/robots.txt',
      '/site/sitemap.xml',
    ]);
  });

  it('_redirects: each source with and without its slash, with its status and no "!" (Cloudflare Pages refuses it)', () => {
    const rules = redirectsFile(site)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.trim().split(/\s+/));
    expect(rules).toEqual([
      ['/site/about', '/site/about-us/', '301'],
      ['/site/about/', '/site/about-us/', '301'],
      ['/site/v1.2', '/site/', '302'],
      ['/site/v1.2/', '/site/', '302'],
    ]);
    expect(
      redirectsFile(ROOT_SITE)
        .split('\n')
        .filter((line) => line && !line.startsWith('#')),
    ).toEqual([]);
  });

  it('nginx: every location under the base, each redirect (any case, query kept) before them, and nothing outside', () => {
    const conf = nginxConfig({ serverName: 'www.example.com', root: '/srv/www', inline, site });
    const https = conf.split(/^server \{$/m)[1] ?? '';
    const locations = [...https.matchAll(/^ {4}location (.+) \{$/gm)].map((match) => match[1]);
    expect(locations).toEqual([
      '~* ^/site/about/?$',
      '~* ^/site/v1\\.2/?$',
      '/site/',
      '~ ^/site/(.*/)?$',
      '~* ^/site/.*\\.webmanifest$',
      '^~ /site/deploy/',
      '= /site/serve.json',
      '= /site/_headers',
      '= /site/_redirects',
      '= /site',
      '/',
    ]);
    expect(https).toContain('location ~* ^/site/about/?$ {\n        return 301 /site/about-us/$is_args$args;\n    }');
    expect(https).toContain('location ~* ^/site/v1\\.2/?$ {\n        return 302 /site/$is_args$args;\n    }');
    expect(https).toContain('location = /site {\n        return 301 /site/$is_args$args;\n    }');
    expect(https).toContain('location / {\n        return 404;\n    }');
    expect(https).toContain('error_page 404 /site/404.html;');
    expect(https).toContain('absolute_redirect off;');
    expect(conf).toContain('~^/site/assets/  "public, max-age=31536000, immutable";');
  });

  it('nginx at the root: the locations it always had, and no catch-all 404', () => {
    const conf = nginxConfig({ serverName: 'www.example.com', root: '/srv/www', inline });
    const locations = [...conf.matchAll(/^ {4}location (.+) \{$/gm)].map((match) => match[1]);
    expect(locations).toEqual([
      '/',
      '~ ^/(.*/)?$',
      '~* ^/.*\\.webmanifest$',
      '^~ /deploy/',
      '= /serve.json',
      '= /_headers',
      '= /_redirects',
    ]);
    expect(conf).toContain('error_page 404 /404.html;');
  });

  it('the CloudFront function: each redirect, with or without its slash and in any case, with its status and the query string', () => {
    const handler = vm.runInNewContext(`${cloudfrontFunction(site)}\nhandler`) as (event: object) => {
      uri?: string;
      statusCode?: number;
      statusDescription?: string;
      headers?: Record<string, { value: string }>;
    };
    const request = (uri: string, querystring: Record<string, unknown> = {}) => handler({ request: { uri, querystring } });
    for (const uri of ['/site/about', '/site/about/', '/SITE/About']) {
      expect(request(uri), uri).toEqual({
        statusCode: 301,
        statusDescription: 'Moved Permanently',
        headers: { location: { value: '/site/about-us/' } },
      });
    }
    expect(
      request('/site/v1.2/', {
        a: { value: '1' },
        b: { value: 'x', multiValue: [{ value: 'x' }, { value: 'y%20z' }] },
        flag: { value: '' },
      }),
    ).toEqual({
      statusCode: 302,
      statusDescription: 'Found',
      headers: { location: { value: '/site/?a=1&b=x&b=y%20z&flag' } },
    });
    expect(request('/site/about-us').uri).toBe('/site/about-us/index.html');
    expect(request('/site/about-us/').uri).toBe('/site/about-us/index.html');
    expect(request('/site/').uri).toBe('/site/index.html');
    expect(request('/site/aboutx').uri).toBe('/site/aboutx/index.html');
  });

  it("the page at a redirect's source: escaped, a link and a canonical URL to the target, an instant refresh", () => {
    const html = redirectPage({
      rule: { from: '/site/about', to: '/site/about-us/', status: 301 },
      title: 'About <us> & "them"',
      canonicalUrl: 'https://www.example.com/site/about-us/',
      csp: "default-src 'none'",
      favicon: '/site/assets/favicon.0123456789.svg',
      lang: 'de',
    });
    expect(html).toContain('<title>About &lt;us&gt; &amp; &quot;them&quot;</title>');
    // In the site's language, not the generator's.
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/site/about-us/">');
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/site/about-us/">');
    expect(html).toContain('<a href="/site/about-us/">About &lt;us&gt; &amp; &quot;them&quot;</a>');
    expect(html).not.toMatch(/<script|<style|style=/);
  });
});

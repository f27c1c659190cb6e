/**
 * The S3 upload plan (scripts/lib/s3.ts) for lists of files written here: its passes and their
 * arguments, the stale objects, and the words for the AWS CLI's failures. The build tests
 * (deploy.build.test.ts) plan the built site and run the command.
 */
import { describe, expect, it } from 'vitest';
import type { HostedSite } from '../../generator/hosting/redirects';
import {
  deleteBatches,
  endpointFrom,
  explainAwsError,
  filesOfPass,
  isBucketName,
  listArgs,
  passArgs,
  planPasses,
  planUploads,
  type S3Pass,
  s3RedirectNotes,
  staleKeys,
} from '../../scripts/lib/s3';

describe('the S3 upload plan', () => {
  it('writes filters for suffixes as they are spelt (the CLI matches case), assets synced, the rest copied', () => {
    const passes = planPasses(planUploads(['index.html', 'assets/logo.1.png', 'assets/photo.2.PNG', 'images/team.png']));
    expect(passes.map((pass) => [pass.phase, pass.contentType, pass.suffixes])).toEqual([
      ['assets', 'image/png', ['.png', '.PNG']],
      ['files', 'image/png', ['.png']],
      ['pages', 'text/html; charset=utf-8', ['.html']],
    ]);
    const assets = passArgs(passes[0] as S3Pass, 'dist', { bucket: 'b' });
    expect(assets.slice(0, 5)).toEqual(['s3', 'sync', 'dist/assets', 's3://b/assets', '--size-only']);
    expect(assets.join(' ')).toContain('--exclude * --include *.png --include *.PNG --content-type image/png');
    const files = passArgs(passes[1] as S3Pass, 'dist', { bucket: 'b', endpointUrl: 'http://127.0.0.1:9000' });
    expect(files.join(' ')).toBe(
      's3 cp dist s3://b --recursive --exclude * --include *.png --exclude assets/* --exclude deploy/* --exclude serve.json --exclude _headers --exclude _redirects ' +
        '--content-type image/png --cache-control no-cache --only-show-errors --endpoint-url http://127.0.0.1:9000',
    );
  });

  it('under a base path, keeps every key in its folder, lists only there, and gives each 301 redirect an object that redirects', () => {
    const hosted: HostedSite = {
      base: '/preview/pr-42/',
      redirects: [
        { from: '/preview/pr-42/about', to: '/preview/pr-42/about-us/', status: 301 },
        { from: '/preview/pr-42/later', to: '/preview/pr-42/', status: 302 },
      ],
    };
    const files = [
      'index.html',
      '404.html',
      'about-us/index.html',
      'about/index.html',
      'later/index.html',
      'assets/main.1.js',
      'robots.txt',
    ];
    const plan = planUploads(files, hosted);
    expect(plan.map((upload) => [upload.phase, upload.key, upload.websiteRedirect ?? ''])).toEqual([
      ['assets', 'preview/pr-42/assets/main.1.js', ''],
      ['files', 'preview/pr-42/robots.txt', ''],
      ['pages', 'preview/pr-42/404.html', ''],
      ['pages', 'preview/pr-42/about-us/index.html', ''],
      ['pages', 'preview/pr-42/index.html', ''],
      // A 302: S3 redirects objects with 301 only, so it goes up as its page, which sends the browser on.
      ['pages', 'preview/pr-42/later/index.html', ''],
      ['redirects', 'preview/pr-42/about', '/preview/pr-42/about-us/'],
      ['redirects', 'preview/pr-42/about/index.html', '/preview/pr-42/about-us/'],
    ]);
    expect(s3RedirectNotes(hosted)).toEqual([
      '/preview/pr-42/later → /preview/pr-42/ is a 302: S3 website hosting redirects objects with 301 only, so it gets its page, which sends the browser on.',
    ]);
    const target = { bucket: 'b', prefix: 'preview/pr-42/' };
    const passes = planPasses(plan);
    const args = passes.map((pass) => passArgs(pass, 'dist', target, hosted).join(' '));
    expect(args[0]).toMatch(/^s3 sync dist\/assets s3:\/\/b\/preview\/pr-42\/assets --size-only /);
    const pages = passes.findIndex((pass) => pass.phase === 'pages');
    expect(args[pages]).toMatch(
      /^s3 cp dist s3:\/\/b\/preview\/pr-42 --recursive --exclude \* --include \*\.html .* --exclude about\/index\.html --content-type/,
    );
    expect(filesOfPass(passes[pages] as S3Pass, files, hosted)).toEqual([
      'index.html',
      '404.html',
      'about-us/index.html',
      'later/index.html',
    ]);
    expect(args.slice(-2)).toEqual(
      ['about', 'about/index.html'].map(
        (key) =>
          `s3 cp dist/about/index.html s3://b/preview/pr-42/${key} --website-redirect /preview/pr-42/about-us/ --content-type text/html; charset=utf-8 --cache-control no-cache --only-show-errors`,
      ),
    );
    expect(listArgs(target).join(' ')).toBe('s3api list-objects --bucket b --prefix preview/pr-42/ --query Contents[].Key --output json');
    expect(listArgs({ bucket: 'b' })).not.toContain('--prefix');
  });

  it('refuses a file whose Content-Type it does not know', () => {
    expect(() => planUploads(['index.html', 'notes.unknownext'])).toThrow(/notes\.unknownext/);
  });

  it('finds the stale objects, host configuration left behind by hand included, and deletes them 1,000 a request', () => {
    const plan = planUploads(['index.html', 'assets/main.1.css']);
    expect(staleKeys(['index.html', 'assets/main.0.css', 'old/index.html', 'assets/main.1.css', 'serve.json'], plan)).toEqual([
      'assets/main.0.css',
      'old/index.html',
      'serve.json',
    ]);
    const keys = Array.from({ length: 2001 }, (_, index) => `old/${index}.html`);
    const batches = deleteBatches(keys);
    expect(batches.map((batch) => batch.Objects.length)).toEqual([1000, 1000, 1]);
    expect(batches.flatMap((batch) => batch.Objects.map((object) => object.Key))).toEqual(keys);
    expect(deleteBatches([])).toEqual([]);
  });

  it('knows a bucket name from a typo', () => {
    expect(isBucketName('www.example.com')).toBe(true);
    expect(isBucketName('my-site')).toBe(true);
    expect(isBucketName('My_Site')).toBe(false);
    expect(isBucketName('s3://my-site')).toBe(false);
  });

  it('takes the endpoint from --endpoint-url, else from the variables the AWS CLI reads', () => {
    const env = { AWS_ENDPOINT_URL: 'http://a:1', AWS_ENDPOINT_URL_S3: 'http://s3:2' };
    expect(endpointFrom('http://option:3', env)).toBe('http://option:3');
    expect(endpointFrom(undefined, env)).toBe('http://s3:2');
    expect(endpointFrom(undefined, { AWS_ENDPOINT_URL: 'http://a:1' })).toBe('http://a:1');
    expect(endpointFrom(undefined, { ...env, AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'true' })).toBeUndefined();
    expect(endpointFrom(undefined, {})).toBeUndefined();
  });

  it("explains the AWS CLI's common failures in a sentence", () => {
    const target = { bucket: 'my-site', endpointUrl: 'http://127.0.0.1:9000' };
    expect(
      explainAwsError(
        'An error occurred (NoSuchBucket) when calling the ListObjectsV2 operation: The specified bucket does not exist',
        target,
      ),
    ).toBe('The bucket "my-site" does not exist at http://127.0.0.1:9000: check its name, or create it first.');
    expect(
      explainAwsError('Could not connect to the endpoint URL: "https://my-site.s3.amazonaws.com/?list-type=2"', { bucket: 'my-site' }),
    ).toBe('Could not reach https://my-site.s3.amazonaws.com/?list-type=2: is the endpoint right, and the server up?');
    expect(
      explainAwsError('Unable to locate credentials. You can configure credentials by running "aws configure".', { bucket: 'b' }),
    ).toMatch(/^AWS did not accept the AWS credentials/);
    expect(explainAwsError('An error occurred (AccessDenied) when calling the PutObject operation: Access Denied', { bucket: 'b' })).toBe(
      'AWS denied access to the bucket "b" with these credentials.',
    );
    expect(explainAwsError('something else entirely', { bucket: 'b' })).toBeUndefined();
  });
});

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
  readObjectArgs,
  type S3Pass,
  s3RedirectNotes,
  writeRecordArgs,
} from '../../scripts/lib/s3';
import {
  DEFAULT_GRACE,
  type DeployRecord,
  parseRecord,
  planChanges,
  RECORD_FILE,
  recordKeeping,
  recordKey,
  recordText,
  removalOf,
} from '../../scripts/lib/s3-record';

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

  it('deletes 1,000 keys a request', () => {
    const keys = Array.from({ length: 2001 }, (_, index) => `old/${index}.html`);
    const batches = deleteBatches(keys);
    expect(batches.map((batch) => batch.Objects.length)).toEqual([1000, 1000, 1]);
    expect(batches.flatMap((batch) => batch.Objects.map((object) => object.Key))).toEqual(keys);
    expect(deleteBatches([])).toEqual([]);
  });

  it('reads and writes the record of a base path under its deploy/ folder, which no site file can be', () => {
    expect(recordKey('')).toBe('deploy/s3-manifest.json');
    expect(recordKey('preview/pr-42/')).toBe(`preview/pr-42/${RECORD_FILE}`);
    // The site never uploads deploy/: a file there stays behind as host configuration.
    expect(planUploads(['index.html', '404.html', RECORD_FILE]).map((upload) => upload.key)).toEqual(['404.html', 'index.html']);
    const target = { bucket: 'b', prefix: 'preview/pr-42/', endpointUrl: 'http://127.0.0.1:9000' };
    expect(readObjectArgs(target, recordKey('preview/pr-42/')).join(' ')).toBe(
      's3 cp s3://b/preview/pr-42/deploy/s3-manifest.json - --only-show-errors --endpoint-url http://127.0.0.1:9000',
    );
    expect(writeRecordArgs({ bucket: 'b' }, '/tmp/record.json', 'deploy/s3-manifest.json').join(' ')).toBe(
      's3 cp /tmp/record.json s3://b/deploy/s3-manifest.json --content-type application/json --cache-control no-cache --only-show-errors',
    );
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

const T0 = '2026-01-01T00:00:00.000Z';
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const ROOT = { base: '/', prefix: '' };

/** The record a deploy writes, as the next deploy reads it back. */
const reread = (record: DeployRecord, site = ROOT) => parseRecord(recordText(record), site);

/** A sequence of deploys to one bucket: each lists what the one before left, and reads its record. */
function deploySequence(site = ROOT, others: string[] = []) {
  let bucket = new Set(others);
  let record: DeployRecord | undefined;
  return (keys: string[], now: string, grace = DEFAULT_GRACE) => {
    const changes = planChanges({ listed: [...bucket].sort(), keys, previous: record, site, now, grace });
    bucket = new Set([...bucket, ...keys, recordKey(site.prefix)].filter((key) => !changes.deletes.includes(key)));
    record = reread(changes.record, site);
    return changes;
  };
}

describe('what a deploy may remove', () => {
  it('removes only what earlier deploys of the site at its base path recorded, never the other objects of the bucket', () => {
    const others = ['preview/pr-42/index.html', 'preview/pr-42/assets/main.9.js', `preview/pr-42/${RECORD_FILE}`, 'owner/notes.txt'];
    const deploy = deploySequence(ROOT, others);
    const first = deploy(['index.html', 'old/index.html', 'assets/main.1.js'], T0);
    expect(first.deploy).toBe(1);
    expect(first.deletes).toEqual([]);
    expect(first.others).toEqual([...others].sort());
    expect(Object.keys(first.record.objects)).toEqual(['assets/main.1.js', 'index.html', 'old/index.html']);
    const second = deploy(['index.html', 'assets/main.1.js'], at(DAY));
    expect(second.deletes).toEqual(['old/index.html']);
    expect(second.others).toEqual([...others].sort());
    expect([second.added, second.replaced, second.unchanged]).toEqual([[], ['index.html'], ['assets/main.1.js']]);
  });

  it('removes nothing from a bucket without a record (deployed by an older deploy:s3), and says what it left', () => {
    const changes = planChanges({
      listed: ['index.html', 'old/index.html', 'assets/main.0.js', 'serve.json'],
      keys: ['index.html', 'assets/main.1.js'],
      previous: undefined,
      site: ROOT,
      now: T0,
      grace: DEFAULT_GRACE,
    });
    expect(changes.deletes).toEqual([]);
    expect(changes.others).toEqual(['assets/main.0.js', 'old/index.html', 'serve.json']);
    expect([changes.added, changes.replaced]).toEqual([['assets/main.1.js'], ['index.html']]);
    expect(changes.record.objects).toEqual({ 'assets/main.1.js': { deploy: 1 }, 'index.html': { deploy: 1 } });
  });

  it('under a base path, removes only its own recorded objects, and refuses a record that names any other', () => {
    const site = { base: '/preview/pr-42/', prefix: 'preview/pr-42/' };
    const deploy = deploySequence(site);
    deploy(['preview/pr-42/index.html', 'preview/pr-42/old/index.html'], T0);
    expect(deploy(['preview/pr-42/index.html'], at(1)).deletes).toEqual(['preview/pr-42/old/index.html']);
    const record = { format: 1, base: '/preview/pr-42/', deploy: 1, deployedAt: T0, objects: { 'index.html': { deploy: 1 } } };
    expect(() => parseRecord(JSON.stringify(record), site)).toThrow('it names index.html, which is not an object of the site');
    expect(() => parseRecord(JSON.stringify({ ...record, objects: {} }), ROOT)).toThrow(
      'it is the record of the base path /preview/pr-42/, not /',
    );
    expect(() => parseRecord(JSON.stringify({ ...record, objects: { [recordKey(site.prefix)]: { deploy: 1 } } }), site)).toThrow(
      /not an object of the site/,
    );
    expect(() => parseRecord('{"format":2}', site)).toThrow(/^format: /);
    expect(() => parseRecord('not json', site)).toThrow(/^it is not JSON/);
  });

  it('keeps an old hashed asset while one of the last 2 deploys had it, or for 7 days after it was dropped, whichever is longer', () => {
    const deploy = deploySequence();
    const pages = ['index.html'];
    deploy([...pages, 'assets/main.a.js', 'assets/icons.1.svg'], T0);
    // Deploy 2, an hour later, drops main.a.js: kept, the deploy that had it being one of the last two.
    const second = deploy([...pages, 'assets/main.b.js', 'assets/icons.1.svg'], at(3_600_000));
    expect(second.deletes).toEqual([]);
    expect(second.kept).toEqual([{ key: 'assets/main.a.js', deploy: 1, replacedAt: at(3_600_000) }]);
    expect(removalOf(second.kept[0] as (typeof second.kept)[number], DEFAULT_GRACE)).toEqual({ deploy: 4, after: at(3_600_000 + 7 * DAY) });
    // Deploy 3, a month later: deploy 1 is one of the last two, so its script stays.
    expect(deploy([...pages, 'assets/main.c.js', 'assets/icons.1.svg'], at(30 * DAY)).kept.map((asset) => asset.key)).toEqual([
      'assets/main.a.js',
      'assets/main.b.js',
    ]);
    // Deploy 4, a minute later: deploy 1 is not among the last two and its script was dropped a month ago; main.b.js is deploy 2's.
    const fourth = deploy([...pages, 'assets/main.c.js', 'assets/icons.1.svg'], at(30 * DAY + 60_000));
    expect(fourth.deletes).toEqual(['assets/main.a.js']);
    expect(fourth.kept.map((asset) => asset.key)).toEqual(['assets/main.b.js']);
    // Deploys 5 and 6 within 7 days of deploy 3, which dropped main.b.js: kept by its age, though deploy 2 is long past.
    expect(deploy([...pages, 'assets/main.c.js', 'assets/icons.1.svg'], at(31 * DAY)).kept.map((asset) => asset.key)).toEqual([
      'assets/main.b.js',
    ]);
    const sixth = deploy([...pages, 'assets/main.c.js', 'assets/icons.1.svg'], at(37 * DAY - 1));
    expect(sixth.kept.map((asset) => asset.key)).toEqual(['assets/main.b.js']);
    // Exactly 7 days after it was dropped, it goes.
    expect(deploy([...pages, 'assets/main.c.js', 'assets/icons.1.svg'], at(37 * DAY)).deletes).toEqual(['assets/main.b.js']);
  });

  it('removes pages and unhashed files at once, and old assets at once with both grace settings at 0', () => {
    const deploy = deploySequence();
    deploy(['index.html', 'old/index.html', 'robots.txt', 'assets/main.a.js'], T0);
    const next = deploy(['index.html', 'assets/main.b.js'], at(1), { deploys: 0, days: 0 });
    expect(next.deletes).toEqual(['assets/main.a.js', 'old/index.html', 'robots.txt']);
    expect(next.kept).toEqual([]);
  });

  it('brings an old asset back into the deploy when a build has it again (a rollback), and forgets objects gone from the bucket', () => {
    const changes = planChanges({
      listed: ['index.html', 'assets/main.a.js'],
      keys: ['index.html', 'assets/main.a.js'],
      previous: {
        format: 1,
        base: '/',
        deploy: 5,
        deployedAt: T0,
        objects: {
          'assets/main.a.js': { deploy: 3, replacedAt: T0 },
          'assets/main.gone.js': { deploy: 4, replacedAt: T0 },
          'gone/index.html': { deploy: 5 },
          'index.html': { deploy: 5 },
        },
      },
      site: ROOT,
      now: at(DAY),
      grace: DEFAULT_GRACE,
    });
    expect(changes.deletes).toEqual([]);
    expect(changes.kept).toEqual([]);
    expect(changes.record.objects).toEqual({ 'assets/main.a.js': { deploy: 6 }, 'index.html': { deploy: 6 } });
  });

  it('keeps in the record the objects whose removal failed, for the next deploy to remove', () => {
    const deploy = deploySequence();
    deploy(['index.html', 'a/index.html', 'b/index.html'], T0);
    const next = deploy(['index.html'], at(1));
    expect(next.deletes).toEqual(['a/index.html', 'b/index.html']);
    expect(recordKeeping(next, ['b/index.html']).objects).toEqual({ 'b/index.html': { deploy: 1 }, 'index.html': { deploy: 2 } });
  });
});

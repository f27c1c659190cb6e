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
  type DeployRecord,
  LEGACY_RECORD_FILE,
  mergeRecords,
  newRecordKey,
  outerPrefixes,
  parseRecord,
  planChanges,
  recordKeeping,
  recordPrefix,
  recordsUnder,
  recordText,
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

  it('keeps the record of a base path under its deploy/ folder at a random name without a dot, which no site file can have', () => {
    const root = newRecordKey('');
    const preview = newRecordKey('preview/pr-42/');
    expect(root).toMatch(/^deploy\/s3-record-[0-9a-f]{32}$/);
    expect(preview).toMatch(/^preview\/pr-42\/deploy\/s3-record-[0-9a-f]{32}$/);
    expect(newRecordKey('')).not.toBe(root);
    expect([root, preview, LEGACY_RECORD_FILE, `preview/pr-42/${LEGACY_RECORD_FILE}`].map(recordPrefix)).toEqual([
      '',
      'preview/pr-42/',
      '',
      'preview/pr-42/',
    ]);
    for (const key of ['index.html', 'deploy/s3-record-1', `x${root}`, `${root}/index.html`])
      expect(recordPrefix(key), key).toBeUndefined();
    // One listing of recordsUnder(prefix) finds a base path's records under either name.
    for (const key of [root, LEGACY_RECORD_FILE]) expect(key.startsWith(recordsUnder(''))).toBe(true);
    expect(preview.startsWith(recordsUnder('preview/pr-42/'))).toBe(true);
    expect([outerPrefixes(''), outerPrefixes('site/'), outerPrefixes('preview/pr-42/')]).toEqual([[], [''], ['', 'preview/']]);
    // The site never uploads deploy/: a file there stays behind as host configuration.
    expect(planUploads(['index.html', '404.html', root, LEGACY_RECORD_FILE]).map((upload) => upload.key)).toEqual([
      '404.html',
      'index.html',
    ]);
    const target = { bucket: 'b', prefix: 'preview/pr-42/', endpointUrl: 'http://127.0.0.1:9000' };
    expect(readObjectArgs(target, preview).join(' ')).toBe(
      `s3 cp s3://b/${preview} - --only-show-errors --endpoint-url http://127.0.0.1:9000`,
    );
    // S3 website hosting answers for an object with a website redirect with the redirect, never its body.
    expect(writeRecordArgs({ bucket: 'b' }, '/tmp/record.json', root, '/').join(' ')).toBe(
      `s3 cp /tmp/record.json s3://b/${root} --website-redirect / --content-type application/json --cache-control no-cache --only-show-errors`,
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
const ROOT = { base: '/', prefix: '' };

/** The record a deploy writes, as the next deploy reads it back. */
const reread = (record: DeployRecord, site = ROOT) => parseRecord(recordText(record), site);

/** A sequence of deploys to one bucket: each lists what the one before left, and reads its record. */
function deploySequence(site = ROOT, others: string[] = []) {
  let bucket = new Set(others);
  let record: DeployRecord | undefined;
  const recordKey = newRecordKey(site.prefix);
  return (keys: string[]) => {
    const changes = planChanges({ listed: [...bucket].sort(), keys, previous: record, outer: [], site, now: T0 });
    bucket = new Set([...bucket, ...keys, recordKey].filter((key) => !changes.deletes.includes(key)));
    record = reread(changes.record, site);
    return changes;
  };
}

describe('what a deploy may remove', () => {
  it('removes only what earlier deploys of the site at its base path recorded, never the other objects of the bucket', () => {
    const others = ['preview/pr-42/index.html', 'preview/pr-42/assets/main.9.js', newRecordKey('preview/pr-42/'), 'owner/notes.txt'];
    const deploy = deploySequence(ROOT, others);
    const first = deploy(['index.html', 'old/index.html', 'assets/main.1.js']);
    expect(first.deploy).toBe(1);
    expect(first.deletes).toEqual([]);
    // The preview keeps its own; the owner's object no deploy recorded.
    expect(first.others).toEqual(['owner/notes.txt']);
    expect(first.inner).toEqual([{ base: '/preview/pr-42/', objects: 3 }]);
    expect(first.record.objects).toEqual(['assets/main.1.js', 'index.html', 'old/index.html']);
    const second = deploy(['index.html', 'assets/main.1.js']);
    expect(second.deletes).toEqual(['old/index.html']);
    expect([second.others, second.inner]).toEqual([first.others, first.inner]);
    expect([second.added, second.replaced, second.unchanged]).toEqual([[], ['index.html'], ['assets/main.1.js']]);
  });

  it('removes nothing from a bucket without a record (deployed by an older deploy:s3), and says what it left', () => {
    const changes = planChanges({
      listed: ['index.html', 'old/index.html', 'assets/main.0.js', 'serve.json'],
      keys: ['index.html', 'assets/main.1.js'],
      previous: undefined,
      outer: [],
      site: ROOT,
      now: T0,
    });
    expect(changes.deletes).toEqual([]);
    expect(changes.others).toEqual(['assets/main.0.js', 'old/index.html', 'serve.json']);
    expect([changes.added, changes.replaced]).toEqual([['assets/main.1.js'], ['index.html']]);
    expect(changes.record.objects).toEqual(['assets/main.1.js', 'index.html']);
  });

  it('under a base path, removes only its own recorded objects, and refuses a record that names any other', () => {
    const site = { base: '/preview/pr-42/', prefix: 'preview/pr-42/' };
    const deploy = deploySequence(site);
    deploy(['preview/pr-42/index.html', 'preview/pr-42/old/index.html']);
    expect(deploy(['preview/pr-42/index.html']).deletes).toEqual(['preview/pr-42/old/index.html']);
    const record = { format: 2, base: '/preview/pr-42/', deploy: 1, deployedAt: T0, state: 'done', objects: ['index.html'] };
    expect(() => parseRecord(JSON.stringify(record), site)).toThrow('it names index.html, which is not an object of the site');
    expect(() => parseRecord(JSON.stringify({ ...record, objects: [] }), ROOT)).toThrow(
      'it is the record of the base path /preview/pr-42/, not /',
    );
    expect(() => parseRecord(JSON.stringify({ ...record, objects: [newRecordKey(site.prefix)] }), site)).toThrow(
      /not an object of the site/,
    );
    expect(() => parseRecord('{"format":3}', site)).toThrow(/^format: /);
    expect(() => parseRecord('not json', site)).toThrow(/^it is not JSON/);
  });

  it("removes every object the build no longer has at the next deploy, hashed assets too: the grace period is the build's", () => {
    const deploy = deploySequence();
    // A draft's cover and share image, built once, then left out of the build: gone with the next deploy.
    deploy(['index.html', 'news/draft/index.html', 'assets/cover.1.webp', 'assets/social.2.png', 'assets/main.a.js']);
    const next = deploy(['index.html', 'assets/main.b.js', 'assets/main.a.js']);
    expect(next.deletes).toEqual(['assets/cover.1.webp', 'assets/social.2.png', 'news/draft/index.html']);
    expect(next.record.objects).toEqual(['assets/main.a.js', 'assets/main.b.js', 'index.html']);
    // The old script stays while the build keeps it (dist carries it for its grace period), and goes once it does not.
    expect(deploy(['index.html', 'assets/main.b.js']).deletes).toEqual(['assets/main.a.js']);
  });

  it('reads the record an older deploy:s3 kept at deploy/s3-manifest.json, and merges two records of one base path', () => {
    const legacy = {
      format: 1,
      base: '/',
      deploy: 3,
      deployedAt: T0,
      objects: { 'assets/main.0.js': { deploy: 1, replacedAt: T0 }, 'index.html': { deploy: 3 }, 'old/index.html': { deploy: 3 } },
    };
    const read = parseRecord(JSON.stringify(legacy), ROOT);
    expect(read).toEqual({
      format: 2,
      base: '/',
      deploy: 3,
      deployedAt: T0,
      state: 'done',
      objects: ['assets/main.0.js', 'index.html', 'old/index.html'],
    });
    const other: DeployRecord = {
      format: 2,
      base: '/',
      deploy: 4,
      deployedAt: T0,
      state: 'done',
      objects: ['assets/main.1.js', 'index.html'],
    };
    const merged = mergeRecords([read, other]);
    expect(merged).toEqual({ ...other, objects: ['assets/main.0.js', 'assets/main.1.js', 'index.html', 'old/index.html'] });
    expect(mergeRecords([])).toBeUndefined();
    const changes = planChanges({
      listed: ['assets/main.0.js', 'assets/main.1.js', 'index.html', 'old/index.html', LEGACY_RECORD_FILE],
      keys: ['index.html', 'assets/main.1.js'],
      previous: merged,
      outer: [],
      site: ROOT,
      now: T0,
    });
    expect([changes.deploy, changes.deletes, changes.others]).toEqual([5, ['assets/main.0.js', 'old/index.html'], []]);
  });

  it('forgets objects gone from the bucket, and keeps in the record those whose removal failed, for the next deploy to remove', () => {
    const changes = planChanges({
      listed: ['index.html', 'a/index.html', 'b/index.html'],
      keys: ['index.html'],
      previous: {
        format: 2,
        base: '/',
        deploy: 1,
        deployedAt: T0,
        state: 'done',
        objects: ['a/index.html', 'b/index.html', 'gone/index.html', 'index.html'],
      },
      outer: [],
      site: ROOT,
      now: T0,
    });
    expect(changes.deletes).toEqual(['a/index.html', 'b/index.html']);
    expect(recordKeeping(changes, ['b/index.html']).objects).toEqual(['b/index.html', 'index.html']);
  });

  it('records, before the first upload, what the site may hold should the deploy stop; the next one removes what that left', () => {
    const previous = reread({ format: 2, base: '/', deploy: 1, deployedAt: T0, state: 'done', objects: ['a/index.html', 'index.html'] });
    const cut = planChanges({
      listed: ['a/index.html', 'index.html'],
      keys: ['index.html', 'new/index.html', 'assets/main.2.js'],
      previous,
      outer: [],
      site: ROOT,
      now: T0,
    });
    // Written first: the objects of the deploy before, and every one this deploy may add.
    expect(cut.pending).toMatchObject({
      deploy: 2,
      state: 'uploading',
      objects: ['a/index.html', 'assets/main.2.js', 'index.html', 'new/index.html'],
    });
    expect(cut.record).toMatchObject({ deploy: 2, state: 'done', objects: ['assets/main.2.js', 'index.html', 'new/index.html'] });
    // Deploy 2 stops after uploading its script and a page: deploy 3, of a build without them, removes them and a/.
    const next = planChanges({
      listed: ['a/index.html', 'assets/main.2.js', 'index.html', 'new/index.html'],
      keys: ['index.html'],
      previous: reread(cut.pending),
      outer: [],
      site: ROOT,
      now: T0,
    });
    expect([next.interrupted, next.deploy, next.deletes]).toEqual([true, 3, ['a/index.html', 'assets/main.2.js', 'new/index.html']]);
    expect(cut.interrupted).toBe(false);
    // Records merged: uploading while any of them is.
    expect(mergeRecords([cut.record, cut.pending])?.state).toBe('uploading');
  });
});

describe('deploys that share a bucket', () => {
  const PREVIEW = { base: '/preview/pr-42/', prefix: 'preview/pr-42/' };
  const previewRecord = newRecordKey(PREVIEW.prefix);
  const previewKeys = ['preview/pr-42/404.html', 'preview/pr-42/index.html', previewRecord];
  const root = (objects: string[]): DeployRecord => ({ format: 2, base: '/', deploy: 1, deployedAt: T0, state: 'done', objects });

  it("never has a root deploy write or remove a key under a preview's base path, the record's included", () => {
    const changes = planChanges({
      listed: ['404.html', 'index.html', 'old/index.html', 'owner/notes.txt', ...previewKeys].sort(),
      // A file of the root site at a preview's address (public/preview/pr-42/404.html), and one the root deployed there before the preview.
      keys: ['404.html', 'index.html', 'preview/pr-42/404.html'],
      previous: root(['404.html', 'index.html', 'old/index.html', 'preview/pr-42/index.html']),
      outer: [],
      site: ROOT,
      now: T0,
    });
    expect(changes.claimed).toEqual([{ key: 'preview/pr-42/404.html', base: '/preview/pr-42/', why: 'inside' }]);
    expect(changes.deletes).toEqual(['old/index.html']);
    expect(changes.released).toEqual(['preview/pr-42/index.html']);
    expect(changes.inner).toEqual([{ base: '/preview/pr-42/', objects: 3 }]);
    expect(changes.others).toEqual(['owner/notes.txt']);
    expect(changes.record.objects).not.toContain('preview/pr-42/index.html');
  });

  it('never has a deploy inside another write a key the outer deploy recorded, nor one under a deploy inside it', () => {
    const nested = newRecordKey('preview/pr-42/fr/');
    const changes = planChanges({
      listed: ['preview/pr-42/404.html', 'preview/pr-42/about/index.html', 'preview/pr-42/fr/index.html', nested],
      keys: ['preview/pr-42/404.html', 'preview/pr-42/about/index.html', 'preview/pr-42/fr/index.html', 'preview/pr-42/index.html'],
      previous: { ...root(['preview/pr-42/about/index.html']), base: PREVIEW.base },
      outer: [root(['index.html', 'preview/pr-42/404.html', 'preview/pr-42/about/index.html', 'preview/pr-42/gone.html'])],
      site: PREVIEW,
      now: T0,
    });
    // about/ is in both records (an older deploy:s3 let the preview write over it): the preview's, as the root's next deploy lets it go.
    expect(changes.claimed).toEqual([
      { key: 'preview/pr-42/404.html', base: '/', why: 'recorded' },
      { key: 'preview/pr-42/fr/index.html', base: '/preview/pr-42/fr/', why: 'inside' },
    ]);
    expect(changes.inner).toEqual([{ base: '/preview/pr-42/fr/', objects: 2 }]);
  });

  it('takes a file of the site with the old name of a record for a file, not for another deploy', () => {
    const changes = planChanges({
      listed: ['index.html', `docs/${LEGACY_RECORD_FILE}`],
      keys: ['index.html', `docs/${LEGACY_RECORD_FILE}`],
      previous: undefined,
      outer: [],
      site: ROOT,
      now: T0,
    });
    expect([changes.claimed, changes.inner]).toEqual([[], []]);
  });
});

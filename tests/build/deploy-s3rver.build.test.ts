/**
 * `npm run deploy:s3` for real: the AWS CLI against an S3-compatible server (s3rver) with website
 * hosting, the built site checked through the website endpoint, then a changed build deployed
 * over it. s3rver's log of every request that changed the bucket is replayed to prove that no
 * page was ever served without the files it needs, and that nothing was removed early. A second
 * bucket holds a preview under /preview/pr-42/, an object of the owner's and the root site, deployed
 * again and again with another build: only what the root site's deploys recorded is removed, and
 * old hashed assets only once the build no longer keeps them. A third takes a build, then the same
 * without one entry: none of its files stays, and the record is served to no one.
 *
 * A deploy runs a dozen `aws` commands, each a Python process of its own: about 4 s on an idle
 * 2-core machine, fifteen times that at a load of 16. Each test that deploys has DEPLOY_MS for
 * every deploy it runs; no assertion depends on how long anything took.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import vm from 'node:vm';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { contentTypeFor } from '../../generator/hosting/policy';
import type { HostedSite } from '../../generator/hosting/redirects';
import { runBuild } from '../../generator/pipeline';
import { canonicalPath, routeFile } from '../../generator/urls';
import { routes } from '../../pages/routes';
import { renderedLiteral, replaceLiteral } from '../../scripts/lib/edits';
import { filesUnder, findOnPath, pageFiles, readHostedSite } from '../../scripts/lib/files';
import { buildCommand, copyProject, projectRoot } from '../../scripts/lib/project';
import { planUploads } from '../../scripts/lib/s3';
import { LEGACY_RECORD_FILE, recordPrefix } from '../../scripts/lib/s3-record';
import { type BucketChange, type S3Server, startS3Server } from '../../scripts/lib/s3-server';
import { freePort } from '../../scripts/lib/server';
import { site as siteConfig } from '../../site.config';
import { type DeployRun, runDeployScript, startDeployScript } from '../support/deploy';

const siteDir = inject('siteDir');
const BUCKET = 'www.example.test';
/** The bucket a preview and the root site share. */
const SHARED = 'shared.example.test';
/** The bucket of a site that withholds an entry it published. */
const WITHHELD = 'withheld.example.test';
/** The bucket of a deploy killed halfway. */
const INTERRUPTED = 'interrupted.example.test';
/**
 * Time enough for one deploy (or one build) on a loaded machine: vitest's 30 s a test is not. One
 * deploy, with the checks after it, took up to a minute at a load of 16 on two cores: three times that.
 */
const DEPLOY_MS = 180_000;
const run = promisify(execFile);

let server: S3Server;
let workDir: string;
let siteFiles: string[];
/** Where the built site lives and what it redirects, as the build wrote it for deploy:s3. */
let site: HostedSite;
let first: Deployed;

interface Deployed extends DeployRun {
  /** The requests that changed the bucket during this deploy. */
  changes: BucketChange[];
}

/** Runs `npm run deploy:s3 -- <args>` with s3rver's credentials, and the bucket changes it made. */
async function deploy(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Deployed> {
  const from = server.changes.length;
  const result = await runDeployScript(args, { ...server.awsEnv(), ...env });
  await server.settled();
  return { ...result, changes: server.changes.slice(from) };
}

/** The keys of the files a page loads (stylesheets, scripts, icons, fonts, images): what it needs to show. */
function resourcesOf(html: string): string[] {
  const $ = cheerio.load(html);
  const attributes = $('link[href], script[src], script[data-src], img[src], source[src], use[href]')
    .toArray()
    .map((element) => $(element).attr('href') ?? $(element).attr('src') ?? $(element).attr('data-src') ?? '');
  // The stylesheet is inside the page: its fonts are url()s in a <style> element.
  const inStyles = [
    ...$('style')
      .text()
      .matchAll(/url\(\s*["']?([^"')]+)/g),
  ].map((match) => match[1] ?? '');
  return [...attributes, ...inStyles]
    .filter((url) => url.startsWith('/') && !url.startsWith('//') && !url.endsWith('/'))
    .map((url) => decodeURIComponent(url.slice(1).split(/[?#]/)[0] ?? ''));
}

/** The key of the one record of the site at this prefix in the bucket: where deploy:s3 keeps it is its own choice. */
async function recordIn(bucket: string, prefix = ''): Promise<string> {
  const records = (await server.listKeys(bucket)).filter((key) => recordPrefix(key) === prefix);
  expect(records, `the records of /${prefix} in ${bucket}`).toHaveLength(1);
  return records[0] as string;
}

/** The index of the last change matching, or -1. */
function lastIndex(changes: BucketChange[], match: (change: BucketChange) => boolean): number {
  for (let index = changes.length - 1; index >= 0; index -= 1) if (match(changes[index] as BucketChange)) return index;
  return -1;
}
const isPut = (change: BucketChange) => change.method === 'PUT';
const isDelete = (change: BucketChange) => change.method === 'DELETE' || (change.method === 'POST' && change.query.includes('delete'));

/**
 * The record, as uploading, went up before anything else; every asset upload ended before any other
 * upload started, other files before pages, pages before the redirects' objects, every upload
 * before any removal, and everything before the record, as done.
 */
function expectPhasesInOrder(changes: BucketChange[]): void {
  const redirects = new Set(site.redirects.flatMap((rule) => [rule.from.slice(1), `${rule.from.slice(1)}/index.html`]));
  const record = (change: BucketChange) => isPut(change) && recordPrefix(change.key) === '';
  const upload = (change: BucketChange) => isPut(change) && !record(change);
  const asset = (change: BucketChange) => upload(change) && change.key.startsWith('assets/');
  const redirect = (change: BucketChange) => upload(change) && redirects.has(change.key);
  const other = (change: BucketChange) =>
    upload(change) && !change.key.startsWith('assets/') && !change.key.endsWith('.html') && !redirects.has(change.key);
  const page = (change: BucketChange) => upload(change) && change.key.endsWith('.html') && !redirects.has(change.key);
  const ended = (match: (change: BucketChange) => boolean) => lastIndex(changes, (change) => change.event === 'end' && match(change));
  const started = (match: (change: BucketChange) => boolean) => {
    const index = changes.findIndex((change) => change.event === 'start' && match(change));
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  expect(ended(asset), 'assets, then the other files').toBeLessThan(started(other));
  expect(ended(asset), 'assets, then the pages').toBeLessThan(started(page));
  expect(ended(other), 'other files, then the pages').toBeLessThan(started(page));
  expect(ended(page), 'pages, then the redirects').toBeLessThan(started(redirect));
  expect(changes.some(redirect), 'the redirects went up').toBe(true);
  expect(ended(upload), 'every upload, then the removals').toBeLessThan(started(isDelete));
  const records = changes.flatMap((change, index) => (record(change) ? [index] : []));
  expect(
    records.map((index) => changes[index]?.event),
    'the record twice',
  ).toEqual(['start', 'end', 'start', 'end']);
  expect(records[1], 'the record as uploading, then the uploads').toBeLessThan(started(upload));
  expect(
    ended((change) => upload(change) || isDelete(change)),
    'everything, then the record as done',
  ).toBeLessThan(records[2] as number);
  expect(changes.filter((change) => change.event === 'end' && change.status !== 200 && change.status !== 204)).toEqual([]);
}

// The test needs the real CLI, as users deploy with it.
const hasAws = findOnPath('aws') !== undefined;

// Without the CLI every test fails, saying how to install it (a failing beforeAll would only skip them).
beforeEach(() => {
  if (!hasAws)
    throw new Error('The deploy test runs the real AWS CLI, and `aws` is not on the PATH: apt-get install -y awscli (Debian or Ubuntu).');
});

beforeAll(async () => {
  if (!hasAws) return;
  workDir = await mkdtemp(path.join(tmpdir(), 'deploy-s3rver-'));
  siteFiles = await filesUnder(siteDir);
  site = await readHostedSite(siteDir);
  server = await startS3Server({ buckets: [BUCKET, SHARED, WITHHELD, INTERRUPTED] });
  first = await deploy([BUCKET, '--dist', siteDir, '--endpoint-url', server.endpoint]);
}, 2 * DEPLOY_MS);

afterAll(async () => {
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('npm run deploy:s3 to an S3-compatible server', () => {
  it('deploys the built site with one upload command a Content-Type, assets first, the record last', () => {
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const plan = planUploads(siteFiles, site);
    // One command a phase and Content-Type, and one for each object a redirect puts up.
    const commands = new Set(plan.map((upload) => `${upload.phase} ${upload.contentType} ${upload.websiteRedirect ? upload.key : ''}`));
    expect(first.stdout).toMatch(
      new RegExp(
        `Deployed ${plan.length} files to s3://${BUCKET} in [\\d.]+ s \\(${commands.size} upload commands\\); removed 0 stale objects\\.`,
      ),
    );
    expectPhasesInOrder(first.changes);
  });

  it('holds every site file, the record of the deploy, and no host configuration', async () => {
    const keys = planUploads(siteFiles, site).map((upload) => upload.key);
    await expect(server.listKeys(BUCKET)).resolves.toEqual([...keys, await recordIn(BUCKET)].sort());
    for (const file of ['serve.json', '_headers', '_redirects', 'deploy/nginx.conf', 'deploy/cloudfront-function.js', 'deploy/site.json']) {
      expect(siteFiles, `${file} is in the build`).toContain(file);
      expect((await server.website(BUCKET, `/${file}`)).status, file).toBe(404);
    }
  });

  it('serves every route with and without the slash through the website endpoint', async () => {
    for (const route of routes) {
      const html = await readFile(path.join(siteDir, routeFile(route.path)));
      const page = await server.website(BUCKET, canonicalPath(route.path));
      expect(page.status, route.path).toBe(200);
      expect(page.body.equals(html), route.path).toBe(true);
      if (route.path === '/') continue;
      // S3 website hosting sends a folder without the slash to the folder (a 302, as S3 answers).
      const bare = await server.website(BUCKET, route.path);
      expect(bare.status, route.path).toBe(302);
      expect(bare.headers.location, route.path).toBe(canonicalPath(route.path));
    }
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    for (const unknown of ['/no-such-page/', '/no-such-page', '/assets/main.0000000000.css']) {
      const response = await server.website(BUCKET, unknown);
      expect(response.status, unknown).toBe(404);
      expect(response.headers['content-type'], unknown).toBe('text/html; charset=utf-8');
      expect(response.body.equals(await readFile(path.join(siteDir, '404.html'))), unknown).toBe(true);
    }
  });

  it('answers /about and /about/ with a 301 to /about-us/, as every redirect of the table, in one step', async () => {
    expect(site.redirects.map((rule) => [rule.from, rule.to])).toContainEqual(['/about', '/about-us/']);
    for (const rule of site.redirects) {
      for (const requested of [rule.from, `${rule.from}/`]) {
        const response = await server.website(BUCKET, requested);
        expect(response.status, requested).toBe(301);
        expect(response.headers.location, requested).toBe(rule.to);
        expect((await server.website(BUCKET, rule.to)).status, rule.to).toBe(200);
      }
    }
  });

  it('serves each object byte for byte with its Content-Type and Cache-Control', async () => {
    for (const upload of planUploads(siteFiles, site).filter((upload) => upload.websiteRedirect === undefined)) {
      const response = await server.website(BUCKET, `/${upload.key}`);
      expect(response.status, upload.key).toBe(200);
      expect(response.headers['content-type'], upload.key).toBe(contentTypeFor(upload.key));
      expect(response.headers['cache-control'], upload.key).toBe(
        upload.key.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      expect(response.body.equals(await readFile(path.join(siteDir, upload.file))), upload.key).toBe(true);
    }
  });

  it(
    'deploys a changed build over it: nothing missing on the way, the dropped page removed last, the old script kept as the build keeps it',
    async () => {
      // The next build: a script of another name (its hash is as long, so every page keeps its
      // size), the old one kept beside it as a build keeps it for its grace period, a page removed,
      // a page added, and every file older than the objects in the bucket, as a rollback to an
      // earlier build would be. Size and date alone would skip every page.
      const next = path.join(workDir, 'next');
      await cp(siteDir, next, { recursive: true, dereference: true });
      const oldScript = siteFiles.find((file) => /^assets\/main\.\w+\.js$/.test(file));
      expect(oldScript).toBeDefined();
      const newScript = (oldScript as string).replace(/\.\w+\.js$/, (hash) => `.${'f'.repeat(hash.length - 4)}.js`);
      await cp(path.join(next, oldScript as string), path.join(next, newScript));
      const removedPage = routeFile(routes.at(-1)?.path ?? '');
      await rm(path.join(next, removedPage));
      await cp(path.join(next, 'about-us'), path.join(next, 'added-page'), { recursive: true });
      for (const file of (await filesUnder(next)).filter((name) => name.endsWith('.html'))) {
        const html = await readFile(path.join(next, file), 'utf8');
        await writeFile(path.join(next, file), html.replaceAll(`/${oldScript}`, `/${newScript}`));
      }
      const past = new Date('2001-01-01T00:00:00Z');
      const nextFiles = await filesUnder(next);
      await Promise.all(nextFiles.map((file) => utimes(path.join(next, file), past, past)));

      const oldKeys = planUploads(siteFiles, site).map((upload) => upload.key);
      const newKeys = planUploads(nextFiles, site).map((upload) => upload.key);
      const redirected = new Set(planUploads(nextFiles, site).flatMap((upload) => (upload.websiteRedirect ? [upload.key] : [])));
      const dropped = oldKeys.filter((key) => !newKeys.includes(key));
      expect(dropped).toEqual([removedPage]);

      // This time the endpoint comes from the standard variable.
      const second = await deploy([BUCKET, '--dist', next], { AWS_ENDPOINT_URL: server.endpoint });
      expect(second.stderr).toBe('');
      expect(second.status).toBe(0);
      expect(second.stdout).toContain(`; removed 1 stale object.`);
      expectPhasesInOrder(second.changes);

      // Unchanged assets are skipped (same name, same size: same bytes); every other file goes up again.
      const uploaded = second.changes
        .filter((change) => isPut(change) && change.event === 'end' && recordPrefix(change.key) === undefined)
        .map((change) => change.key);
      expect(uploaded.filter((key) => key.startsWith('assets/'))).toEqual([newScript]);
      expect(uploaded.filter((key) => !key.startsWith('assets/')).sort()).toEqual(
        newKeys.filter((key) => !key.startsWith('assets/')).sort(),
      );

      // Replay the bucket through the deploy: after every request, each page it held (old or new)
      // had every file it loads, and no page of the new build that the old one had went missing.
      const pageHtml = async (folder: string, key: string) => readFile(path.join(folder, key), 'utf8');
      // What a page loads, as the replay reads it: the script, the font and the icon sprite at least.
      const loaded = resourcesOf(await pageHtml(next, 'index.html'));
      expect(loaded).toContain(newScript);
      expect(loaded.some((file) => file.endsWith('.woff2'))).toBe(true);
      expect(loaded.some((file) => /^assets\/icons\.\w+\.svg$/.test(file))).toBe(true);
      const held = new Map<string, 'old' | 'new'>(oldKeys.map((key) => [key, 'old']));
      const missing: string[] = [];
      for (const change of second.changes) {
        if (isPut(change) && change.event === 'end') held.set(change.key, 'new');
        // A batch delete names its keys in the body: count all the stale ones as gone from its start.
        if (isDelete(change) && change.event === 'start') for (const key of change.key ? [change.key] : [removedPage]) held.delete(key);
        for (const [key, version] of held) {
          if (!key.endsWith('.html')) continue;
          for (const resource of resourcesOf(await pageHtml(version === 'old' ? siteDir : next, key))) {
            if (!held.has(resource))
              missing.push(`${key} (${version}) loads ${resource}, absent after the ${change.event} of ${change.method} ${change.key}`);
          }
        }
        for (const key of newKeys.filter((name) => oldKeys.includes(name) && !held.has(name))) {
          missing.push(`${key} absent after the ${change.event} of ${change.method} ${change.key}`);
        }
      }
      expect([...new Set(missing)]).toEqual([]);

      // The bucket now holds the new build, the old script with it, and the record, and serves the new build.
      await expect(server.listKeys(BUCKET)).resolves.toEqual([...newKeys, await recordIn(BUCKET)].sort());
      for (const key of newKeys.filter((name) => !redirected.has(name))) {
        const response = await server.website(BUCKET, `/${key}`);
        expect(response.status, key).toBe(200);
        expect(response.body.equals(await readFile(path.join(next, key))), key).toBe(true);
      }
      for (const key of redirected) expect((await server.website(BUCKET, `/${key}`)).status, key).toBe(301);
      expect((await server.website(BUCKET, '/added-page/')).status).toBe(200);
      expect((await server.website(BUCKET, `/${removedPage.replace(/index\.html$/, '')}`)).status).toBe(404);
      expect((await server.website(BUCKET, `/${oldScript}`)).status).toBe(200);
    },
    2 * DEPLOY_MS,
  );

  it(
    'stops with a clear message, changing nothing, when the bucket does not exist or the endpoint does not answer',
    async () => {
      const before = server.changes.length;
      const noBucket = await deploy(['no-such-bucket', '--dist', siteDir, '--endpoint-url', server.endpoint]);
      expect(noBucket.status).toBe(1);
      expect(noBucket.stderr).toContain(`The bucket "no-such-bucket" does not exist at ${server.endpoint}`);
      expect(noBucket.stderr).toContain('Nothing was uploaded or removed.');

      // One attempt: the CLI would otherwise retry a refused connection for about ten seconds.
      const nowhere = `http://127.0.0.1:${await freePort()}`;
      const unreachable = await deploy([BUCKET, '--dist', siteDir], { AWS_ENDPOINT_URL: nowhere, AWS_MAX_ATTEMPTS: '1' });
      expect(unreachable.status).toBe(1);
      expect(unreachable.stderr).toContain(`Could not reach ${nowhere}: is the endpoint right, and the server up?`);
      expect(server.changes.slice(before)).toEqual([]);
    },
    2 * DEPLOY_MS,
  );
});

/** A built site, and the keys it puts in a bucket. */
interface Built {
  dir: string;
  files: string[];
  site: HostedSite;
  keys: string[];
}

async function built(dir: string): Promise<Built> {
  const files = await filesUnder(dir);
  const hosted = await readHostedSite(dir);
  return { dir, files, site: hosted, keys: planUploads(files, hosted).map((upload) => upload.key) };
}

describe('one bucket shared by a preview and the root site, deployed again and again', () => {
  const PREVIEW_BASE = '/preview/pr-42/';
  const OWNER_KEY = 'owner/notes.txt';
  let preview: Built;
  /**
   * The root site as the build test's site (A); a build of a changed copy of the project over it
   * (B), which keeps A's hashed assets it no longer uses for its grace period; and B once that
   * period is over (C).
   */
  let siteA: Built;
  let siteB: Built;
  let siteC: Built;
  /** Hashed assets A's pages load that B's pages do not: B keeps them for its grace period, C does not. */
  let onlyA: string[];
  /** The hashed assets of earlier builds that B keeps. */
  let carried: string[];

  beforeAll(async () => {
    if (!hasAws) return;
    const previewDir = path.join(workDir, 'preview');
    await runBuild({ root: projectRoot, outDir: previewDir, log: () => {}, siteUrl: siteConfig.url, base: PREVIEW_BASE });
    preview = await built(previewDir);
    siteA = await built(siteDir);
    // B: the script says something else, and the home page shows a letter no page had (the font is cut to the text).
    const project = await copyProject('deploy-s3rver-b-');
    const outDir = path.join(workDir, 'next-build');
    try {
      const main = path.join(project.root, 'client/main.ts');
      await writeFile(main, (await readFile(main, 'utf8')).replace('failed to start:', 'failed to start (build B):'));
      const content = path.join(project.root, 'pages/home/content.ts');
      const source = await readFile(content, 'utf8');
      const literal = renderedLiteral(source, await readFile(path.join(siteDir, 'index.html'), 'utf8'));
      await writeFile(content, replaceLiteral(source, literal, `${literal} Straße`));
      // Built where A is, as a site is built again where it was: the build carries A's assets.
      await cp(siteDir, outDir, { recursive: true, dereference: true });
      await run(...buildCommand(['--quiet', '--out-dir', outDir, '--site-url', siteConfig.url]), { cwd: project.root });
      siteB = await built(outDir);
    } finally {
      await project.remove();
    }
    // The assets the build carries, as its history lists them; C is B without them, as B's build is once their grace period is over.
    carried = Object.keys(JSON.parse(await readFile(path.join(workDir, '.next-build-builds/assets.json'), 'utf8')) as object).sort();
    const laterDir = path.join(workDir, 'later-build');
    await cp(outDir, laterDir, { recursive: true, dereference: true });
    await Promise.all(carried.map((file) => rm(path.join(laterDir, file))));
    siteC = await built(laterDir);
    const loadedBy = async (dir: string) =>
      new Set(
        (await Promise.all((await pageFiles(dir)).map(async (file) => resourcesOf(await readFile(path.join(dir, file), 'utf8'))))).flat(),
      );
    const loadedByB = await loadedBy(siteB.dir);
    onlyA = [...(await loadedBy(siteDir))].filter((key) => key.startsWith('assets/') && !loadedByB.has(key)).sort();
  }, 4 * DEPLOY_MS);

  /** Every object of the preview is in the bucket, and served as built. */
  async function expectPreviewWhole(): Promise<void> {
    const keys = await server.listKeys(SHARED);
    expect(preview.keys.filter((key) => !keys.includes(key))).toEqual([]);
    await recordIn(SHARED, PREVIEW_BASE.slice(1));
    for (const upload of planUploads(preview.files, preview.site)) {
      const response = await server.website(SHARED, `/${upload.key}`);
      expect(response.status, upload.key).toBe(upload.websiteRedirect ? 301 : 200);
      if (!upload.websiteRedirect) expect(response.body.equals(await readFile(path.join(preview.dir, upload.file))), upload.key).toBe(true);
    }
    expect((await server.website(SHARED, `/${OWNER_KEY}`)).body.toString()).toBe('the owner’s own file\n');
  }

  it(
    'a root deploy after a preview deploy keeps every object of the preview, and one the owner put there',
    async () => {
      expect(preview.keys.every((key) => key.startsWith('preview/pr-42/'))).toBe(true);
      const first = await deploy([SHARED, '--dist', preview.dir, '--endpoint-url', server.endpoint]);
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      const notes = path.join(workDir, 'notes.txt');
      await writeFile(notes, 'the owner’s own file\n');
      await run('aws', ['s3', 'cp', notes, `s3://${SHARED}/${OWNER_KEY}`, '--endpoint-url', server.endpoint], { env: server.awsEnv() });

      const root = await deploy([SHARED, '--dist', siteA.dir, '--endpoint-url', server.endpoint]);
      expect(root.stderr).toBe('');
      expect(root.status).toBe(0);
      await expectPreviewWhole();
      for (const key of siteA.keys) expect((await server.website(SHARED, `/${key}`)).status, key).not.toBe(404);
      // No record of a root deploy yet: nothing removed, in one line.
      expect(root.changes.filter(isDelete)).toEqual([]);
      expect(root.stdout).toContain(
        '  No record of an earlier deploy at this base path (an older deploy:s3 wrote none): nothing is removed',
      );
      expect(root.stdout).toMatch(/\n {2}Left alone: the deploy at \/preview\/pr-42\/ \(\d+ objects\), which keeps its own\.\n/);
    },
    2 * DEPLOY_MS,
  );

  it(
    "refuses a root build with a file at the preview's address before uploading anything, and a dry run says so",
    async () => {
      // A file of the root site under the preview's base path, as public/preview/pr-42/404.html would make.
      const dir = path.join(workDir, 'root-over-preview');
      await cp(siteA.dir, dir, { recursive: true, dereference: true });
      await mkdir(path.join(dir, 'preview/pr-42'), { recursive: true });
      await writeFile(path.join(dir, 'preview/pr-42/404.html'), '<!doctype html><title>Not the preview’s</title>\n');
      const claimed = '  preview/pr-42/404.html: under /preview/pr-42/, where another deploy keeps its site\n';
      const dry = await deploy([SHARED, '--dist', dir, '--endpoint-url', server.endpoint, '--dry-run']);
      expect(dry.status).toBe(1);
      expect(dry.stderr).toMatch(
        /^The deploy would stop before uploading anything: the build has 1 file that another deploy in this bucket keeps:\n/,
      );
      expect(dry.stderr).toContain(claimed);
      const refused = await deploy([SHARED, '--dist', dir, '--endpoint-url', server.endpoint]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^Deploy stopped before uploading anything: /);
      expect(refused.stderr).toContain(claimed);
      expect([...dry.changes, ...refused.changes]).toEqual([]);
      await expectPreviewWhole();
    },
    2 * DEPLOY_MS,
  );

  it(
    'leaves in place an object of the preview that a root record of an older deploy:s3 names, and lets it go',
    async () => {
      // What the older deploy:s3 left after writing over the preview's 404 page: its record, at its old key, names it.
      const legacy = path.join(workDir, 'legacy-record.json');
      const objects = Object.fromEntries([...siteA.keys, 'preview/pr-42/404.html'].map((key) => [key, { deploy: 1 }]));
      await writeFile(legacy, JSON.stringify({ format: 1, base: '/', deploy: 1, deployedAt: '2026-01-01T00:00:00.000Z', objects }));
      await run('aws', ['s3', 'cp', legacy, `s3://${SHARED}/${LEGACY_RECORD_FILE}`, '--endpoint-url', server.endpoint], {
        env: server.awsEnv(),
      });
      const again = await deploy([SHARED, '--dist', siteA.dir, '--endpoint-url', server.endpoint]);
      expect(again.stderr).toBe('');
      expect(again.status).toBe(0);
      await expectPreviewWhole();
      expect(again.stdout).toContain(
        '  Left to the deploys inside this base path, and no longer recorded: 1 object (preview/pr-42/404.html).\n',
      );
      const keys = await server.listKeys(SHARED);
      expect(keys).not.toContain(LEGACY_RECORD_FILE);
      const record = await run('aws', ['s3', 'cp', `s3://${SHARED}/${await recordIn(SHARED)}`, '-', '--endpoint-url', server.endpoint], {
        env: server.awsEnv(),
      });
      expect((JSON.parse(record.stdout) as { objects: string[] }).objects).toEqual([...siteA.keys].sort());
    },
    DEPLOY_MS,
  );

  it(
    'a dry run lists what the next deploy would upload and replace, and changes nothing',
    async () => {
      expect(onlyA.some((key) => /^assets\/main\.\w+\.js$/.test(key))).toBe(true);
      expect(onlyA.some((key) => key.endsWith('.woff2'))).toBe(true);
      expect(carried).toEqual(expect.arrayContaining(onlyA));
      const dry = await deploy([SHARED, '--dist', siteB.dir, '--endpoint-url', server.endpoint, '--dry-run']);
      expect(dry.stderr).toBe('');
      expect(dry.status).toBe(0);
      expect(dry.changes).toEqual([]);
      const lines = dry.stdout.split('\n');
      const listed = (word: string) => lines.filter((line) => line.startsWith(`  ${word} `)).map((line) => line.slice(13).split('  ')[0]);
      expect(listed('new')).toEqual(siteB.keys.filter((key) => !siteA.keys.includes(key)).sort());
      expect(listed('replace')).toEqual(siteB.keys.filter((key) => !key.startsWith('assets/')).sort());
      expect(listed('delete')).toEqual([]);
      const unchanged = siteB.keys.filter((key) => key.startsWith('assets/') && siteA.keys.includes(key)).length;
      expect(dry.stdout).toContain(`  unchanged  ${unchanged} hashed assets the bucket holds already (skipped)\n`);
      expect(dry.stdout).toMatch(/\n {2}Left alone: the deploy at \/preview\/pr-42\/ \(\d+ objects\), which keeps its own\.\n/);
      expect(dry.stdout).toContain('\n  Left alone: 1 object no recorded deploy of this site wrote (owner/notes.txt).\n');
    },
    DEPLOY_MS,
  );

  it(
    'a page of the previous deploy still loads its script, fonts and sprite after the next deploy, the build keeping them',
    async () => {
      const next = await deploy([SHARED, '--dist', siteB.dir, '--endpoint-url', server.endpoint]);
      expect(next.stderr).toBe('');
      expect(next.status).toBe(0);
      // Every page of B is served, and every file a page of A loads is still there, byte for byte.
      expect((await server.website(SHARED, '/')).body.equals(await readFile(path.join(siteB.dir, 'index.html')))).toBe(true);
      for (const page of await pageFiles(siteDir)) {
        for (const resource of resourcesOf(await readFile(path.join(siteDir, page), 'utf8'))) {
          const response = await server.website(SHARED, `/${resource}`);
          expect(response.status, `${page} loads ${resource}`).toBe(200);
          expect(response.body.equals(await readFile(path.join(siteDir, resource))), resource).toBe(true);
        }
      }
      await expectPreviewWhole();
      expect(next.stdout).toMatch(/; removed 0 stale objects\.\n$/);
      expectPhasesInOrder(next.changes);
    },
    DEPLOY_MS,
  );

  it(
    'refuses a deploy that would remove more than --max-deletes, before uploading anything; a dry run says so too',
    async () => {
      // C no longer has A's old assets, which B kept.
      const args = [SHARED, '--dist', siteC.dir, '--endpoint-url', server.endpoint, '--max-deletes', '1'];
      const count = carried.length;
      expect(count).toBeGreaterThan(1);
      const dry = await deploy([...args, '--dry-run']);
      expect(dry.status).toBe(1);
      expect(dry.stdout.split('\n').filter((line) => line.startsWith('  delete '))).toHaveLength(count);
      expect(dry.stderr).toMatch(
        new RegExp(
          `^The deploy would stop before uploading anything: it would remove ${count} objects, more than --max-deletes allows \\(1\\): `,
        ),
      );
      const refused = await deploy(args);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        new RegExp(
          `^Deploy stopped before uploading anything: it would remove ${count} objects, more than --max-deletes allows \\(1\\): .*\\.\\n` +
            `Check them with --dry-run; if they should go, deploy with --max-deletes ${count}\\.\\n$`,
        ),
      );
      expect([...dry.changes, ...refused.changes]).toEqual([]);
    },
    2 * DEPLOY_MS,
  );

  it(
    "removes the old assets once the build no longer keeps them, and nothing else: the preview and the owner's object stay",
    async () => {
      const last = await deploy([SHARED, '--dist', siteC.dir, '--endpoint-url', server.endpoint]);
      expect(last.stderr).toBe('');
      expect(last.status).toBe(0);
      expect(last.stdout).toContain(`removed ${carried.length} stale objects: `);
      expect(last.stdout).toContain(`; removed ${carried.length} stale objects.`);
      await expect(server.listKeys(SHARED)).resolves.toEqual(
        [...siteC.keys, await recordIn(SHARED), ...preview.keys, await recordIn(SHARED, PREVIEW_BASE.slice(1)), OWNER_KEY].sort(),
      );
      for (const key of onlyA) expect((await server.website(SHARED, `/${key}`)).status, key).toBe(404);
      await expectPreviewWhole();
    },
    DEPLOY_MS,
  );
});

/** The files of an entry's page: the page, and what it names (images, its share image) that no page of the given ones names. */
async function entryFiles(dir: string, page: string, others: readonly string[]): Promise<string[]> {
  const named = async (file: string) => {
    const $ = cheerio.load(await readFile(path.join(dir, file), 'utf8'));
    const urls = $('[href], [src], [content], [srcset]')
      .toArray()
      .flatMap((element) => ['href', 'src', 'content', 'srcset'].flatMap((name) => ($(element).attr(name) ?? '').split(/[\s,]+/)));
    return urls.flatMap((url) => {
      const address = url.startsWith(siteConfig.url) ? url.slice(siteConfig.url.replace(/\/$/, '').length) : url;
      return address.startsWith('/') && !address.startsWith('//') ? [decodeURIComponent(address.slice(1).split(/[?#]/)[0] ?? '')] : [];
    });
  };
  const elsewhere = new Set((await Promise.all(others.map(named))).flat());
  return [page, ...new Set((await named(page)).filter((file) => file.startsWith('assets/') && !elsewhere.has(file)))].sort();
}

describe('an entry the build leaves out', () => {
  const ENTRY = 'news/why-we-are-building-kestrel-risk/index.html';
  let withheld: Built;
  /** The entry's page and the files only it names: its share image at least. */
  let entry: string[];

  beforeAll(async () => {
    if (!hasAws) return;
    const pages = (await pageFiles(siteDir)).filter((file) => file !== ENTRY);
    entry = await entryFiles(siteDir, ENTRY, pages);
    // The build once the entry is a draft (or scheduled, expired, deleted): none of its files, old
    // hashed assets included (the build keeps no withheld entry's files for its grace period).
    const dir = path.join(workDir, 'withheld');
    await cp(siteDir, dir, { recursive: true, dereference: true });
    await Promise.all(entry.map((file) => rm(path.join(dir, file))));
    withheld = await built(dir);
  });

  /** The one object in the bucket that is no file of the site: the record of the deploys, wherever deploy:s3 keeps it. */
  async function recordBeside(keys: readonly string[]): Promise<string> {
    const others = (await server.listKeys(WITHHELD)).filter((key) => !keys.includes(key));
    expect(others).toHaveLength(1);
    return others[0] as string;
  }

  /** Nothing but the site's objects is served through the website endpoint or CloudFront: the record of the deploys least of all. */
  async function expectOnlySiteServed(keys: readonly string[]): Promise<void> {
    const record = await recordBeside(keys);
    const cloudfront = vm.runInNewContext(`${await readFile(path.join(siteDir, 'deploy/cloudfront-function.js'), 'utf8')}\nhandler`) as (
      event: object,
    ) => { uri?: string };
    // What the function sends on to the bucket (S3 decodes the path) for any spelling of the record's address.
    for (const uri of [`/${record}`, `/${record}/`, `/${record.replaceAll('/', '%2F')}`]) {
      const forwarded = cloudfront({ request: { uri, querystring: {} } }).uri;
      expect(decodeURIComponent(forwarded ?? ''), `CloudFront sends ${uri} to the record`).not.toBe(`/${record}`);
    }
    const response = await server.website(WITHHELD, `/${record}`);
    expect(response.status, `the website serves ${record}`).not.toBe(200);
    expect(response.body.toString(), record).not.toContain(ENTRY);
    expect((await server.website(WITHHELD, `/${LEGACY_RECORD_FILE}`)).status).toBe(404);
  }

  it(
    'is gone from the bucket with the next deploy, its hashed files too, and its address is in nothing served',
    async () => {
      expect(entry.some((file) => /^assets\/.*\.png$/.test(file))).toBe(true);
      const first = await deploy([WITHHELD, '--dist', siteDir, '--endpoint-url', server.endpoint]);
      expect(first.status).toBe(0);
      for (const file of entry) expect((await server.website(WITHHELD, `/${file}`)).status, file).toBe(200);
      await expectOnlySiteServed(planUploads(siteFiles, site).map((upload) => upload.key));

      const next = await deploy([WITHHELD, '--dist', withheld.dir, '--endpoint-url', server.endpoint]);
      expect(next.stderr).toBe('');
      expect(next.status).toBe(0);
      const keys = await server.listKeys(WITHHELD);
      expect(entry.filter((file) => keys.includes(file))).toEqual([]);
      expect(next.stdout).toContain(`; removed ${entry.length} stale objects.`);
      expect(keys).toEqual([...withheld.keys, await recordBeside(withheld.keys)].sort());
      for (const file of entry) expect((await server.website(WITHHELD, `/${file}`)).status, file).toBe(404);
      await expectOnlySiteServed(withheld.keys);
    },
    2 * DEPLOY_MS,
  );
});

describe('a deploy killed halfway', () => {
  it(
    'is finished by the next deploy, which removes what it uploaded that the next build does not have',
    async () => {
      // The build of the deploy to kill: the site with one page more.
      const dir = path.join(workDir, 'killed');
      await cp(siteDir, dir, { recursive: true, dereference: true });
      await cp(path.join(dir, 'about-us'), path.join(dir, 'killed-page'), { recursive: true });
      const killedKeys = (await built(dir)).keys;
      // Killed as it reaches the redirects, its pages up, as a cancelled CI job or a closed laptop would stop it.
      const redirects = new Set(planUploads(siteFiles, site).flatMap((upload) => (upload.websiteRedirect ? [upload.key] : [])));
      const reached = server.hold((change) => change.bucket === INTERRUPTED && isPut(change) && redirects.has(change.key));
      const running = startDeployScript([INTERRUPTED, '--dist', dir, '--endpoint-url', server.endpoint], server.awsEnv());
      await reached;
      running.kill();
      expect((await running.done).status).toBeNull();
      await server.settled();
      const left = await server.listKeys(INTERRUPTED);
      expect(left).toContain('killed-page/index.html');
      expect(killedKeys.filter((key) => !left.includes(key)).length).toBeGreaterThan(0);

      const next = await deploy([INTERRUPTED, '--dist', siteDir, '--endpoint-url', server.endpoint]);
      expect(next.stderr).toBe('');
      expect(next.status).toBe(0);
      const keys = planUploads(siteFiles, site).map((upload) => upload.key);
      const now = await server.listKeys(INTERRUPTED);
      expect(now.filter((key) => !keys.includes(key) && recordPrefix(key) === undefined)).toEqual([]);
      expect(now).toEqual([...keys, await recordIn(INTERRUPTED)].sort());
      expect((await server.website(INTERRUPTED, '/killed-page/')).status).toBe(404);
      expect(next.stdout).toContain(
        '  Deploy 1 at this base path did not finish (its record says it was still uploading): this one finishes it, and removes what it left that this build does not have.\n',
      );
      expect(next.stdout).toContain('; removed 1 stale object.');
    },
    2 * DEPLOY_MS,
  );
});

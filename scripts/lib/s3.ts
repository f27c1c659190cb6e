import {
  ASSETS_DIR,
  CACHE_REVALIDATE,
  cacheControlFor,
  contentTypeFor,
  DEPLOY_DIR,
  HOST_CONFIG_FILES,
  isSiteFile,
} from '../../generator/hosting/policy';
import { type HostedSite, ROOT_SITE } from '../../generator/hosting/redirects';
import { redirectFile } from './files';

/**
 * When a file goes up: hashed assets first (new pages only ever refer to assets already in the
 * bucket), then the other files (robots.txt, sitemap.xml, unhashed public files), then the pages,
 * then the redirects (a redirect is live only once its target is).
 */
export const PHASES = ['assets', 'files', 'pages', 'redirects'] as const;
export type Phase = (typeof PHASES)[number];

/** One file to upload, with the metadata S3 will serve it with. */
export interface S3Upload {
  file: string;
  /** The object's key: the file's path under the site's base path ("site/about-us/index.html"). */
  key: string;
  phase: Phase;
  contentType: string;
  cacheControl: string;
  /** For a redirect's source: the target, which S3 website hosting answers with a 301 (x-amz-website-redirect-location). */
  websiteRedirect?: string;
}

function phaseOf(file: string): Phase {
  if (file.startsWith(`${ASSETS_DIR}/`)) return 'assets';
  return file.endsWith('.html') ? 'pages' : 'files';
}

/**
 * Every file of a built site that goes to the bucket, in upload order, with its metadata. Host
 * configuration (serve.json, _headers, _redirects, deploy/) is not part of the site and stays
 * behind. Keys carry the base path. A 301 redirect's page goes up twice with its target as the
 * object's website redirect: at `<source>/index.html` and at `<source>` (so that S3 answers the
 * path without the slash with the 301 itself, rather than a 302 to the folder first). S3 website
 * hosting redirects an object with 301 only: a 302 redirect goes up as its page alone
 * (s3RedirectNotes says so).
 */
export function planUploads(files: readonly string[], site: HostedSite = ROOT_SITE): S3Upload[] {
  const prefix = site.base.slice(1);
  const redirects = new Map(site.redirects.filter((rule) => rule.status === 301).map((rule) => [redirectFile(site, rule), rule]));
  return files
    .filter(isSiteFile)
    .flatMap((file): S3Upload[] => {
      const contentType = contentTypeFor(file);
      if (!contentType) {
        throw new Error(`No Content-Type is known for ${file}; add its extension to CONTENT_TYPES in generator/hosting/policy.ts.`);
      }
      const upload = { file, key: `${prefix}${file}`, phase: phaseOf(file), contentType, cacheControl: cacheControlFor(file) };
      const redirect = redirects.get(file);
      if (!redirect) return [upload];
      return [upload.key, upload.key.replace(/\/index\.html$/, '')].map((key) => ({
        ...upload,
        key,
        phase: 'redirects',
        websiteRedirect: redirect.to,
      }));
    })
    .sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.key.localeCompare(b.key));
}

/** What S3 website hosting cannot do as the other hosts do, one line each: a 302 redirect (it redirects objects with 301 only). */
export function s3RedirectNotes(site: HostedSite): string[] {
  return site.redirects
    .filter((rule) => rule.status !== 301)
    .map(
      (rule) =>
        `${rule.from} → ${rule.to} is a ${rule.status}: S3 website hosting redirects objects with 301 only, so it gets its page, which sends the browser on.`,
    );
}

/**
 * One `aws s3` command: the files of one phase that share a Content-Type (the CLI sets one
 * Content-Type a command, and guesses badly without it), picked out by their suffixes.
 */
export interface S3Pass {
  phase: Phase;
  contentType: string;
  cacheControl: string;
  /** A redirect's object, uploaded by a command of its own: its target. */
  websiteRedirect?: string;
  /** The file name endings, as spelt in the output (`.css`, `.PNG`): the CLI's filters are case-sensitive. */
  suffixes: string[];
  uploads: S3Upload[];
}

function suffixOf(file: string): string {
  return file.slice(file.lastIndexOf('.'));
}

/** The plan as passes, phase by phase; the passes of one phase are independent and may run at once. */
export function planPasses(uploads: readonly S3Upload[]): S3Pass[] {
  const passes = new Map<string, S3Pass>();
  for (const upload of uploads) {
    // Cache-Control follows from the phase (assets or not), so phase and Content-Type decide the
    // pass; a redirect's object carries its own target, so it is a pass of its own.
    const id = `${upload.phase}\n${upload.contentType}${upload.websiteRedirect ? `\n${upload.key}` : ''}`;
    const pass = passes.get(id) ?? {
      phase: upload.phase,
      contentType: upload.contentType,
      cacheControl: upload.cacheControl,
      ...(upload.websiteRedirect ? { websiteRedirect: upload.websiteRedirect } : {}),
      suffixes: [],
      uploads: [],
    };
    passes.set(id, pass);
    if (!pass.suffixes.includes(suffixOf(upload.file))) pass.suffixes.push(suffixOf(upload.file));
    pass.uploads.push(upload);
  }
  return [...passes.values()].sort(
    (a, b) =>
      PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) ||
      a.contentType.localeCompare(b.contentType) ||
      (a.uploads[0]?.key ?? '').localeCompare(b.uploads[0]?.key ?? ''),
  );
}

/** Where a deploy goes: the bucket, and the S3-compatible endpoint when it is not AWS. */
export interface S3Target {
  bucket: string;
  endpointUrl?: string | undefined;
  /** The keys' prefix, the site's base path without its first slash ("site/"); none at the root. */
  prefix?: string | undefined;
}

/** The bucket, or the folder of it that the site's base path names: "s3://b", "s3://b/site". */
function destination(target: S3Target, folder = ''): string {
  const path = `${target.prefix ?? ''}${folder}`.replace(/\/+$/, '');
  return `s3://${target.bucket}${path ? `/${path}` : ''}`;
}

function endpointArgs(target: S3Target): string[] {
  return target.endpointUrl ? ['--endpoint-url', target.endpointUrl] : [];
}

/**
 * The `aws` arguments of a pass. Assets are synced with --size-only: their names are content
 * hashes, so a key of the same name and size holds the same bytes, and a redeploy skips it.
 * Everything else is copied every time: a page can change without changing size (a new asset
 * hash is as long as the old one), and sync's other test, a local file newer than the object,
 * fails for a rollback to an older build.
 */
export function passArgs(pass: S3Pass, dist: string, target: S3Target, site: HostedSite = ROOT_SITE): string[] {
  // A suffix is one of CONTENT_TYPES' extensions (in some case), so it holds no wildcard.
  const includes = pass.suffixes.flatMap((suffix) => ['--include', `*${suffix}`]);
  const metadata = [
    '--content-type',
    pass.contentType,
    '--cache-control',
    pass.cacheControl,
    '--only-show-errors',
    ...endpointArgs(target),
  ];
  const [upload] = pass.uploads;
  if (pass.websiteRedirect && upload) {
    return [
      's3',
      'cp',
      `${dist}/${upload.file}`,
      `s3://${target.bucket}/${upload.key}`,
      '--website-redirect',
      pass.websiteRedirect,
      ...metadata,
    ];
  }
  if (pass.phase === 'assets') {
    return [
      's3',
      'sync',
      `${dist}/${ASSETS_DIR}`,
      destination(target, ASSETS_DIR),
      '--size-only',
      '--exclude',
      '*',
      ...includes,
      ...metadata,
    ];
  }
  // The filters are read in order, the last match winning: host configuration, assets and the
  // redirects' pages (which go up with their redirect) stay out.
  const excludes = [`${ASSETS_DIR}/*`, `${DEPLOY_DIR}/*`, ...HOST_CONFIG_FILES, ...redirectFiles(site)].flatMap((pattern) => [
    '--exclude',
    pattern,
  ]);
  return ['s3', 'cp', dist, destination(target), '--recursive', '--exclude', '*', ...includes, ...excludes, ...metadata];
}

/** The pages of the redirects S3 answers itself, which the page passes leave out. */
function redirectFiles(site: HostedSite): string[] {
  return site.redirects.filter((rule) => rule.status === 301).map((rule) => redirectFile(site, rule));
}

/**
 * The files a pass's filters pick out of the output, as the CLI reads them (`*` also matches `/`):
 * lets the tests prove that the passes upload every planned file once, and nothing else.
 */
export function filesOfPass(pass: S3Pass, files: readonly string[], site: HostedSite = ROOT_SITE): string[] {
  if (pass.websiteRedirect) return pass.uploads.map((upload) => upload.file);
  const redirected = new Set(redirectFiles(site));
  return files.filter((file) => {
    if (!pass.suffixes.some((suffix) => file.endsWith(suffix))) return false;
    const asset = file.startsWith(`${ASSETS_DIR}/`);
    return pass.phase === 'assets' ? asset : !asset && isSiteFile(file) && !redirected.has(file);
  });
}

/**
 * `aws` arguments that print every key in the bucket as a JSON array (null when empty). The CLI
 * pages through the first version of ListObjects with the last key as its marker: every store
 * has it, and s3rver's continuation tokens for version 2 need a cipher (DES) that Node's OpenSSL 3
 * no longer offers, which fails any listing past 1,000 keys.
 */
export function listArgs(target: S3Target): string[] {
  // Under a base path, only the site's folder: the bucket may hold other sites beside it.
  const prefix = target.prefix ? ['--prefix', target.prefix] : [];
  return [
    's3api',
    'list-objects',
    '--bucket',
    target.bucket,
    ...prefix,
    '--query',
    'Contents[].Key',
    '--output',
    'json',
    ...endpointArgs(target),
  ];
}

/** `aws` arguments that print an object to stdout: the record of earlier deploys. */
export function readObjectArgs(target: S3Target, key: string): string[] {
  return ['s3', 'cp', `s3://${target.bucket}/${key}`, '-', '--only-show-errors', ...endpointArgs(target)];
}

/**
 * `aws` arguments that upload the record of this deploy, a JSON file. Its website redirect (to the
 * site's base path) makes S3 website hosting answer for it with a 301, never with the record.
 */
export function writeRecordArgs(target: S3Target, file: string, key: string, base: string): string[] {
  return [
    's3',
    'cp',
    file,
    `s3://${target.bucket}/${key}`,
    '--website-redirect',
    base,
    '--content-type',
    'application/json',
    '--cache-control',
    CACHE_REVALIDATE,
    '--only-show-errors',
    ...endpointArgs(target),
  ];
}

/** S3 deletes at most 1,000 keys a request. */
export const DELETE_BATCH = 1000;

export interface DeleteBatch {
  Objects: { Key: string }[];
  Quiet: true;
}

/** The request bodies of `delete-objects`, 1,000 keys each. */
export function deleteBatches(keys: readonly string[]): DeleteBatch[] {
  const batches: DeleteBatch[] = [];
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    batches.push({ Objects: keys.slice(start, start + DELETE_BATCH).map((key) => ({ Key: key })), Quiet: true });
  }
  return batches;
}

/** `aws` arguments that delete one batch, read from a JSON file (a batch can outgrow a command-line argument). */
export function deleteArgs(target: S3Target, batchFile: string): string[] {
  return [
    's3api',
    'delete-objects',
    '--bucket',
    target.bucket,
    '--delete',
    `file://${batchFile}`,
    '--output',
    'json',
    ...endpointArgs(target),
  ];
}

/** S3's bucket naming rules, so a typo fails here rather than halfway through an upload. */
export function isBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) && !name.includes('..') && !/^\d+\.\d+\.\d+\.\d+$/.test(name);
}

/**
 * The endpoint to pass on: --endpoint-url, else the standard variables (the S3-specific one
 * first, as the CLI reads them). Passing it explicitly means a CLI too old to read the variables
 * still deploys to the store that was meant, not to AWS.
 */
export function endpointFrom(option: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (option !== undefined) return option;
  if (env.AWS_IGNORE_CONFIGURED_ENDPOINT_URLS?.toLowerCase() === 'true') return undefined;
  return env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
}

/** What went wrong, in a sentence, from the AWS CLI's error output; undefined when it is not one we know. */
export function explainAwsError(stderr: string, target: S3Target): string | undefined {
  const where = target.endpointUrl ?? 'AWS';
  const unreachable = /Could not connect to the endpoint URL: "([^"]+)"/.exec(stderr);
  if (unreachable) return `Could not reach ${target.endpointUrl ?? unreachable[1]}: is the endpoint right, and the server up?`;
  if (/NoSuchBucket/.test(stderr)) return `The bucket "${target.bucket}" does not exist at ${where}: check its name, or create it first.`;
  if (/Unable to locate credentials|InvalidAccessKeyId|SignatureDoesNotMatch|ExpiredToken|InvalidToken/.test(stderr)) {
    return `${where} did not accept the AWS credentials: configure them (aws configure, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).`;
  }
  if (/AccessDenied|Forbidden|\(403\)/.test(stderr))
    return `${where} denied access to the bucket "${target.bucket}" with these credentials.`;
  return undefined;
}

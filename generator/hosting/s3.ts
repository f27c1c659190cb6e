import { ASSETS_DIR, cacheControlFor, contentTypeFor, DEPLOY_DIR, HOST_CONFIG_FILES, isSiteFile } from './policy';

/**
 * When a file goes up: hashed assets first (new pages only ever refer to assets already in the
 * bucket), then the other files (robots.txt, sitemap.xml, unhashed public files), then the pages.
 */
export const PHASES = ['assets', 'files', 'pages'] as const;
export type Phase = (typeof PHASES)[number];

/** One file to upload, with the metadata S3 will serve it with. */
export interface S3Upload {
  file: string;
  key: string;
  phase: Phase;
  contentType: string;
  cacheControl: string;
}

function phaseOf(file: string): Phase {
  if (file.startsWith(`${ASSETS_DIR}/`)) return 'assets';
  return file.endsWith('.html') ? 'pages' : 'files';
}

/**
 * Every file of a built site that goes to the bucket, in upload order, with its metadata. Host
 * configuration (serve.json, _headers, deploy/) is not part of the site and stays behind.
 */
export function planUploads(files: readonly string[]): S3Upload[] {
  return files
    .filter(isSiteFile)
    .map((file) => {
      const contentType = contentTypeFor(file);
      if (!contentType) {
        throw new Error(`No Content-Type is known for ${file}; add its extension to CONTENT_TYPES in generator/hosting/policy.ts.`);
      }
      return { file, key: file, phase: phaseOf(file), contentType, cacheControl: cacheControlFor(file) };
    })
    .sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.key.localeCompare(b.key));
}

/**
 * One `aws s3` command: the files of one phase that share a Content-Type (the CLI sets one
 * Content-Type a command, and guesses badly without it), picked out by their suffixes.
 */
export interface S3Pass {
  phase: Phase;
  contentType: string;
  cacheControl: string;
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
    // Cache-Control follows from the phase (assets or not), so phase and Content-Type decide the pass.
    const id = `${upload.phase}\n${upload.contentType}`;
    const pass = passes.get(id) ?? {
      phase: upload.phase,
      contentType: upload.contentType,
      cacheControl: upload.cacheControl,
      suffixes: [],
      uploads: [],
    };
    passes.set(id, pass);
    if (!pass.suffixes.includes(suffixOf(upload.file))) pass.suffixes.push(suffixOf(upload.file));
    pass.uploads.push(upload);
  }
  return [...passes.values()].sort(
    (a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.contentType.localeCompare(b.contentType),
  );
}

/** Where a deploy goes: the bucket, and the S3-compatible endpoint when it is not AWS. */
export interface S3Target {
  bucket: string;
  endpointUrl?: string | undefined;
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
export function passArgs(pass: S3Pass, dist: string, target: S3Target): string[] {
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
  if (pass.phase === 'assets') {
    return [
      's3',
      'sync',
      `${dist}/${ASSETS_DIR}`,
      `s3://${target.bucket}/${ASSETS_DIR}`,
      '--size-only',
      '--exclude',
      '*',
      ...includes,
      ...metadata,
    ];
  }
  // The filters are read in order, the last match winning: host configuration and assets stay out.
  const excludes = [`${ASSETS_DIR}/*`, `${DEPLOY_DIR}/*`, ...HOST_CONFIG_FILES].flatMap((pattern) => ['--exclude', pattern]);
  return ['s3', 'cp', dist, `s3://${target.bucket}`, '--recursive', '--exclude', '*', ...includes, ...excludes, ...metadata];
}

/**
 * The files a pass's filters pick out of the output, as the CLI reads them (`*` also matches `/`):
 * lets the tests prove that the passes upload every planned file once, and nothing else.
 */
export function filesOfPass(pass: S3Pass, files: readonly string[]): string[] {
  return files.filter((file) => {
    if (!pass.suffixes.some((suffix) => file.endsWith(suffix))) return false;
    const asset = file.startsWith(`${ASSETS_DIR}/`);
    return pass.phase === 'assets' ? asset : !asset && isSiteFile(file);
  });
}

/**
 * `aws` arguments that print every key in the bucket as a JSON array (null when empty). The CLI
 * pages through the first version of ListObjects with the last key as its marker: every store
 * has it, and s3rver's continuation tokens for version 2 need a cipher (DES) that Node's OpenSSL 3
 * no longer offers, which fails any listing past 1,000 keys.
 */
export function listArgs(target: S3Target): string[] {
  return ['s3api', 'list-objects', '--bucket', target.bucket, '--query', 'Contents[].Key', '--output', 'json', ...endpointArgs(target)];
}

/** Objects in the bucket that the new build does not contain: removed last, once the new site is whole. */
export function staleKeys(remoteKeys: readonly string[], uploads: readonly S3Upload[]): string[] {
  const current = new Set(uploads.map((upload) => upload.key));
  return remoteKeys.filter((key) => !current.has(key)).sort();
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

import { ASSETS_DIR, cacheControlFor, contentTypeFor, isSiteFile } from './policy';

/** One file to upload, with the metadata S3 will serve it with. */
export interface S3Upload {
  file: string;
  key: string;
  contentType: string;
  cacheControl: string;
}

/**
 * The upload order for a built site: hashed assets first (new pages only ever refer to assets
 * already in the bucket), then the other files, then the pages, with the landing page last.
 * Host configuration (serve.json, _headers, deploy/) is not part of the site and stays behind.
 */
export function planUploads(files: readonly string[]): S3Upload[] {
  const rank = (file: string): number => {
    if (file.startsWith(`${ASSETS_DIR}/`)) return 0;
    if (!file.endsWith('.html')) return 1;
    return file === 'index.html' ? 3 : 2;
  };
  return files
    .filter(isSiteFile)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((file) => {
      const contentType = contentTypeFor(file);
      if (!contentType) {
        throw new Error(`No Content-Type is known for ${file}; add its extension to CONTENT_TYPES in build/hosting/policy.ts.`);
      }
      return { file, key: file, contentType, cacheControl: cacheControlFor(file) };
    });
}

/** Objects in the bucket that the new build does not contain: removed last, once the new site is whole. */
export function staleKeys(remoteKeys: readonly string[], uploads: readonly S3Upload[]): string[] {
  const current = new Set(uploads.map((upload) => upload.key));
  return remoteKeys.filter((key) => !current.has(key)).sort();
}

/** `aws` arguments that upload one file with its metadata. */
export function uploadArgs(upload: S3Upload, dist: string, bucket: string): string[] {
  return [
    's3',
    'cp',
    `${dist}/${upload.file}`,
    `s3://${bucket}/${upload.key}`,
    '--content-type',
    upload.contentType,
    '--cache-control',
    upload.cacheControl,
    '--only-show-errors',
  ];
}

/** `aws` arguments that print every key in the bucket as a JSON array (null when empty). */
export function listArgs(bucket: string): string[] {
  return ['s3api', 'list-objects-v2', '--bucket', bucket, '--query', 'Contents[].Key', '--output', 'json'];
}

export function removeArgs(bucket: string, key: string): string[] {
  return ['s3', 'rm', `s3://${bucket}/${key}`, '--only-show-errors'];
}

/** S3's bucket naming rules, so a typo fails here rather than halfway through an upload. */
export function isBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) && !name.includes('..') && !/^\d+\.\d+\.\d+\.\d+$/.test(name);
}

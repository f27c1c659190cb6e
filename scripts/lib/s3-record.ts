/**
 * What `deploy:s3` may remove from a bucket, and the record that tells it. Each deploy at a base
 * path keeps a record of the objects the site holds there: written before the first upload with
 * every object the deploy may leave behind, marked as uploading (a deploy cut short is finished by
 * the next one, which removes what it added), and again at the end with the build's objects alone.
 * The next deploy at that base path removes only objects its record names that the new build no
 * longer has: never another site's, the owner's, or what an older deploy:s3 left without a record.
 * The bucket holds exactly the build: old hashed assets stay only while the build keeps them (its
 * grace period), so an entry the build leaves out leaves the bucket with the next deploy.
 *
 * Deploys at nested base paths (the site at the root, previews under /preview/pr-42/) share a
 * bucket: a deploy never writes or removes a key under the base path of a deploy inside its own,
 * nor a key that the record of a deploy outside it names.
 */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { ASSETS_DIR, DEPLOY_DIR } from '../../generator/hosting/policy';

/**
 * A record's key under its base path: deploy/ is host configuration, never uploaded (isSiteFile),
 * so no file of the site at that base path has it. Its name is random (128 bits): the public can
 * read objects but not list the bucket, so only the deployer finds it. The name has no dot, so the
 * CloudFront function (which sends a path without one to its index.html) never reaches it, and it
 * is written with a website redirect, so S3 website hosting answers for it with a 301, never its body.
 */
const RECORD_NAME = `${DEPLOY_DIR}/s3-record-`;
/** Where deploy:s3 kept the record before: a fixed key, served to anyone. Read once more, then removed. */
export const LEGACY_RECORD_FILE = `${DEPLOY_DIR}/s3-manifest.json`;
const RECORD_KEY = new RegExp(`^((?:.*/)?)(?:${RECORD_NAME}[0-9a-f]{32}|${LEGACY_RECORD_FILE.replace('.', '\\.')})$`);

/** What every key of a base path's records starts with, under either name. */
export function recordsUnder(prefix: string): string {
  return `${prefix}${DEPLOY_DIR}/s3-`;
}

/** A key for a base path's first record (a dry run names a placeholder instead of the random name). */
export function newRecordKey(prefix: string, name = randomBytes(16).toString('hex')): string {
  return `${prefix}${RECORD_NAME}${name}`;
}

/** The prefix ('' at the root) of the base path whose record a key is, or undefined for a key that is no record. */
export function recordPrefix(key: string): string | undefined {
  return RECORD_KEY.exec(key)?.[1];
}

const deployNumber = v.pipe(v.number(), v.integer(), v.minValue(1));
const timestamp = v.pipe(v.string(), v.isoTimestamp());
const recordSchema = v.object({
  format: v.literal(2),
  base: v.string(),
  /** How many deploys at this base path wrote a record, this one included. */
  deploy: deployNumber,
  /** When the deploy started. */
  deployedAt: timestamp,
  /** "uploading" from before the first upload until the stale objects are removed, then "done". */
  state: v.picklist(['uploading', 'done']),
  /** Every object of the site at this base path in the bucket: while uploading, also those the deploy is to remove. */
  objects: v.array(v.string()),
});
/** Format 1, written by deploy:s3 before the record moved: its objects kept a grace period's dates, no longer used. */
const legacySchema = v.object({
  format: v.literal(1),
  base: v.string(),
  deploy: deployNumber,
  deployedAt: timestamp,
  objects: v.record(v.string(), v.unknown()),
});

export type DeployRecord = v.InferOutput<typeof recordSchema>;

const ABOUT =
  'Written by `npm run deploy:s3` before and after each deploy at this base path: the objects the site holds here, so that the next deploy removes only those. Objects it does not name are never removed.';

/** The record as stored: JSON a person can read, with a line saying what it is. */
export function recordText(record: DeployRecord): string {
  return `${JSON.stringify({ about: ABOUT, ...record }, null, 2)}\n`;
}

function issueOf(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): string {
  const [issue] = issues;
  return `${v.getDotPath(issue) ?? 'it'}: ${issue.message}`;
}

/** The record read from the bucket; throws, saying what is wrong, for one this site at this base path cannot have written. */
export function parseRecord(text: string, site: { base: string; prefix: string }): DeployRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not JSON (${(error as Error).message})`);
  }
  let record: DeployRecord;
  const legacy = v.safeParse(legacySchema, json);
  if (legacy.success) {
    const { objects, ...rest } = legacy.output;
    record = { ...rest, format: 2, state: 'done', objects: Object.keys(objects) };
  } else {
    const parsed = v.safeParse(recordSchema, json);
    if (!parsed.success) throw new Error(issueOf(parsed.issues));
    record = parsed.output;
  }
  if (record.base !== site.base) throw new Error(`it is the record of the base path ${record.base}, not ${site.base}`);
  for (const key of record.objects) {
    if (!key.startsWith(site.prefix) || recordPrefix(key) === site.prefix)
      throw new Error(`it names ${key}, which is not an object of the site`);
  }
  return record;
}

/** The prefixes of the base paths around one ("" and "preview/" around "preview/pr-42/"), outermost first. */
export function outerPrefixes(prefix: string): string[] {
  const parts = prefix.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index).join('/') + (index === 0 ? '' : '/'));
}

/** A base path's records as one (two deploys that each found none wrote two): the objects of all, the highest number. */
export function mergeRecords(records: readonly DeployRecord[]): DeployRecord | undefined {
  const [first, ...rest] = [...records].sort((a, b) => b.deploy - a.deploy);
  if (!first) return undefined;
  return {
    ...first,
    state: records.some((record) => record.state === 'uploading') ? 'uploading' : 'done',
    objects: [...new Set([first, ...rest].flatMap((record) => record.objects))].sort(),
  };
}

/** A key of the build that another deploy keeps, and that deploy's base path. */
export interface Claim {
  key: string;
  base: string;
  /** Under that deploy's base path, inside this one's; or named by the record of a deploy outside. */
  why: 'inside' | 'recorded';
}

/** What a deploy changes in the bucket, worked out from its listing and the records before anything is uploaded. */
export interface DeployChanges {
  /** This deploy's number at its base path (1 when the bucket holds no record). */
  deploy: number;
  previous: DeployRecord | undefined;
  /** The deploy before stopped before its end: its record still says it was uploading. */
  interrupted: boolean;
  /** Keys of the build that the bucket does not hold yet. */
  added: string[];
  /** Keys of the build that the bucket holds and that go up again: pages, unhashed files, redirects. */
  replaced: string[];
  /** Hashed assets the bucket already holds: a content-hashed name holds the same bytes, so they are skipped. */
  unchanged: string[];
  /** Objects earlier deploys wrote that this build does not have: removed last. */
  deletes: string[];
  /** Keys of the build that another deploy keeps: the deploy stops before uploading anything. */
  claimed: Claim[];
  /** The deploys at base paths inside this one, and how many objects each holds: never written or removed by this one. */
  inner: { base: string; objects: number }[];
  /** Objects the record named under an inner deploy's base path: that deploy's now, left in place and dropped from the record. */
  released: string[];
  /** Listed objects that no recorded deploy of this site wrote (the owner's, an older deploy:s3's): left alone. */
  others: string[];
  /** The record to write before the first upload: every object the site may hold here should the deploy stop anywhere. */
  pending: DeployRecord;
  /** The record to write last, once every delete succeeded. */
  record: DeployRecord;
}

export interface PlanInput {
  /** The keys the bucket holds under the base path (the whole bucket at the root). */
  listed: readonly string[];
  /** The keys this build uploads. */
  keys: readonly string[];
  /** The records of this base path, merged. */
  previous: DeployRecord | undefined;
  /** The records of the deploys at base paths around this one. */
  outer: readonly DeployRecord[];
  site: { base: string; prefix: string };
  /** ISO 8601. */
  now: string;
}

export function planChanges({ listed, keys, previous, outer, site, now }: PlanInput): DeployChanges {
  const inBucket = new Set(listed);
  const inBuild = new Set(keys);
  const recorded = new Set(previous?.objects);
  const deploy = (previous?.deploy ?? 0) + 1;
  const isAsset = (key: string) => key.startsWith(`${site.prefix}${ASSETS_DIR}/`);
  // A record's key is another deploy's base path, unless it is a file of this site (a legacy name, in a folder of public/).
  const innerPrefixes = [
    ...new Set(
      listed
        .filter((key) => !inBuild.has(key) && !recorded.has(key))
        .map(recordPrefix)
        .filter((prefix): prefix is string => prefix !== undefined && prefix !== site.prefix),
    ),
  ].sort();
  const innerOf = (key: string) => innerPrefixes.find((prefix) => key.startsWith(prefix));
  const outerOf = new Map(outer.flatMap((record) => record.objects.map((key) => [key, record.base] as const)));
  const claimed: Claim[] = [];
  for (const key of keys) {
    const inner = innerOf(key);
    if (inner !== undefined) claimed.push({ key, base: `/${inner}`, why: 'inside' });
    // What this deploy's record names too, it wrote over the outer deploy's before: the outer one lets it go.
    else if (outerOf.has(key) && inBucket.has(key) && !recorded.has(key))
      claimed.push({ key, base: outerOf.get(key) as string, why: 'recorded' });
  }
  const deletes: string[] = [];
  const released: string[] = [];
  for (const key of recorded) {
    // In the build, it is this deploy's; gone from the bucket, there is nothing to remove.
    if (inBuild.has(key) || !inBucket.has(key)) continue;
    (innerOf(key) === undefined ? deletes : released).push(key);
  }
  const sorted = (list: string[]) => list.sort();
  const record = (state: DeployRecord['state'], objects: readonly string[]): DeployRecord => ({
    format: 2,
    base: site.base,
    deploy,
    deployedAt: now,
    state,
    objects: sorted([...new Set(objects)]),
  });
  return {
    deploy,
    previous,
    interrupted: previous?.state === 'uploading',
    // Code-unit order, as S3 lists keys, whatever the locale.
    added: sorted(keys.filter((key) => !inBucket.has(key))),
    replaced: sorted(keys.filter((key) => inBucket.has(key) && !isAsset(key))),
    unchanged: sorted(keys.filter((key) => inBucket.has(key) && isAsset(key))),
    deletes: sorted(deletes),
    claimed: claimed.sort((a, b) => (a.key < b.key ? -1 : 1)),
    inner: innerPrefixes.map((prefix) => ({ base: `/${prefix}`, objects: listed.filter((key) => innerOf(key) === prefix).length })),
    released: sorted(released),
    others: sorted(
      listed.filter((key) => !inBuild.has(key) && !recorded.has(key) && recordPrefix(key) !== site.prefix && innerOf(key) === undefined),
    ),
    pending: record('uploading', [...keys, ...deletes]),
    record: record('done', keys),
  };
}

/** The record to write when some deletes failed: those objects are still the site's, for the next deploy to remove. */
export function recordKeeping(changes: DeployChanges, notRemoved: readonly string[]): DeployRecord {
  return { ...changes.record, objects: [...new Set([...changes.record.objects, ...notRemoved])].sort() };
}

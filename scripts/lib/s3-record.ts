/**
 * What `deploy:s3` may remove from a bucket, and the record that tells it. Each deploy writes, last,
 * a record of the objects the site at its base path holds in the bucket (RECORD_FILE under that
 * base path). The next deploy at that base path removes only objects this record names that the new
 * build no longer has: never another site's, the owner's, or what an older deploy:s3 left without a
 * record. Hashed assets stay for a grace period, so that a page loaded before a deploy still gets
 * its script, sprite and fonts.
 */
import * as v from 'valibot';
import { ASSETS_DIR, DEPLOY_DIR } from '../../generator/hosting/policy';

/** The record's key under the base path: deploy/ is host configuration, never uploaded (isSiteFile), so no file of the site can have it. */
export const RECORD_FILE = `${DEPLOY_DIR}/s3-manifest.json`;

export function recordKey(prefix: string): string {
  return `${prefix}${RECORD_FILE}`;
}

/** How long hashed assets of earlier deploys stay: while one of the last `deploys` deploys had them, or `days` after the deploy that dropped them, whichever is longer. */
export interface GracePeriod {
  deploys: number;
  days: number;
}

/** Two deploys: a page loaded before the last two deploys still works. Seven days: longer than a tab stays open unreloaded, in most cases. */
export const DEFAULT_GRACE: GracePeriod = { deploys: 2, days: 7 };

const DAY_MS = 86_400_000;

const deployNumber = v.pipe(v.number(), v.integer(), v.minValue(1));
const timestamp = v.pipe(v.string(), v.isoTimestamp());
const recordSchema = v.object({
  format: v.literal(1),
  base: v.string(),
  /** How many deploys at this base path wrote a record, this one included. */
  deploy: deployNumber,
  deployedAt: timestamp,
  /**
   * Every object of the site in the bucket: the last deploy whose build had it, and, for an old
   * hashed asset kept for the grace period, when the first deploy without it ran.
   */
  objects: v.record(v.string(), v.object({ deploy: deployNumber, replacedAt: v.optional(timestamp) })),
});

export type DeployRecord = v.InferOutput<typeof recordSchema>;
type RecordEntry = DeployRecord['objects'][string];

const ABOUT =
  'Written by `npm run deploy:s3` after each deploy at this base path: the objects the site holds here, so that the next deploy removes only those. Objects it does not name are never removed.';

/** The record as stored: JSON a person can read, with a line saying what it is. */
export function recordText(record: DeployRecord): string {
  return `${JSON.stringify({ about: ABOUT, ...record }, null, 2)}\n`;
}

/** The record read from the bucket; throws, saying what is wrong, for one this site at this base path cannot have written. */
export function parseRecord(text: string, site: { base: string; prefix: string }): DeployRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not JSON (${(error as Error).message})`);
  }
  const parsed = v.safeParse(recordSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new Error(`${v.getDotPath(issue) ?? 'it'}: ${issue.message}`);
  }
  const record = parsed.output;
  if (record.base !== site.base) throw new Error(`it is the record of the base path ${record.base}, not ${site.base}`);
  for (const [key, entry] of Object.entries(record.objects)) {
    if (!key.startsWith(site.prefix) || key === recordKey(site.prefix))
      throw new Error(`it names ${key}, which is not an object of the site`);
    if (entry.deploy > record.deploy) throw new Error(`${key} is from deploy ${entry.deploy}, after the record's own (${record.deploy})`);
  }
  return record;
}

/** An old hashed asset kept for the grace period. */
export interface KeptAsset {
  key: string;
  /** The last deploy whose build had it. */
  deploy: number;
  /** When the first deploy without it ran. */
  replacedAt: string;
}

/** What a deploy changes in the bucket, worked out from its listing and the last record before anything is uploaded. */
export interface DeployChanges {
  /** This deploy's number at its base path (1 when the bucket holds no record), and its time. */
  deploy: number;
  deployedAt: string;
  previous: DeployRecord | undefined;
  /** Keys of the build that the bucket does not hold yet. */
  added: string[];
  /** Keys of the build that the bucket holds and that go up again: pages, unhashed files, redirects. */
  replaced: string[];
  /** Hashed assets the bucket already holds: a content-hashed name holds the same bytes, so they are skipped. */
  unchanged: string[];
  /** Objects earlier deploys wrote that this build no longer has, past any grace period: removed last. */
  deletes: string[];
  kept: KeptAsset[];
  /** Listed objects that no recorded deploy of this site wrote (other sites, the owner's files, an older deploy:s3's): left alone. */
  others: string[];
  /** The record to write last, once every delete succeeded. */
  record: DeployRecord;
}

export interface PlanInput {
  /** The keys the bucket holds under the base path (the whole bucket at the root). */
  listed: readonly string[];
  /** The keys this build uploads. */
  keys: readonly string[];
  previous: DeployRecord | undefined;
  site: { base: string; prefix: string };
  /** ISO 8601. */
  now: string;
  grace: GracePeriod;
}

export function planChanges({ listed, keys, previous, site, now, grace }: PlanInput): DeployChanges {
  const inBucket = new Set(listed);
  const inBuild = new Set(keys);
  const deploy = (previous?.deploy ?? 0) + 1;
  const isAsset = (key: string) => key.startsWith(`${site.prefix}${ASSETS_DIR}/`);
  const objects: Record<string, RecordEntry> = Object.fromEntries(keys.map((key) => [key, { deploy }]));
  const deletes: string[] = [];
  const kept: KeptAsset[] = [];
  for (const [key, entry] of Object.entries(previous?.objects ?? {})) {
    // In the build, it is this deploy's; gone from the bucket, there is nothing to remove or keep.
    if (inBuild.has(key) || !inBucket.has(key)) continue;
    const replacedAt = entry.replacedAt ?? now;
    const recent = deploy - entry.deploy <= grace.deploys;
    const young = Date.parse(now) < Date.parse(replacedAt) + grace.days * DAY_MS;
    if (isAsset(key) && (recent || young)) {
      kept.push({ key, deploy: entry.deploy, replacedAt });
      objects[key] = { deploy: entry.deploy, replacedAt };
    } else deletes.push(key);
  }
  const ours = new Set([...inBuild, ...Object.keys(previous?.objects ?? {}), recordKey(site.prefix)]);
  // Code-unit order, as S3 lists keys, whatever the locale.
  const sorted = (list: string[]) => list.sort();
  return {
    deploy,
    deployedAt: now,
    previous,
    added: sorted(keys.filter((key) => !inBucket.has(key))),
    replaced: sorted(keys.filter((key) => inBucket.has(key) && !isAsset(key))),
    unchanged: sorted(keys.filter((key) => inBucket.has(key) && isAsset(key))),
    deletes: sorted(deletes),
    kept: kept.sort((a, b) => (a.key < b.key ? -1 : 1)),
    others: sorted(listed.filter((key) => !ours.has(key))),
    record: { format: 1, base: site.base, deploy, deployedAt: now, objects: sortedObjects(objects) },
  };
}

/** The record to write when some deletes failed: those objects are still the site's, for the next deploy to remove. */
export function recordKeeping(changes: DeployChanges, notRemoved: readonly string[]): DeployRecord {
  const objects = { ...changes.record.objects };
  for (const key of notRemoved) {
    const entry = changes.previous?.objects[key];
    if (entry) objects[key] = entry;
  }
  return { ...changes.record, objects: sortedObjects(objects) };
}

/** When an old asset goes: with the first deploy numbered `deploy` or more that runs at `after` or later. */
export function removalOf(asset: KeptAsset, grace: GracePeriod): { deploy: number; after: string } {
  return { deploy: asset.deploy + grace.deploys + 1, after: new Date(Date.parse(asset.replacedAt) + grace.days * DAY_MS).toISOString() };
}

function sortedObjects(objects: Record<string, RecordEntry>): Record<string, RecordEntry> {
  return Object.fromEntries(Object.entries(objects).sort(([a], [b]) => (a < b ? -1 : 1)));
}

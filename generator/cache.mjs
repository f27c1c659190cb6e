// @ts-check
/**
 * Outputs keyed by every file they were made from, installed packages' included, and the names in those files' folders (a new
 * file can change what an import resolves to): never stale, nor cut short. Plain JavaScript, for the launcher.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Entries kept per kind by default. */
const KEEP = 12;

/** Once a process: a build storing a thousand images must not list a folder a thousand times. */
const pruned = new Set();

/** @param {string} root */
export function cacheDir(root) {
  return path.join(root, 'node_modules', '.cache', 'site-generator');
}

export function cacheEnabled() {
  return process.env.SITE_GENERATOR_CACHE !== '0';
}

/** @param {string} root */
export function projectRequire(root) {
  return createRequire(path.join(root, 'package.json'));
}

/**
 * As the project resolves it: found from its entry, since not every package exports its package.json.
 * @param {string} root @param {string} name
 */
export function packageVersion(root, name) {
  return JSON.parse(readFileSync(findManifest(projectRequire(root).resolve(name), name), 'utf8')).version;
}

/** The package.json of `name` above `file`. @param {string} file @param {string} name */
export function findManifest(file, name) {
  for (let folder = path.dirname(file); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    try {
      if (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).name === name) return path.join(folder, 'package.json');
    } catch {
      // No manifest here, or another package's: keep climbing.
    }
  }
  throw new Error(`Cannot find the package.json of ${name} above ${file}`);
}

/** Length-prefixed, so that no two lists of parts hash alike. @param {readonly (string | Uint8Array)[]} parts */
export function hashParts(parts) {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    hash.update(`${bytes.byteLength}:`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * The hash of the inputs' bytes, and of the names in their folders (a path ending in "/" is a folder read whole: its names
 * only); with the stamp of their stat. @param {string} root @param {readonly string[]} inputs relative to root
 */
export function fingerprintInputs(root, inputs) {
  const sorted = [...inputs].sort();
  const stat = statInputs(root, sorted);
  return stat && withFingerprint(root, sorted, stat);
}

/**
 * A thousand lookups with the same inputs (each entry's share image) read them again only when a stat moved.
 * @param {string} root @param {readonly string[]} sorted @param {{ stamp: string, settled: boolean }} stat
 */
function withFingerprint(root, sorted, stat) {
  const fingerprint = fingerprints.get(stat.stamp) ?? readFingerprint(root, sorted);
  if (fingerprint === undefined) return undefined;
  if (fingerprints.size > 10_000) fingerprints.clear();
  fingerprints.set(stat.stamp, fingerprint);
  return { ...stat, fingerprint };
}

/**
 * The stat of each file, and the names in each folder (not its stat, which a build's own `dist` link moves). Writing a file
 * moves its ctime, which no program can set back; but a file written within a second may be written again within the clock's
 * tick, unseen (git's "racy" files): its stamp is not `settled`.
 * @param {string} root @param {readonly string[]} sorted
 */
function statInputs(root, sorted) {
  const recent = BigInt(Date.now() - 1_000) * 1_000_000n;
  let settled = true;
  try {
    const { files, folders } = split(sorted);
    const lines = files.map((input) => {
      const info = statSync(path.resolve(root, input), { bigint: true });
      if (info.ctimeNs > recent || info.mtimeNs > recent) settled = false;
      return `${input}\0${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
    });
    for (const folder of folders) lines.push(`${folder}/\0${namesIn(root, folder)}`);
    return { stamp: hashParts([lines.join('\n')]), settled };
  } catch {
    return undefined;
  }
}

/** Files, and the folders whose names are inputs too: those read whole ("/" at the end) and those files are in. @param {readonly string[]} sorted */
function split(sorted) {
  const files = sorted.filter((input) => !input.endsWith('/'));
  const folders = [...new Set(sorted.map((input) => (input.endsWith('/') ? input.slice(0, -1) : path.dirname(input))))].sort();
  return { files, folders };
}

/** Hidden names and links aside: the build's own output (`dist`, `.dist-builds`) is none of a bundle's inputs. @param {string} root @param {string} folder */
function namesIn(root, folder) {
  return readdirSync(path.resolve(root, folder), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !entry.isSymbolicLink())
    .map((entry) => entry.name)
    .sort()
    .join('\n');
}

/** Fingerprints by the stat of what they were read from. */
const fingerprints = new Map();

/** @param {string} root @param {readonly string[]} inputs relative to root, sorted */
function readFingerprint(root, inputs) {
  /** @type {(string | Buffer)[]} */
  const parts = [];
  try {
    const { files, folders } = split(inputs);
    for (const input of files) parts.push(input, readFileSync(path.resolve(root, input)));
    for (const folder of folders) parts.push(folder, namesIn(root, folder));
  } catch {
    return undefined;
  }
  return hashParts(parts);
}

/**
 * `key` covers everything that is not a file: versions, options, settings. The output's bytes stay on disk, for a caller that
 * links the file. `inputs` are relative to the root, or absolute outside it.
 * @param {string} root @param {string} kind @param {string} key
 */
export function lookupFile(root, kind, key) {
  if (!cacheEnabled()) return undefined;
  const folder = path.join(cacheDir(root), kind);
  const recordFile = path.join(folder, `${hashParts([key])}.json`);
  /** @type {{ inputs: string[], fingerprint: string, stamp: string | null, output: string, bytes: number, meta: unknown }} */
  let record;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8'));
  } catch {
    return undefined;
  }
  const file = path.join(folder, record.output);
  // A file cut short by a crash is made again.
  if (statSync(file, { throwIfNoEntry: false })?.size !== record.bytes) return undefined;
  const hit = { file, meta: record.meta, inputs: record.inputs.map((input) => inputName(root, input)) };
  const sorted = [...record.inputs].sort();
  const stat = statInputs(root, sorted);
  if (!stat) return undefined;
  // Inputs no program has touched since they were read are not read again.
  if (stat.stamp === record.stamp) return hit;
  const now = withFingerprint(root, sorted, stat);
  if (now?.fingerprint !== record.fingerprint) return undefined;
  // The same bytes under a new stat (a checkout, a restored cache): stamped again, so that the next lookup is a stat.
  if (now.settled) {
    try {
      writeWhole(recordFile, JSON.stringify({ ...record, stamp: now.stamp }));
    } catch {
      // A read-only node_modules only costs time.
    }
  }
  return hit;
}

/** As lookupFile, with the output's bytes. @param {string} root @param {string} kind @param {string} key */
export function lookup(root, kind, key) {
  const hit = lookupFile(root, kind, key);
  try {
    return hit && { ...hit, output: readFileSync(hit.file) };
  } catch {
    // Removed since, by another build's prune or by hand.
    return undefined;
  }
}

/**
 * Inside the root relative, so that a copy of the project (which may share this cache) hits; outside it absolute (the
 * generator of a site elsewhere), so that no copy takes another file at the same relative path.
 * @param {string} root @param {string} input
 */
function inputName(root, input) {
  const absolute = path.resolve(root, input);
  const relative = path.relative(root, absolute);
  const name = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? absolute : relative;
  return `${name.split(path.sep).join('/')}${input.endsWith('/') ? '/' : ''}`;
}

/** @param {Uint8Array} output @param {string} extension */
function outputName(output, extension) {
  return `${hashParts([output]).slice(0, 20)}.${extension}`;
}

/**
 * Each file renamed into place (writeWhole). `inputs`: files and folders (ending
 * in "/"), absolute or relative to root; `keep`: more for what a site has many of (images).
 * @param {string} root @param {string} kind @param {string} key
 * @param {{ output: string | Uint8Array, inputs: readonly string[], meta?: unknown, extension: string, keep?: number }} entry
 */
export function store(root, kind, key, { output, inputs, meta = null, extension, keep = KEEP }) {
  if (!cacheEnabled()) return undefined;
  const folder = path.join(cacheDir(root), kind);
  const relative = inputs.map((input) => inputName(root, input));
  const inputsNow = fingerprintInputs(root, relative);
  if (inputsNow === undefined) return undefined;
  const { fingerprint, stamp, settled } = inputsNow;
  const bytes = typeof output === 'string' ? Buffer.from(output) : output;
  const name = outputName(bytes, extension);
  const file = path.join(folder, name);
  try {
    mkdirSync(folder, { recursive: true });
    writeWhole(file, bytes);
    const record = { inputs: relative, fingerprint, stamp: settled ? stamp : null, output: name, bytes: bytes.byteLength, meta };
    writeWhole(path.join(folder, `${hashParts([key])}.json`), JSON.stringify(record));
    if (!pruned.has(folder)) {
      pruned.add(folder);
      prune(folder, keep);
    }
    return file;
  } catch {
    // A read-only node_modules only costs time.
    return undefined;
  }
}

/**
 * Renamed into place: another build reading at the same time sees a whole file or none.
 * @param {string} file @param {string | Uint8Array} contents
 */
function writeWhole(file, contents) {
  const unique = `${file}.${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(unique, contents);
  renameSync(unique, file);
}

/**
 * Anything else goes once a minute old: younger files may be a build's that is writing its record now.
 * @param {string} folder @param {number} keep
 */
function prune(folder, keep) {
  const entries = readdirSync(folder);
  /** @param {string} name */
  const age = (name) => Date.now() - statSync(path.join(folder, name)).mtimeMs;
  const records = entries.filter((name) => name.endsWith('.json')).sort((a, b) => age(a) - age(b));
  if (records.length <= keep) return;
  const kept = new Set(records.slice(0, keep));
  for (const name of records.slice(0, keep)) {
    try {
      kept.add(JSON.parse(readFileSync(path.join(folder, name), 'utf8')).output);
    } catch {
      // Being rewritten by another build, which keeps its own output.
    }
  }
  for (const name of entries) {
    if (kept.has(name)) continue;
    if (!records.slice(keep).includes(name) && age(name) < 60_000) continue;
    rmSync(path.join(folder, name), { force: true });
  }
}

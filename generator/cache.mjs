// @ts-check
/**
 * A content-keyed cache under node_modules/.cache/site-generator/ (the ecosystem's place for such
 * things) for what the build derives from its sources and may reuse from one run to the next: the
 * bundles (the generator's, the site's, the client's), the stylesheet, the rasterised brand
 * images, the font subsets and the processed images.
 *
 * An entry records the files it was made from, the installed packages' files among them. It is
 * used only while each of those files, and the list of names in each of their folders (a new file
 * can change what an import resolves to), is byte for byte what it was, and while the key (tool
 * versions, options) is the same: a cached result can never be stale. Nor cut short: an output is
 * named by its hash, checked as it is read, and a cache deleted or damaged meanwhile is a miss.
 * Plain JavaScript, so that the launcher (launch.mjs) can use it before anything is compiled.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Entries kept per kind by default; older ones are removed as a new one is stored. */
const KEEP = 12;

/** Folders pruned by this process: once is enough, and a build storing a thousand images must not list a folder a thousand times. */
const pruned = new Set();

/** @param {string} root */
export function cacheDir(root) {
  return path.join(root, 'node_modules', '.cache', 'site-generator');
}

/** SITE_GENERATOR_CACHE=0 turns the cache off. */
export function cacheEnabled() {
  return process.env.SITE_GENERATOR_CACHE !== '0';
}

/**
 * The version of a package as the project resolves it, for cache keys and messages: read from its
 * package.json, found by walking up from its entry (not every package exports its package.json).
 * @param {string} root
 * @param {string} name
 * @returns {string}
 */
export function packageVersion(root, name) {
  let folder = path.dirname(createRequire(path.join(root, 'package.json')).resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
      if (manifest.name === name) return manifest.version;
    } catch {
      // No package.json here: keep climbing.
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`Cannot find the package.json of ${name}`);
    folder = parent;
  }
}

/**
 * A SHA-256 over parts, each length-prefixed so that no two lists of parts hash alike.
 * @param {readonly (string | Uint8Array)[]} parts
 */
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
 * The fingerprint of a set of input files: their paths and contents, and the names in each of
 * their folders but hidden ones and links (the build's own output in the project, `dist` and
 * `.dist-builds`, must not make the next build a cold one). A path ending in "/" stands for a
 * folder read whole: its names only. Undefined when one of them can no longer be read.
 * @param {string} root
 * @param {readonly string[]} inputs relative to root
 * @returns {string | undefined}
 */
export function fingerprintInputs(root, inputs) {
  // A thousand lookups with the same inputs (each entry's share image) read and hash them once:
  // each file and folder is stat'ed, and read again only when its change time moved.
  const sorted = [...inputs].sort();
  /** @type {string} */
  let stamp;
  try {
    stamp = [...sorted, ...new Set(sorted.map((input) => (input.endsWith('/') ? input : path.dirname(input))))]
      .map((input) => {
        const info = statSync(path.resolve(root, input), { bigint: true });
        return `${input}\0${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
      })
      .join('\n');
  } catch {
    return undefined;
  }
  const known = fingerprints.get(stamp);
  if (known !== undefined) return known;
  const fingerprint = readFingerprint(root, sorted);
  if (fingerprints.size > 10_000) fingerprints.clear();
  if (fingerprint !== undefined) fingerprints.set(stamp, fingerprint);
  return fingerprint;
}

/** Fingerprints by the stat of what they were read from. */
const fingerprints = new Map();

/**
 * @param {string} root
 * @param {readonly string[]} inputs relative to root, sorted
 * @returns {string | undefined}
 */
function readFingerprint(root, inputs) {
  /** @type {(string | Buffer)[]} */
  const parts = [];
  const folders = new Set();
  try {
    for (const input of inputs) {
      if (input.endsWith('/')) {
        folders.add(input.slice(0, -1));
        continue;
      }
      parts.push(input, readFileSync(path.resolve(root, input)));
      folders.add(path.dirname(input));
    }
    for (const folder of [...folders].sort()) {
      const names = readdirSync(path.resolve(root, folder), { withFileTypes: true })
        .filter((entry) => !entry.name.startsWith('.') && !entry.isSymbolicLink())
        .map((entry) => entry.name);
      parts.push(folder, names.sort().join('\n'));
    }
  } catch {
    return undefined;
  }
  return hashParts(parts);
}

/**
 * @typedef {object} CacheHit
 * @property {string} file where the output is kept
 * @property {Buffer} output
 * @property {unknown} meta
 * @property {string[]} inputs the files it was made from, relative to the root
 */

/**
 * The cached output of `kind` for `key`, if its inputs are unchanged. `key` covers everything that
 * is not a file: versions, options, settings.
 * @param {string} root
 * @param {string} kind
 * @param {string} key
 * @returns {CacheHit | undefined}
 */
export function lookup(root, kind, key) {
  if (!cacheEnabled()) return undefined;
  const folder = path.join(cacheDir(root), kind);
  /** @type {{ inputs: string[], fingerprint: string, output: string, meta: unknown }} */
  let record;
  try {
    record = JSON.parse(readFileSync(path.join(folder, `${hashParts([key])}.json`), 'utf8'));
  } catch {
    return undefined;
  }
  if (fingerprintInputs(root, record.inputs) !== record.fingerprint) return undefined;
  const file = path.join(folder, record.output);
  /** @type {Buffer} */
  let output;
  try {
    output = readFileSync(file);
  } catch {
    return undefined;
  }
  // Named by its hash: a file cut short (renamed before it reached the disk, then a crash) or
  // changed since is made again, not used.
  if (outputName(output, path.extname(record.output).slice(1)) !== record.output) return undefined;
  return { file, output, meta: record.meta, inputs: record.inputs };
}

/**
 * An output's file name: the hash of its bytes, which lookup() checks them against.
 * @param {Uint8Array} output
 * @param {string} extension
 */
function outputName(output, extension) {
  return `${hashParts([output]).slice(0, 20)}.${extension}`;
}

/**
 * @typedef {object} CacheEntry
 * @property {string | Uint8Array} output
 * @property {readonly string[]} inputs the files (and folders, ending in "/") it was made from, absolute or relative to root
 * @property {unknown} [meta]
 * @property {string} extension
 * @property {number} [keep] entries of the kind to keep (default 12): more for what a site has many of (images)
 */

/**
 * Stores an output with the inputs it was made from, and returns the file it is kept in, or
 * undefined when the cache is off or cannot be written. Written to a temporary name and renamed,
 * so that a reader (another build running at the same time) sees a whole file or none.
 * @param {string} root
 * @param {string} kind
 * @param {string} key
 * @param {CacheEntry} entry
 * @returns {string | undefined}
 */
export function store(root, kind, key, { output, inputs, meta = null, extension, keep = KEEP }) {
  if (!cacheEnabled()) return undefined;
  const folder = path.join(cacheDir(root), kind);
  const relative = inputs.map((input) => {
    const name = path.relative(root, path.resolve(root, input)).split(path.sep).join('/');
    return input.endsWith('/') ? `${name}/` : name;
  });
  const fingerprint = fingerprintInputs(root, relative);
  if (fingerprint === undefined) return undefined;
  const bytes = typeof output === 'string' ? Buffer.from(output) : output;
  const name = outputName(bytes, extension);
  const file = path.join(folder, name);
  try {
    mkdirSync(folder, { recursive: true });
    const unique = `.${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    writeFileSync(file + unique, bytes);
    renameSync(file + unique, file);
    const recordFile = path.join(folder, `${hashParts([key])}.json`);
    writeFileSync(recordFile + unique, JSON.stringify({ inputs: relative, fingerprint, output: name, meta }));
    renameSync(recordFile + unique, recordFile);
    if (!pruned.has(folder)) {
      pruned.add(folder);
      prune(folder, keep);
    }
    return file;
  } catch {
    // A cache that cannot be written (read-only node_modules) only costs time.
    return undefined;
  }
}

/**
 * Keeps the newest records of a kind and the outputs they name. Anything else goes once it is a
 * minute old: younger files may belong to a build that is writing its record right now.
 * @param {string} folder
 * @param {number} keep
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

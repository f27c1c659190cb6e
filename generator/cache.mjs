// @ts-check
/**
 * The build's cache, one key scheme for every entry: the content of what it was made from, one hash of the installed packages
 * (the lockfile and patches/) and one hash of the generator's own source. Nothing else: no file's stat, no version tag kept by
 * hand (a change time only keeps an entry made from a file saved mid-compile from being stored at all). A package edited by
 * hand inside node_modules is not seen: build with --no-cache. Plain JavaScript, for the launcher.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Entries kept per kind beyond those used lately: more for what a site has many of (its entries' cards, images, code blocks). */
const KEEP = /** @type {Readonly<Record<string, number>>} */ ({ brand: 5000, images: 50_000, code: 50_000, describe: 50 });
const KEEP_OTHERS = 12;
/** An entry used this long ago or since is never pruned: a build's own entries stay, whatever their number. */
const USED_LATELY_MS = 60 * 60_000;
/** The lockfiles a package manager writes, in the order looked for. */
const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock'];
const GENERATOR = import.meta.dirname;

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
 * The folder's files (but those with a name in `skip` on their path) and their bytes, as one hash.
 * @param {string} folder @param {(name: string) => boolean} skip
 */
function folderHash(folder, skip = () => false) {
  /** @type {string[]} */
  const found = [];
  try {
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      const file = path.relative(folder, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && !file.split(path.sep).some(skip)) found.push(file);
    }
  } catch {
    // No such folder: nothing in it.
  }
  return hashParts(found.sort().flatMap((file) => [file.split(path.sep).join('/'), readFileSync(path.join(folder, file))]));
}

/** Read once a process: they cannot change under a running build that has loaded them. @type {Map<string, string>} */
const installed = new Map();
/** @type {string | undefined} */
let generatorSource;

/**
 * The key of an entry of `kind` made from `parts` (the content read, the options), with these packages (as the lockfile and any
 * patch-package patches describe them) and this generator (every file of its folder: an edit to any makes every entry anew).
 * @param {string} root @param {string} kind @param {readonly (string | Uint8Array)[]} parts
 */
export function entryKey(root, kind, parts) {
  let packages = installed.get(root);
  if (packages === undefined) {
    const lockfile = LOCKFILES.find((name) => statSync(path.join(root, name), { throwIfNoEntry: false })?.isFile());
    packages = hashParts([
      lockfile ?? 'no lockfile',
      lockfile ? readFileSync(path.join(root, lockfile)) : '',
      folderHash(path.join(root, 'patches')),
      process.versions.node.split('.')[0] ?? '',
    ]);
    installed.set(root, packages);
  }
  generatorSource ??= folderHash(GENERATOR, (name) => name === 'node_modules' || name.startsWith('.'));
  return hashParts([kind, packages, generatorSource, ...parts]);
}

/**
 * `output` is absent for an entry that is its meta alone (a block's highlighted runs): one file, not two.
 * @typedef {{ output?: string, bytes: number, meta: unknown, inputs?: { name: string, hash: string }[] }} CacheRecord
 */

/** @param {string} root @param {string} kind @param {string} key */
function recordFile(root, kind, key) {
  return path.join(cacheDir(root), kind, `${key}.json`);
}

/** The output kept for `key`, unread, for a caller that links it. @param {string} root @param {string} kind @param {string} key */
export function lookup(root, kind, key) {
  const hit = lookupMeta(root, kind, key);
  if (hit?.record.output === undefined) return undefined;
  const file = path.join(cacheDir(root), kind, hit.record.output);
  // A file cut short by a crash is made again.
  if (statSync(file, { throwIfNoEntry: false })?.size !== hit.record.bytes) return undefined;
  return { file, meta: hit.meta, inputs: hit.inputs };
}

/** The meta kept for `key`, with or without an output. @param {string} root @param {string} kind @param {string} key */
export function lookupMeta(root, kind, key) {
  if (!cacheEnabled()) return undefined;
  /** @type {CacheRecord} */
  let record;
  try {
    record = JSON.parse(readUsed(recordFile(root, kind, key)));
  } catch {
    return undefined;
  }
  const inputs = record.inputs ?? [];
  // Inputs found while it was made: read again, each, by their content.
  if (inputs.some((input) => inputHash(root, input.name) !== input.hash)) return undefined;
  // The files alone: their folders are checked here, and are no one else's concern.
  return { record, meta: record.meta, inputs: inputs.flatMap((input) => (input.name.endsWith('/') ? [] : [inputName(root, input.name)])) };
}

/**
 * A record's text, its change time set to now when it was last set before the hour (by its store or a build's use): the prune
 * keeps what builds use, however long ago it was made. @param {string} file
 */
function readUsed(file) {
  const text = readFileSync(file, 'utf8');
  const now = Date.now();
  if (now - statSync(file).mtimeMs > USED_LATELY_MS / 2) utimesSync(file, now / 1000, now / 1000);
  return text;
}

/** As lookup, with the output's bytes. @param {string} root @param {string} kind @param {string} key */
export function lookupBytes(root, kind, key) {
  const hit = lookup(root, kind, key);
  try {
    return hit && { ...hit, output: readFileSync(hit.file) };
  } catch {
    // Removed since, by another build's prune or by hand.
    return undefined;
  }
}

/**
 * The file system's time now, as a file changed now would read it (its clock and its granularity, not the process's): taken
 * before the inputs of an entry are read, for store's `readFrom`. Undefined where the cache cannot be written.
 * @param {string} root
 */
export function fileClock(root) {
  if (!cacheEnabled()) return undefined;
  const marker = path.join(cacheDir(root), `.clock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    mkdirSync(cacheDir(root), { recursive: true });
    writeFileSync(marker, '');
    return statSync(marker).ctimeMs;
  } catch {
    return undefined;
  } finally {
    rmSync(marker, { force: true });
  }
}

/**
 * Keeps `output` (none for an entry that is its meta alone) under `key` (entryKey). `inputs`, files and folders (ending in "/") found while
 * it was made (a bundle's modules, a stylesheet's partials): relative to the root, or absolute outside it; the packages' and the
 * generator's are in the key already. `readFrom`, the fileClock taken before they were read, is required with them: a file changed since
 * (saved while it compiled) may have been read as it was before, and its new bytes must not vouch for this output, so nothing is kept (as
 * ccache keeps nothing from a header "too new").
 * @param {string} root @param {string} kind @param {string} key
 * @param {{ output?: string | Uint8Array, meta?: unknown, extension?: string, inputs?: readonly string[], readFrom?: number }} entry
 */
export function store(root, kind, key, { output, meta = null, extension, inputs = [], readFrom }) {
  if (!cacheEnabled()) return undefined;
  const bytes = typeof output === 'string' ? Buffer.from(output) : output;
  const name = bytes && `${hashParts([bytes]).slice(0, 20)}.${extension}`;
  const folder = path.join(cacheDir(root), kind);
  const file = name && path.join(folder, name);
  try {
    const files = projectInputs(root, inputs);
    if (files.length > 0 && !files.every((input) => input.endsWith('/') || readBefore(root, input, readFrom))) return undefined;
    // A file's folder too: a new file beside it can change what an import resolves to.
    const folders = files.filter((input) => !input.endsWith('/')).map((input) => `${path.posix.dirname(input)}/`);
    const found = [...new Set([...files, ...folders])].sort();
    /** @type {CacheRecord} */
    const record = {
      ...(name ? { output: name } : {}),
      bytes: bytes?.byteLength ?? 0,
      meta,
      inputs: found.map((input) => ({ name: input, hash: inputHash(root, input) ?? '' })),
    };
    mkdirSync(folder, { recursive: true });
    if (file && bytes) writeWhole(file, bytes);
    writeWhole(recordFile(root, kind, key), JSON.stringify(record));
    return file;
  } catch {
    // A read-only node_modules, or an input gone meanwhile, only costs time.
    return undefined;
  }
}

/**
 * Whether the file last changed before `readFrom` (fileClock): by its change time, which no tool sets back as one can set
 * back a modification time. @param {string} root @param {string} input @param {number | undefined} readFrom
 */
function readBefore(root, input, readFrom) {
  const changed = statSync(path.resolve(root, input), { throwIfNoEntry: false });
  return readFrom !== undefined && changed !== undefined && Math.max(changed.ctimeMs, changed.mtimeMs) < readFrom;
}

/**
 * A file's bytes, or a folder's names (a new file there can change what an import resolves to), as a hash; undefined when gone.
 * Hidden names and links aside: the build's own output (`dist`, `.dist-builds`) is none of an input's neighbours.
 * @param {string} root @param {string} input
 */
function inputHash(root, input) {
  const at = path.resolve(root, input);
  try {
    if (!input.endsWith('/')) return hashParts([readFileSync(at)]);
    const names = readdirSync(at, { withFileTypes: true }).flatMap((entry) =>
      entry.name.startsWith('.') || entry.isSymbolicLink() ? [] : [entry.name],
    );
    return hashParts([names.sort().join('\n')]);
  } catch {
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
  const name = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? absolute : relative || '.';
  return `${name.split(path.sep).join('/')}${input.endsWith('/') ? '/' : ''}`;
}

/**
 * The inputs an entry is checked against, as the cache names them: the installed packages' files and the generator's are in
 * every key already (entryKey).
 * @param {string} root @param {readonly string[]} inputs
 */
export function projectInputs(root, inputs) {
  return inputs
    .filter((input) => {
      const absolute = path.resolve(root, input);
      return !absolute.split(path.sep).includes('node_modules') && absolute !== GENERATOR && !absolute.startsWith(GENERATOR + path.sep);
    })
    .map((input) => inputName(root, input));
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
 * At the end of a build (`started`: when it began, Date.now()), each kind that gained an entry since, by any thread: what was
 * used within the hour stays, of the rest the newest of its KEEP, and anything else goes once a minute old (younger files may
 * be a build's that is writing its record now). At the end, not at the first store: an entry the build has yet to look up
 * was pruned mid-build, and drawn again by it (10,000 cards and a KEEP of 5,000: half of them, every build after an edit).
 * @param {string} root @param {number} started
 */
export function pruneCache(root, started) {
  if (!cacheEnabled()) return;
  const folder = cacheDir(root);
  try {
    for (const kind of readdirSync(folder)) {
      const at = path.join(folder, kind);
      const found = statSync(at);
      if (found.isDirectory() && found.mtimeMs >= started - 1000) prune(at, KEEP[kind] ?? KEEP_OTHERS);
    }
  } catch {
    // Removed meanwhile, or read-only: nothing to prune.
  }
}

/** @param {string} folder @param {number} keep */
function prune(folder, keep) {
  const entries = readdirSync(folder);
  const isRecord = (/** @type {string} */ name) => name.endsWith('.json');
  const records = entries.filter(isRecord);
  if (records.length <= keep) return;
  const now = Date.now();
  const ages = new Map(entries.map((name) => [name, now - (statSync(path.join(folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0)]));
  const age = (/** @type {string} */ name) => ages.get(name) ?? Number.POSITIVE_INFINITY;
  records.sort((a, b) => age(a) - age(b));
  const keptRecords = records.filter((name, index) => index < keep || age(name) < USED_LATELY_MS);
  const kept = new Set(keptRecords);
  for (const name of keptRecords) {
    try {
      kept.add(JSON.parse(readFileSync(path.join(folder, name), 'utf8')).output);
    } catch {
      // Being rewritten by another build, which keeps its own output.
    }
  }
  for (const name of entries) {
    if (kept.has(name)) continue;
    if (!isRecord(name) && age(name) < 60_000) continue;
    rmSync(path.join(folder, name), { force: true });
  }
}

/**
 * An entry's text, read where it is needed: the site step reads and checks it, and a request that renders or locates its body
 * reads it again (withText). Apart from the Markdown engine, so that the main thread may read it without loading React.
 */
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { hashParts } from '../cache.mjs';
import { BuildError } from '../failure';
import type { EntryText, LoadedEntry } from './protocol';

export const textHash = (text: string): string => hashParts([text]);

/** Read again as the site step checked it: a file changed since (saved mid-build) fails the build rather than render what was unchecked. */
export function withText(root: string, entry: LoadedEntry): EntryText {
  const source = readEntry(path.join(root, entry.file));
  if (typeof source === 'string' && textHash(source) === entry.hash) return { ...entry, source };
  const why = typeof source === 'string' ? 'it changed while the site was being built' : source.problem;
  throw new BuildError(`${entry.file} could not be read again: ${why}. Build again.`, { file: entry.file });
}

/** An entry's text, or what stops it being read: a link to nothing (a file moved or not yet checked out), a folder, no right to read. */
export function readEntry(file: string): string | { problem: string } {
  try {
    return readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      if (!lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink())
        return { problem: 'was removed while the build read it: build again' };
      return { problem: `is a link to ${readlinkSync(file)}, which does not exist: restore the file, or remove the link` };
    }
    if (code === 'EACCES' || code === 'EPERM') return { problem: 'cannot be read: the build has no right to read it' };
    if (code === 'EISDIR') return { problem: 'is a folder named as an entry: rename it without .md' };
    throw error;
  }
}

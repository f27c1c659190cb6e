/**
 * Edits a person would make to a copy of the project, found from the code itself rather than
 * hard-coded, so they keep working as the copy and the components change.
 */
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Saves a file whole, as an editor's safe write does: the text goes to `<file>.tmp` (a name the
 * dev server's watcher ignores), renamed over the file. Written in place, the file can be read on
 * a busy machine between its truncation and its new text, and the dev server then builds, and
 * reports, a module that is empty: the tests would see that error, not the one they made.
 */
export async function saveWhole(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A plain string literal of a content file (no escapes, no interpolation) whose text appears on the rendered page. */
export function renderedLiteral(source: string, html: string): string {
  for (const match of source.matchAll(/'([^'\\\n]{12,})'/g)) {
    const text = match[1] ?? '';
    if (html.includes(text) || html.includes(escapeHtml(text))) return text;
  }
  throw new Error('No string literal of the content file appears on the page.');
}

/** The source with one literal's text replaced. */
export function replaceLiteral(source: string, text: string, replacement: string): string {
  const quoted = `'${text}'`;
  if (!source.includes(quoted)) throw new Error(`'${text}' is not in the source.`);
  return source.replace(quoted, `'${replacement.replace(/['\\]/g, '')}'`);
}

/** The source of a component file whose first exported function component throws `message` when it renders. */
export function throwingComponent(source: string, message: string): string {
  return atComponentStart(source, `\n  if (Date.now() > 0) throw new Error(${JSON.stringify(message)});`);
}

/** The source of a component file whose first exported function component never finishes rendering. */
export function endlessComponent(source: string): string {
  return atComponentStart(source, '\n  while (Date.now() > 0) {\n    // Never done.\n  }');
}

/**
 * The source of a component file whose first exported function component, rendered while `folder/go` exists, writes
 * `folder/held`, waits for `folder/release`, then throws once (the one render that takes `go` away): a build held where a
 * test can act while it runs.
 */
export function heldComponent(source: string, folder: string): string {
  const at = (name: string) => JSON.stringify(path.join(folder, name));
  return atComponentStart(
    source,
    `
  const heldFs = process.getBuiltinModule('node:fs') as typeof import('node:fs');
  if (heldFs.existsSync(${at('go')})) {
    heldFs.writeFileSync(${at('held')}, '');
    while (!heldFs.existsSync(${at('release')})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    let taken = true;
    try {
      heldFs.renameSync(${at('go')}, ${at('gone')});
    } catch {
      taken = false;
    }
    if (taken) throw new Error('held, then failed on purpose');
  }`,
  );
}

/** `code` inserted at the start of the body of the file's first exported function component. */
function atComponentStart(source: string, code: string): string {
  const start = /export function \w+\([\s\S]*?\)\s*(?::[^{]+)?\{/.exec(source);
  if (!start) throw new Error('No exported function component found.');
  const at = start.index + start[0].length;
  return `${source.slice(0, at)}${code}${source.slice(at)}`;
}

/**
 * Watches the site's sources with Node's own fs.watch (recursive on Linux since Node 20, and
 * native on macOS and Windows): no dependency, and a change is seen within a millisecond or two.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { ChangeKind } from './session';

/** The folders and files `npm run dev` watches, and what a change to each touches. */
export const WATCHED: Readonly<Record<string, ChangeKind>> = {
  pages: 'pages',
  components: 'pages',
  'site.config.ts': 'pages',
  styles: 'styles',
  client: 'client',
  public: 'public',
};

/** Editor droppings: swap files, backups, lock files. */
function ignored(file: string): boolean {
  const base = path.basename(file);
  return base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base) || base.startsWith('#');
}

export interface SourceWatcher {
  close: () => void;
}

/**
 * Calls onChange(kind, file) for every change under the watched folders, with file relative to
 * root. A watched folder that does not exist yet (public/ is optional) is picked up when it appears.
 */
export function watchSources(root: string, onChange: (kind: ChangeKind, file: string) => void): SourceWatcher {
  const folders = new Map<string, FSWatcher>();

  const watchFolder = (name: string) => {
    const kind = WATCHED[name];
    if (!kind || name.includes('.') || folders.has(name) || !existsSync(path.join(root, name))) return;
    const watcher = watch(path.join(root, name), { recursive: true }, (_event, file) => {
      if (file && !ignored(file)) onChange(kind, `${name}/${file.split(path.sep).join('/')}`);
    });
    watcher.on('error', () => {
      // The folder was deleted: forget it, so that it is watched again if it comes back.
      watcher.close();
      folders.delete(name);
    });
    folders.set(name, watcher);
  };

  for (const name of Object.keys(WATCHED)) watchFolder(name);

  // The project root itself, not recursively (node_modules lives there): site.config.ts, and
  // watched folders that are created or replaced.
  const top = watch(root, (_event, file) => {
    if (!file) return;
    const kind = WATCHED[file];
    if (!kind) return;
    if (file.includes('.')) {
      onChange(kind, file);
    } else {
      watchFolder(file);
      onChange(kind, `${file}/`);
    }
  });

  return {
    close() {
      top.close();
      for (const watcher of folders.values()) watcher.close();
      folders.clear();
    },
  };
}

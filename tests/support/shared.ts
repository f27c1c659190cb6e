/**
 * Resources that test projects share within one `vitest run`: the built site and one Chromium.
 * Global set-up files run in vitest's main process, once per project that lists them; keeping
 * each resource on globalThis, counted by its users, lets two projects share one instance.
 */
interface Entry {
  value: Promise<unknown>;
  users: number;
  dispose: () => Promise<void>;
}

const holder = globalThis as { __sharedTestResources?: Map<string, Entry> };
holder.__sharedTestResources ??= new Map();
const registry = holder.__sharedTestResources;

/** The resource named `key`, created on first use; release() disposes of it after its last user. */
export async function acquire<T>(
  key: string,
  create: () => Promise<T>,
  dispose: (value: T) => Promise<void>,
): Promise<{ value: T; release: () => Promise<void> }> {
  let entry = registry.get(key);
  if (!entry) {
    const value = create();
    entry = { value, users: 0, dispose: async () => dispose(await value) };
    registry.set(key, entry);
  }
  entry.users += 1;
  const current = entry;
  let released = false;
  return {
    value: (await current.value) as T,
    release: async () => {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users === 0) {
        registry.delete(key);
        await current.dispose();
      }
    },
  };
}

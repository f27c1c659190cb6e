/** Types of cycles.mjs, which is plain JavaScript so that `npm run lint` runs it without compiling. */
export const SOURCE: readonly string[];
/** Every import cycle among the files under `paths` (relative to `root`), each as the files it runs through. */
export function findCycles(root: string, paths: readonly string[]): Promise<string[][]>;

import type { Plugin } from 'esbuild';
/** Leaves packages out of a bundle, imported by the absolute URL they resolve to from the project. */
export function externalPackages(root: string, inside?: RegExp): Plugin;

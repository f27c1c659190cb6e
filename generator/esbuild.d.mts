import type { Metafile, Plugin } from 'esbuild';
/** Leaves the project's packages out of a bundle, but `inside`, imported by the absolute URL they resolve to from their importer. */
export function externalPackages(root: string, inside?: string[]): Plugin;
export const HTML_DECODER: string;
/** Bundles htmlparser2's tokenizer alone; listed before externalPackages. */
export function htmlReader(root: string): Plugin;
/** The project's files among a bundle's inputs: not packages, nor modules no file holds. */
export function projectInputs(metafile: Metafile, generated?: string[]): string[];
/** Why esbuild could not bundle `entry`, in one sentence naming file:line:column, and that file. */
export function describeCompileError(error: unknown, root: string, entry: string): { message: string; file?: string };

/** `npm run build [-- options]`: the generator's build command on this site (generator/commands/build.ts). */
import { buildCommand } from './generator';

await buildCommand(import.meta.dirname, process.argv.slice(2));

/** `npm run dev [-- options]`: the generator's dev server on this site (generator/commands/dev.ts). */
import { devCommand } from './generator';

await devCommand(import.meta.dirname, process.argv.slice(2));

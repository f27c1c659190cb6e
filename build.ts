/**
 * The one build command: `npm run build`. Renders the site into dist/ through the pipeline in
 * build/pipeline.ts and prints what it wrote. On any error it names the cause, leaves dist/ as it
 * was and exits with status 1.
 */
import { BuildError } from './build/context';
import { runBuild } from './build/pipeline';
import { summarize } from './build/report';

try {
  const result = await runBuild();
  for (const line of summarize(result)) console.log(line);
} catch (error) {
  if (error instanceof BuildError) {
    console.error(`Build failed: ${error.message}`);
  } else {
    console.error('Build failed with an unexpected error:', error);
  }
  console.error('dist/ was left unchanged.');
  process.exitCode = 1;
}

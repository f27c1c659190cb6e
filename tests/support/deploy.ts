import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { projectRoot } from '../../scripts/lib/project';

export interface DeployRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run deploy:s3 -- <args>` (the script through tsx) in the project, with exactly this environment. */
export async function runDeployScript(args: readonly string[], env: NodeJS.ProcessEnv): Promise<DeployRun> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(process.execPath, [tsx, 'scripts/deploy-s3.ts', ...args], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { status, stdout, stderr };
}

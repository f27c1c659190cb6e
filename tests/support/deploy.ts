import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { projectRoot } from '../../scripts/lib/project';

export interface DeployRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningDeploy {
  /** Kills the deploy at once, as a cancelled CI job or a closed laptop would: the script and every `aws` it started. */
  kill: () => void;
  done: Promise<DeployRun>;
}

/** Starts `npm run deploy:s3 -- <args>` (the script through tsx) in the project, with exactly this environment, in a process group of its own. */
export function startDeployScript(args: readonly string[], env: NodeJS.ProcessEnv): RunningDeploy {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(process.execPath, [tsx, 'scripts/deploy-s3.ts', ...args], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.once('close', resolve)).then((status) => ({ status, stdout, stderr }));
  return { kill: () => process.kill(-(child.pid as number), 'SIGKILL'), done };
}

/** Runs `npm run deploy:s3 -- <args>` to its end. */
export async function runDeployScript(args: readonly string[], env: NodeJS.ProcessEnv): Promise<DeployRun> {
  return startDeployScript(args, env).done;
}

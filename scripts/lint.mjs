#!/usr/bin/env node
// Runs Biome (lint and format) with the arguments given: `npm run lint` is `biome check .`, then
// the import-cycle check (scripts/cycles.mjs). Biome lives in scripts/lint/, installed on first
// use without a lockfile: its per-platform binary packages are optional dependencies, and npm
// resolves only the one this machine needs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.join(import.meta.dirname, 'lint');
const wanted = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).dependencies['@biomejs/biome'];
const installed = path.join(folder, 'node_modules', '@biomejs', 'biome', 'package.json');
const version = existsSync(installed) ? JSON.parse(readFileSync(installed, 'utf8')).version : undefined;

if (version !== wanted) {
  console.error(`Installing Biome ${wanted} for lint and format (npm install in scripts/lint/)…`);
  const install = spawnSync('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (install.status !== 0) {
    console.error('Could not install Biome: run `npm install --prefix scripts/lint --no-package-lock` and try again.');
    process.exit(1);
  }
}

const biome = path.join(folder, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
const run = spawnSync(process.execPath, [biome, ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.status !== 0 || process.argv[2] !== 'check') process.exit(run.status ?? 1);
const cycles = spawnSync(process.execPath, [path.join(import.meta.dirname, 'cycles.mjs')], { stdio: 'inherit' });
process.exit(cycles.status ?? 1);

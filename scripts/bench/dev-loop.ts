/**
 * The dev loop, end to end: `npm run dev` runs on a copy of the project, a file is saved, and the
 * clock stops when a plain HTTP client first receives the new content. That includes the watcher,
 * the debounce, the rebuild and serving: what a person waiting for the browser experiences.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type RunningDev, startDev } from '../lib/dev';
import { renderedLiteral, replaceLiteral } from '../lib/edits';
import { copyProject } from '../lib/project';
import { waitFor } from '../lib/server';
import type { BenchSection } from './types';

export interface DevLoopOptions {
  /** Saves of each kind. */
  runs?: number;
}

const STYLESHEET = 'styles/main.scss';
const CONTENT = 'pages/home/content.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  return response.text();
}

/** Waits for the event a save causes, so that the next save starts from a quiet server. */
async function settle(dev: RunningDev, from: number): Promise<void> {
  await waitFor('the rebuild event', () => dev.events.some((event) => event.at >= from));
  await sleep(150);
}

/** Milliseconds from writing `contents` to `file` until served() first returns true. */
async function timeSave(file: string, contents: string, served: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  await writeFile(file, contents);
  await waitFor('the change to be served', served, 20_000, 2);
  return performance.now() - started;
}

export async function measureDevLoop({ runs = 15 }: DevLoopOptions = {}): Promise<BenchSection> {
  const project = await copyProject('site-bench-');
  const startedAt = performance.now();
  let dev: RunningDev | undefined;
  try {
    dev = await startDev(project.root);
    const running = dev;
    const firstPage = await text(`${running.url}/`);
    const startup = performance.now() - startedAt;

    const stylesheet = path.join(project.root, STYLESHEET);
    const styleSource = await readFile(stylesheet, 'utf8');
    const stylesheetSamples: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const token = `bench-${run}-${Date.now()}`;
      const from = performance.now();
      stylesheetSamples.push(
        await timeSave(stylesheet, `${styleSource}\n.u-bench-probe { --bench: "${token}"; }\n`, async () => {
          const href = /<link rel="stylesheet" href="([^"]+)"/.exec(await text(`${running.url}/`))?.[1];
          return href !== undefined && (await text(running.url + href)).includes(token);
        }),
      );
      await settle(running, from);
    }

    const content = path.join(project.root, CONTENT);
    const contentSource = await readFile(content, 'utf8');
    const literal = renderedLiteral(contentSource, firstPage);
    const pageSamples: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const replacement = `${literal} (bench ${run} ${Date.now()})`;
      const from = performance.now();
      pageSamples.push(
        await timeSave(content, replaceLiteral(contentSource, literal, replacement), async () =>
          (await text(`${running.url}/`)).includes(replacement),
        ),
      );
      await settle(running, from);
    }

    return {
      name: 'Dev loop (npm run dev)',
      measurements: [
        { name: `save ${STYLESHEET} → new CSS served`, unit: 'ms', samples: stylesheetSamples, targetMedian: 300 },
        { name: `save ${CONTENT} → new HTML served`, unit: 'ms', samples: pageSamples, targetMedian: 600 },
        { name: 'start → first page served', unit: 'ms', samples: [startup] },
      ],
      notes: [`${runs} saves of each kind on ${os.cpus().length} CPU cores, Node ${process.version}.`],
    };
  } finally {
    await dev?.stop();
    await project.remove();
  }
}

/**
 * Photos as an editor adds them, on a first build with no cache (a fresh CI machine): 4 articles of 10 photos each, built by
 * `npm run build` in a copy of the project with a cache of its own. It says how far it is, it succeeds; a step past its time
 * limit while the photos are being encoded stops them and fails at once; an image too large to decode is refused unread.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildsFolder } from '../../generator/output-swap';
import { writeHugePng, writePhotos } from '../../scripts/lib/photos';
import { buildCommand, copyProject, type ProjectCopy } from '../../scripts/lib/project';
import { fingerprint } from '../support/files';

const ARTICLES = 4;
const PHOTOS_EACH = 10;
const PHOTOS = ARTICLES * PHOTOS_EACH;
/** A news article's name no owner would pick. */
const article = (index: number) => `zz-photo-test-${index}`;

let project: ProjectCopy;
let news: string;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run build` as CI runs it: no terminal. */
function build(env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const child: ChildProcess = spawn(...buildCommand(), { cwd: project.root, env: { ...process.env, ...env, CI: 'true' } });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (data: Buffer) => {
    stdout += data;
  });
  child.stderr?.on('data', (data: Buffer) => {
    stderr += data;
  });
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

const dist = () => path.join(project.root, 'dist');
const cache = () => path.join(project.root, 'node_modules', '.cache', 'site-generator');

beforeAll(async () => {
  project = await copyProject('site-photos-', { ownCache: true });
  news = path.join(project.root, 'content', 'news');
  const photos = await writePhotos(news, PHOTOS, { width: 2400, height: 1600 });
  for (let index = 0; index < ARTICLES; index += 1) {
    const own = photos.slice(index * PHOTOS_EACH, (index + 1) * PHOTOS_EACH);
    await writeFile(
      path.join(news, `${article(index)}.md`),
      [
        '---',
        `title: A day at the lender, in photos, part ${index + 1}`,
        'description: Photos of a day with a lender’s credit team, from the morning’s alerts to the evening’s decisions, as they were taken.',
        `date: 2026-10-0${index + 1}`,
        '---',
        '',
        ...own.flatMap((photo, at) => [`![Photo ${at + 1} of the day, part ${index + 1}](${photo})`, '']),
      ].join('\n'),
    );
  }
}, 300_000);

afterAll(async () => {
  await project?.remove();
});

describe('a first build of 40 photos', () => {
  let run: Run;

  beforeAll(async () => {
    run = await build();
  }, 600_000);

  it('succeeds, and says how far the photos are while it makes them', async () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // In a CI log: plain lines, no redrawing.
    expect(run.stdout).toMatch(new RegExp(`^ {2}… (?:.* · )?images \\d+/${PHOTOS}\\b`, 'm'));
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('The site is in dist/');
    for (let index = 0; index < ARTICLES; index += 1) {
      const $ = cheerio.load(await readFile(path.join(dist(), 'news', article(index), 'index.html'), 'utf8'));
      expect($('main picture img').length).toBe(PHOTOS_EACH);
    }
  });

  it('stops the photos when a step passes its time limit while they are made, fails, and leaves dist/ as it was', async () => {
    const before = await fingerprint(dist());
    await rm(cache(), { recursive: true, force: true });
    const stopped = await build({ SITE_GENERATOR_STEP_LIMIT: 'images:1500' });
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toContain('Build failed: Step "images" did not finish within 1.5 s.');
    expect(stopped.stderr).toContain('dist/ was left unchanged.');
    expect(await fingerprint(dist())).toEqual(before);
    // No staging or work folder left behind.
    expect((await readdir(buildsFolder(dist()))).filter((entry) => /^(?:staging|work)-/.test(entry))).toEqual([]);
    // The photos were cut short, not made to the end behind the message: fewer than all are in the cache.
    const records = await readdir(path.join(cache(), 'images')).catch(() => [] as string[]);
    expect(records.filter((name) => name.endsWith('.json')).length).toBeLessThan(PHOTOS);
    // Nothing is left encoding: the image service ended with the build.
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(processes.split('\n').filter((line) => line.includes('service-process.mjs') && line.includes(project.root))).toEqual([]);
  }, 600_000);
});

describe('an image too large', () => {
  it('is refused before it is decoded, naming the Markdown file and line', async () => {
    const before = await fingerprint(dist());
    const entry = path.join(news, 'zz-huge-test.md');
    await writeHugePng(path.join(news, 'zz-huge.png'), 16_000, 16_000);
    await writeFile(
      entry,
      '---\ntitle: A chart far too large\ndescription: A chart exported at sixteen thousand pixels a side, as a tool once did, to see what the build says.\ndate: 2026-10-09\n---\n\nThe chart:\n\n![The whole chart](zz-huge.png)\n',
    );
    try {
      const refused = await build();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        'Build failed: content/news/zz-huge-test.md:9: content/news/zz-huge.png is 16000 × 16000 pixels (256 Mpx), more than the 40 Mpx an image may have',
      );
      expect(await fingerprint(dist())).toEqual(before);
    } finally {
      await rm(entry);
      await rm(path.join(news, 'zz-huge.png'));
    }
  }, 300_000);

  it('is any past the limit the site config sets', async () => {
    const config = path.join(project.root, 'site.config.ts');
    const original = await readFile(config, 'utf8');
    await writeFile(config, original.replace("  public: 'public',", "  public: 'public',\n  images: { maxPixels: 3_000_000 },"));
    try {
      const refused = await build();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        /content\/news\/zz-photo-test-\d\.md:\d+: content\/news\/photo-\d+\.jpg is 2400 × 1600 pixels \(3\.8 Mpx\), more than the 3 Mpx/,
      );
    } finally {
      await writeFile(config, original);
    }
  }, 300_000);
});

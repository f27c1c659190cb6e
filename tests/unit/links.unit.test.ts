/**
 * The link check over small output folders written for each case: what it accepts, and what it
 * reports, in which words. The build tests (links.build.test.ts) run it in a build of the site.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkChecker } from '../../generator/steps/links';

const origin = 'https://www.example.test';
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'links-test-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Writes a small output folder and runs the link check over it, for a site at the root of `origin` or under `base`. */
async function check(
  files: Record<string, string>,
  { base = '/', redirects = [] }: { base?: string; redirects?: { from: `/${string}`; to: `/${string}` }[] } = {},
): Promise<string[]> {
  const root = await mkdtemp(path.join(workDir, 'site-'));
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), contents);
  }
  const problems = await new LinkChecker(root, Object.keys(files), { origin, base }, redirects).run();
  return problems.map(({ file, message }) => `${file}: ${message}`);
}

const page = (body: string, head = '') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe('the link check', () => {
  it('accepts canonical links, existing anchors and assets, other origins and mailto', async () => {
    await expect(
      check({
        'index.html': page(
          '<a href="#main">skip</a><main id="main"><a href="/about-us/#team">team</a><a href="https://elsewhere.example/x">x</a><a href="mailto:a@b.c">mail</a><img src="/assets/a.png" srcset="/assets/a.png 1x, /assets/a.png 2x" alt=""></main>',
          `<link rel="stylesheet" href="/assets/main.css"><link rel="canonical" href="${origin}/"><meta property="og:image" content="${origin}/assets/a.png">`,
        ),
        'about-us/index.html': page('<h2 id="team">Team</h2><a href="../">home</a><a href="/?x=1">home with a query</a>'),
        'assets/main.css': 'body{background:url(/assets/a.png)}@font-face{src:url("a.png")}.x{filter:url(#f)}',
        'assets/a.png': 'png',
        'sitemap.xml': `<urlset><url><loc>${origin}/about-us/</loc></url></urlset>`,
        'robots.txt': `Sitemap: ${origin}/sitemap.xml`,
      }),
    ).resolves.toEqual([]);
  });

  it('reports a link, an anchor and an asset that point at nothing, naming the file', async () => {
    const problems = await check({
      'index.html': page(
        '<a href="/abut-us/">typo</a><a href="/about-us/#nobody">anchor</a><a href="#gone">here</a><a href=" #spaced ">spaced</a><img src="/assets/missing.png" alt="">',
      ),
      'about-us/index.html': page('<h2 id="team">Team</h2>'),
    });
    expect(problems).toEqual([
      'index.html: <a href="/abut-us/"> points at nothing (no abut-us/index.html in the output)',
      'index.html: <a href="/about-us/#nobody"> points at #nobody, but about-us/index.html has no element with that id',
      'index.html: <a href="#gone"> points at #gone, but index.html has no element with that id',
      'index.html: <a href=" #spaced "> points at #spaced, but index.html has no element with that id',
      'index.html: <img src="/assets/missing.png"> points at nothing (no assets/missing.png in the output)',
    ]);
  });

  it('reports a page linked without its trailing slash, and an empty fragment', async () => {
    const problems = await check({
      'index.html': page('<a href="/about-us">about</a><a href="#">nothing</a>'),
      'about-us/index.html': page(''),
    });
    expect(problems).toEqual([
      'index.html: <a href="/about-us"> links a page without its trailing slash; write /about-us/',
      'index.html: <a href="#"> points at nothing (an empty fragment: use a button for an action)',
    ]);
  });

  it("reports a link to an entry's Markdown file, as an editor writes it beside the entry, with the page to link", async () => {
    const problems = await check({
      'news/a/index.html': page('<a href="./b.md#notes">b</a><a href="c.md">c</a>'),
      'news/b/index.html': page('<h2 id="notes">Notes</h2>'),
    });
    expect(problems).toEqual([
      'news/a/index.html: <a href="./b.md#notes"> links a Markdown file, which the site publishes as a page; write /news/b/#notes',
      'news/a/index.html: <a href="c.md"> points at nothing (no news/a/c.md in the output)',
    ]);
  });

  it("names the id a fragment written as a heading's words was meant for, on another page and on its own", async () => {
    const problems = await check({
      'news/a/index.html': page('<h2 id="strasse-in-lodz">Straße in Łódź</h2><a href="#Stra%C3%9Fe%20in%20%C5%81%C3%B3d%C5%BA">here</a>'),
      'news/b/index.html': page('<a href="/news/a/#Straße in Łódź">there</a><a href="/news/a/#elsewhere">nowhere</a>'),
    });
    expect(problems).toEqual([
      'news/a/index.html: <a href="#Stra%C3%9Fe%20in%20%C5%81%C3%B3d%C5%BA"> points at #Straße in Łódź, but news/a/index.html has no element with that id: did you mean #strasse-in-lodz?',
      'news/b/index.html: <a href="/news/a/#Straße in Łódź"> points at #Straße in Łódź, but news/a/index.html has no element with that id: did you mean #strasse-in-lodz?',
      'news/b/index.html: <a href="/news/a/#elsewhere"> points at #elsewhere, but news/a/index.html has no element with that id',
    ]);
  });

  it('checks absolute URLs on our own origin, CSS url(), the manifest, the sitemap and robots.txt', async () => {
    const problems = await check({
      'index.html': page('', `<link rel="canonical" href="${origin}/old/"><meta property="og:image" content="${origin}/assets/old.png">`),
      'assets/main.css': '.a{background:url(gone.png)}',
      'assets/site.webmanifest': JSON.stringify({ start_url: '/', icons: [{ src: '/assets/icon.png' }] }),
      'sitemap.xml': `<urlset><url><loc>${origin}/old/</loc></url><url><loc>https://other.example/</loc></url></urlset>`,
      'robots.txt': `Sitemap: ${origin}/sitemap-old.xml`,
    });
    expect(problems).toEqual([
      'assets/main.css: url(gone.png) points at nothing (no assets/gone.png in the output)',
      'assets/site.webmanifest: icon "/assets/icon.png" points at nothing (no assets/icon.png in the output)',
      `index.html: <link href="${origin}/old/"> points at nothing (no old/index.html in the output)`,
      `index.html: <meta property="og:image"> points at nothing (no assets/old.png in the output)`,
      `robots.txt: Sitemap: ${origin}/sitemap-old.xml points at nothing (no sitemap-old.xml in the output)`,
      `sitemap.xml: <loc>${origin}/old/</loc> points at nothing (no old/index.html in the output)`,
      `sitemap.xml: <loc>https://other.example/</loc> is not on the site's origin ${origin}`,
    ]);
  });

  it('reports a relative reference on the 404 page, which is served at every unknown path', async () => {
    const problems = await check({
      '404.html': page('<a href="#main">skip</a><main id="main"><img src="assets/a.png" alt=""><a href="/">home</a></main>'),
      'index.html': page(''),
      'assets/a.png': 'png',
    });
    expect(problems).toEqual([
      '404.html: <img src="assets/a.png"> is relative, but 404.html is served at every unknown path; use a root-relative path',
    ]);
  });

  it('under a base path, finds every URL in its folder and reports one outside it, or the folder without its slash', async () => {
    const outside = "points outside the site's base path /site/, where no file of the site is served";
    const problems = await check(
      {
        'index.html': page(
          '<a href="/site/about-us/">about</a><a href="/about-us/">outside</a><a href="/site">home</a><a href="/site/">home</a><img src="/assets/a.png" alt=""><img src="/site/assets/a.png" alt="">',
          `<link rel="canonical" href="${origin}/site/">`,
        ),
        'about-us/index.html': page('<a href="../">home</a><a href="../assets/a.png">relative</a>'),
        'assets/a.png': 'png',
        'sitemap.xml': `<urlset><url><loc>${origin}/site/about-us/</loc></url><url><loc>${origin}/about-us/</loc></url></urlset>`,
      },
      { base: '/site/' },
    );
    expect(problems).toEqual([
      `index.html: <a href="/about-us/"> ${outside}`,
      'index.html: <a href="/site"> links the landing page without its trailing slash; write /site/',
      `index.html: <img src="/assets/a.png"> ${outside}`,
      `sitemap.xml: <loc>${origin}/about-us/</loc> ${outside}`,
    ]);
  });

  it('reads a page of public/ as a browser does: character references in attributes, ids and text decoded', async () => {
    // A hand-written page, as an HTML editor writes it: named references the generator never writes.
    const problems = await check({
      'index.html': page('<h2 id="caf&eacute;">Café</h2><a href="#caf&eacute;">here</a><a href="#café">too</a>'),
      'brochure.html': page(
        '<a href="/about-us/&num;team">team</a><a HREF="&sol;about-us&sol;">about</a><img SRC=&sol;assets&sol;missing&period;png alt="">',
      ),
      'about-us/index.html': page('<h2 id="team">Team</h2>'),
    });
    expect(problems).toEqual(['brochure.html: <img src="/assets/missing.png"> points at nothing (no assets/missing.png in the output)']);
  });

  it("counts a redirect's source, with or without its slash, as the page it leads to", async () => {
    const problems = await check(
      {
        'index.html': page(
          '<a href="/about">a</a><a href="/about/">b</a><a href="/about/#team">c</a><a href="/about#nobody">d</a><a href="/About/">e</a>',
        ),
        'about-us/index.html': page('<h2 id="team">Team</h2>'),
        'about/index.html': page('<a href="/about-us/">moved</a>'),
      },
      { redirects: [{ from: '/about', to: '/about-us' }] },
    );
    expect(problems).toEqual([
      'index.html: <a href="/about#nobody"> points at #nobody, but about-us/index.html has no element with that id',
      'index.html: <a href="/About/"> points at nothing (no About/index.html in the output)',
    ]);
  });
});

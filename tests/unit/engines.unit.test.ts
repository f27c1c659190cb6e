import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGINES, findEngine, installCommand, takeEngineOption } from '../../scripts/lib/browsers';
import { consoleProblems, parseConsoleLine } from '../../scripts/lib/engines/webkit';
import config from '../../vitest.config';

describe('the engines', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('each have a test project of their name, which runs the engine tests', () => {
    const projects = (config.test?.projects ?? []).flatMap((project) =>
      typeof project === 'object' && 'test' in project ? [project.test ?? {}] : [],
    );
    for (const engine of ENGINES) {
      expect(projects.find((project) => project.name === engine)?.include).toEqual(['tests/engines/**/*.engine.test.ts']);
    }
  });

  it('are looked for at their environment variable first, which must name a file', () => {
    vi.stubEnv('FIREFOX_PATH', '/no/such/firefox');
    expect(() => findEngine('firefox')).toThrow(
      'FIREFOX_PATH is set to /no/such/firefox, but no file is there. Install it with `apt-get update && apt-get install -y firefox-esr` (Debian/Ubuntu), or point FIREFOX_PATH at it.',
    );
  });

  it('name one install command for what they lack', () => {
    expect(installCommand(['webkit2gtk-driver', 'webkit2gtk-driver', 'xvfb'])).toBe(
      'apt-get update && apt-get install -y webkit2gtk-driver xvfb',
    );
  });

  it('are picked with --engine, which leaves the other arguments as they were', () => {
    const args = ['--engine', 'webkit', '--reporter', 'dot'];
    expect(takeEngineOption(args)).toEqual(['webkit']);
    expect(args).toEqual(['--reporter', 'dot']);
    const inline = ['-t', 'menu', '--engine=all'];
    expect(takeEngineOption(inline)).toEqual([...ENGINES]);
    expect(inline).toEqual(['-t', 'menu']);
    expect(takeEngineOption(['--project', 'unit'])).toBeUndefined();
  });

  it('refuse an --engine that names none of them, naming them', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => takeEngineOption(['--engine', 'safari'])).toThrow('exit');
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledWith('--engine takes chromium, firefox, webkit or all, not "safari".');
    exit.mockRestore();
    error.mockRestore();
  });
});

describe("WebKit's console, as its browser writes it", () => {
  it('is read line by line: the console API, the engine’s own notes with or without a place, errors and warnings', () => {
    const output = `http://127.0.0.1:8000/:12:9: CONSOLE ERROR made by the test 42
CONSOLE SECURITY ERROR Unrecognized Content-Security-Policy directive 'manifest-src'.
http://127.0.0.1:8000/assets/site.js:1:200: CONSOLE JS ERROR TypeError: x is not a function
http://127.0.0.1:8000/:3:1: CONSOLE WARN careful
CONSOLE INFO engine-console-read-1
(WebKitWebProcess:123): GLib-WARNING **: not a console line`;
    const messages = output.split('\n').flatMap((line) => parseConsoleLine(line) ?? []);
    expect(messages.map(({ source, level }) => [source, level])).toEqual([
      [undefined, 'ERROR'],
      ['SECURITY', 'ERROR'],
      ['JS', 'ERROR'],
      [undefined, 'WARN'],
      [undefined, 'INFO'],
    ]);
    expect(consoleProblems(messages)).toEqual({
      consoleErrors: [
        'made by the test 42',
        "Unrecognized Content-Security-Policy directive 'manifest-src'.",
        'TypeError: x is not a function',
      ],
      consoleWarnings: ['careful'],
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGINES, findEngine, installCommand, takeEngineOption } from '../../scripts/lib/browsers';
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

import { describe, expect, it } from 'vitest';
import { type CommandSpec, formatHelp, parseCommand, positiveNumber, UsageError } from '../../generator/cli';
import { bindAddress, isAllowedHost, portToTry, serverUrls } from '../../generator/dev/address';

const spec = {
  usage: 'npm run example -- [options]',
  summary: 'Does an example thing.',
  options: {
    quiet: { type: 'boolean', short: 'q', description: 'print only errors' },
    port: { type: 'string', value: '<n>', description: 'port to try first' },
    host: { type: 'string', value: '[address]', optionalValue: true, description: 'listen on every interface, or on <address>' },
  },
  lists: [{ title: 'Environment', rows: [['PORT', 'port when --port is not given']] }],
} satisfies CommandSpec;

describe('parseCommand', () => {
  it('gives booleans as false when absent and strings as undefined', () => {
    expect(parseCommand(spec, [])).toEqual({ values: { quiet: false, port: undefined, host: undefined }, positionals: [], help: false });
    expect(parseCommand(spec, ['-q', '--port', '4000']).values).toMatchObject({ quiet: true, port: '4000' });
  });

  it('reads an optional value given bare, before another option, separated or inline', () => {
    expect(parseCommand(spec, ['--host']).values.host).toBe('');
    expect(parseCommand(spec, ['--host', '--port', '4000']).values).toMatchObject({ host: '', port: '4000' });
    expect(parseCommand(spec, ['--host', '192.168.1.5']).values.host).toBe('192.168.1.5');
    expect(parseCommand(spec, ['--host=::1']).values.host).toBe('::1');
  });

  it('recognises --help and -h', () => {
    expect(parseCommand(spec, ['--help']).help).toBe(true);
    expect(parseCommand(spec, ['-h']).help).toBe(true);
  });

  it('refuses an unknown option, a missing value and a positional, naming the known options', () => {
    const known = 'Options: --quiet, --port <n>, --host [address], --help.';
    expect(() => parseCommand(spec, ['--verbose'])).toThrow(new UsageError(`Unknown option '--verbose'. ${known}`));
    expect(() => parseCommand(spec, ['--port'])).toThrow(known);
    expect(() => parseCommand(spec, ['stray'])).toThrow(/Unexpected argument 'stray'.*Options: --quiet/);
    expect(() => parseCommand({ ...spec, positionals: true }, ['--verbose'])).toThrow(
      new UsageError(`Unknown option '--verbose'. ${known}`),
    );
  });
});

describe('formatHelp', () => {
  it('prints the summary, the usage and one aligned line per option, --help included, then the lists', () => {
    expect(formatHelp(spec)).toBe(
      [
        'Does an example thing.',
        '',
        'Usage: npm run example -- [options]',
        '',
        'Options:',
        '  -q, --quiet           print only errors',
        '      --port <n>        port to try first',
        '      --host [address]  listen on every interface, or on <address>',
        '  -h, --help            print this help and exit',
        '',
        'Environment:',
        '  PORT                  port when --port is not given',
      ].join('\n'),
    );
  });
});

describe('the dev server address', () => {
  it('takes --port over PORT over 3000, and refuses what is not a port', () => {
    expect(portToTry('4000', '5000')).toBe(4000);
    expect(portToTry(undefined, '5000')).toBe(5000);
    expect(portToTry(undefined, undefined)).toBe(3000);
    expect(portToTry(undefined, '')).toBe(3000);
    expect(() => portToTry('80a', undefined)).toThrow('--port must be a port number between 1 and 65535, not "80a".');
    expect(() => portToTry(undefined, '70000')).toThrow(/^PORT must be/);
    expect(() => portToTry('0', undefined)).toThrow(/^--port must be/);
  });

  it('binds loopback by default, every interface for a bare --host, else the address given', () => {
    expect(bindAddress(undefined)).toBe('127.0.0.1');
    expect(bindAddress('')).toBe('0.0.0.0');
    expect(bindAddress('192.168.1.5')).toBe('192.168.1.5');
  });

  it('prints a local URL for loopback and a network URL for any other address', () => {
    expect(serverUrls('127.0.0.1', 3000)).toEqual({ local: 'http://localhost:3000/', network: [] });
    expect(serverUrls('::1', 3000)).toEqual({ local: 'http://[::1]:3000/', network: [] });
    expect(serverUrls('192.168.1.5', 3000)).toEqual({ network: ['http://192.168.1.5:3000/'] });
    const all = serverUrls('0.0.0.0', 3000);
    expect(all.local).toBe('http://localhost:3000/');
    for (const url of all.network) expect(url).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:3000\/$/);
  });

  it('answers only its own names on loopback: localhost, 127.0.0.1 and [::1], with any port', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'LOCALHOST:3000',
      '127.0.0.1',
      '127.0.0.1:4000',
      '[::1]',
      '[::1]:3000',
      '[0:0:0:0:0:0:0:1]:3000',
    ]) {
      expect(isAllowedHost(host, '127.0.0.1', 'laptop'), host).toBe(true);
    }
    for (const host of [
      undefined,
      '',
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      'evil.example@localhost',
      'localhost:3000@evil.example',
      'localhost:3000 evil.example',
      '192.168.1.5:3000',
      '127.0.0.2:3000',
      'laptop:3000',
      '::1',
      'localhost:abc',
    ]) {
      expect(isAllowedHost(host, '127.0.0.1', 'laptop'), String(host)).toBe(false);
    }
    // --host 127.0.0.2 still keeps it on this machine, and answers to that address too.
    expect(isAllowedHost('127.0.0.2:3000', '127.0.0.2', 'laptop')).toBe(true);
    expect(isAllowedHost('192.168.1.5:3000', '127.0.0.2', 'laptop')).toBe(false);
  });

  it("opened with --host, also answers to addresses and to the machine's name, never to another name", () => {
    for (const bound of ['0.0.0.0', '::', '192.168.1.5']) {
      for (const host of ['localhost:3000', '192.168.1.5:3000', '10.0.0.7:3000', '[fd00::2]:3000', 'laptop:3000', 'Laptop.local:3000']) {
        expect(isAllowedHost(host, bound, 'laptop'), `${host} bound to ${bound}`).toBe(true);
      }
      for (const host of ['evil.example:3000', 'laptop.evil.example', '192.168.1.5.nip.io:3000', 'localhost.localdomain']) {
        expect(isAllowedHost(host, bound, 'laptop'), `${host} bound to ${bound}`).toBe(false);
      }
    }
    expect(isAllowedHost('dev.lan:3000', 'dev.lan', 'laptop')).toBe(true);
  });
});

describe('a positive number option', () => {
  it('is read as a number, and anything else is refused naming the option', () => {
    expect(positiveNumber(undefined, '--jobs')).toBeUndefined();
    expect(positiveNumber('2.5', '--page-timeout')).toBe(2.5);
    for (const value of ['0', '-1', 'x', '', 'Infinity']) {
      expect(() => positiveNumber(value, '--jobs')).toThrow(`--jobs takes a positive number, not "${value}".`);
    }
  });
});

/**
 * The project's commands read their arguments one way: node:util parseArgs, `--help` (`-h`) that
 * prints one line per option and exits 0, and a usage error that names the known options and
 * exits 1. build.ts, dev.ts, scripts/bench.ts and scripts/deploy-s3.ts describe themselves with a
 * CommandSpec; nothing else formats help or usage errors.
 */
import { parseArgs } from 'node:util';

export interface CliOption {
  type: 'boolean' | 'string';
  short?: string;
  /** The value as the help shows it: `<url>`, or `[address]` for an optional value. */
  value?: string;
  /**
   * A string option that may also be given bare: `--host`, `--host 0.0.0.0` and `--host=0.0.0.0`
   * all work. parseArgs has no such type, so a bare one is read as the empty string.
   */
  optionalValue?: boolean;
  /** One line, lower case, no full stop: it follows the option in the help. */
  description: string;
}

export type CliOptions = Record<string, CliOption>;

/** A list the help prints after the options: the positional arguments, the environment variables. */
export interface HelpList {
  title: string;
  rows: readonly (readonly [name: string, description: string])[];
}

export interface CommandSpec<O extends CliOptions = CliOptions> {
  /** How to call it: `npm run build -- [options]`. */
  usage: string;
  /** What it does, in one sentence. */
  summary: string;
  options: O;
  /** Whether it takes positional arguments (bench sections, a bucket name). */
  positionals?: boolean;
  lists?: readonly HelpList[];
}

/** Booleans are false when absent; strings undefined. */
export type CliValues<O extends CliOptions> = {
  [K in keyof O]: O[K]['type'] extends 'boolean' ? boolean : string | undefined;
};

export interface ParsedCommand<O extends CliOptions> {
  values: CliValues<O>;
  positionals: string[];
  help: boolean;
}

/** Arguments the command cannot run with; the message names the known options. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A positive number from an option, or undefined when it was not given; a UsageError for anything else. */
export function positiveNumber(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new UsageError(`${option} takes a positive number, not "${value}".`);
  return number;
}

const HELP: CliOption = { type: 'boolean', short: 'h', description: 'print this help and exit' };

/** Parses `args` against the spec; throws a UsageError for anything it does not know. */
export function parseCommand<O extends CliOptions>(
  spec: CommandSpec<O>,
  args: readonly string[] = process.argv.slice(2),
): ParsedCommand<O> {
  const options = withHelp(spec.options);
  const config = Object.fromEntries(
    Object.entries(options).map(([name, option]) => [
      name,
      { type: option.type, ...(option.short ? { short: option.short } : {}), ...(option.type === 'boolean' ? { default: false } : {}) },
    ]),
  );
  try {
    const { values, positionals } = parseArgs({
      args: bareToEmpty(args, options),
      options: config,
      strict: true,
      allowPositionals: spec.positionals ?? false,
    });
    const { help, ...rest } = values;
    // parseArgs types its result from a literal config; this one is built from the spec, whose
    // types CliValues mirrors (booleans default to false above, strings are string | undefined).
    return { values: rest as CliValues<O>, positionals, help: help === true };
  } catch (error) {
    if (!isParseArgsError(error)) throw error;
    // Node's unknown-option message goes on about positionals starting with '-'; the first sentence says it.
    const reason =
      error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? (error.message.split('. ')[0] ?? error.message) : error.message.replace(/\n/g, ' ');
    throw new UsageError(`${reason.replace(/\.$/, '')}. Options: ${optionNames(options).join(', ')}.`);
  }
}

/** The help text: the summary, the usage line, one line per option, then the spec's lists. */
export function formatHelp(spec: CommandSpec): string {
  const options = withHelp(spec.options);
  const optionRows = Object.entries(options).map(
    ([name, option]) =>
      [`${option.short ? `-${option.short}, ` : '    '}--${name}${option.value ? ` ${option.value}` : ''}`, option.description] as const,
  );
  const lists: HelpList[] = [{ title: 'Options', rows: optionRows }, ...(spec.lists ?? [])];
  const width = Math.max(...lists.flatMap((list) => list.rows.map(([name]) => name.length)));
  const lines = [spec.summary, '', `Usage: ${spec.usage}`];
  for (const list of lists) {
    lines.push('', `${list.title}:`, ...list.rows.map(([name, description]) => `  ${name.padEnd(width)}  ${description}`));
  }
  return lines.join('\n');
}

/**
 * For commands that print and exit on their own: --help prints the help and exits 0; a usage
 * error prints its message and exits 1. Otherwise returns the values.
 */
export function readCommandLine<O extends CliOptions>(spec: CommandSpec<O>, args?: readonly string[]): Omit<ParsedCommand<O>, 'help'> {
  let parsed: ParsedCommand<O>;
  try {
    parsed = parseCommand(spec, args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (parsed.help) {
    console.log(formatHelp(spec));
    process.exit(0);
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

function withHelp(options: CliOptions): CliOptions {
  return { ...options, help: HELP };
}

function optionNames(options: CliOptions): string[] {
  return Object.entries(options).map(([name, option]) => `--${name}${option.value ? ` ${option.value}` : ''}`);
}

/** `--host` with no value after it (the end, or another option next) becomes `--host=`. */
function bareToEmpty(args: readonly string[], options: CliOptions): string[] {
  const optional = new Set(Object.entries(options).flatMap(([name, option]) => (option.optionalValue ? [`--${name}`] : [])));
  const end = args.indexOf('--');
  return args.map((arg, index) => {
    const next = args[index + 1];
    const bare = optional.has(arg) && (end < 0 || index < end) && (next === undefined || next.startsWith('-'));
    return bare ? `${arg}=` : arg;
  });
}

function isParseArgsError(error: unknown): error is TypeError & { code: string } {
  return error instanceof TypeError && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
}

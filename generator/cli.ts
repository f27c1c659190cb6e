/** How the project's commands read their arguments: node:util parseArgs, `--help`, and usage errors that name the options. */
import { parseArgs } from 'node:util';

export interface CliOption {
  type: 'boolean' | 'string';
  short?: string;
  /** `<url>`, or `[address]` for an optional value. */
  value?: string;
  /** `--host`, `--host 0.0.0.0` and `--host=0.0.0.0` all work; parseArgs has no such type, so bare is "". */
  optionalValue?: boolean;
  /** One line, lower case, no full stop. */
  description: string;
}

export type CliOptions = Record<string, CliOption>;

export interface CommandSpec<O extends CliOptions = CliOptions> {
  usage: string;
  summary: string;
  options: O;
  positionals?: boolean;
  /** Printed after the options: the positional arguments, the environment variables. */
  lists?: readonly { title: string; rows: readonly (readonly [name: string, description: string])[] }[];
}

export type CliValues<O extends CliOptions> = {
  [K in keyof O]: O[K]['type'] extends 'boolean' ? boolean : string | undefined;
};

export type ParsedCommand<O extends CliOptions> = { values: CliValues<O>; positionals: string[]; help: boolean };

export class UsageError extends Error {
  override name = 'UsageError';
}

export function positiveNumber(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new UsageError(`${option} takes a positive number, not "${value}".`);
  return number;
}

const HELP: CliOption = { type: 'boolean', short: 'h', description: 'print this help and exit' };

export function parseCommand<O extends CliOptions>(
  spec: CommandSpec<O>,
  args: readonly string[] = process.argv.slice(2),
): ParsedCommand<O> {
  const options: CliOptions = { ...spec.options, help: HELP };
  // parseArgs ignores the fields it does not know (value, description).
  const config = Object.fromEntries(
    Object.entries(options).map(([name, option]) => [name, option.type === 'boolean' ? { ...option, default: false } : option]),
  );
  try {
    const { values, positionals } = parseArgs({
      args: bareToEmpty(args, options),
      options: config,
      strict: true,
      allowPositionals: spec.positionals ?? false,
    });
    const { help, ...rest } = values;
    // Typed from the spec, which CliValues mirrors; parseArgs types only a literal config.
    return { values: rest as CliValues<O>, positionals, help: help === true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!(error instanceof TypeError) || !code?.startsWith('ERR_PARSE_ARGS')) throw error;
    // Node's unknown-option message goes on about positionals starting with '-'; the first sentence says it.
    const reason =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? (error.message.split('. ')[0] ?? error.message) : error.message.replace(/\n/g, ' ');
    const names = Object.entries(options).map(([name, option]) => flag(name, option));
    throw new UsageError(`${reason.replace(/\.$/, '')}. Options: ${names.join(', ')}.`);
  }
}

export function formatHelp(spec: CommandSpec): string {
  const optionRows = Object.entries({ ...spec.options, help: HELP }).map(
    ([name, option]) => [`${option.short ? `-${option.short}, ` : '    '}${flag(name, option)}`, option.description] as const,
  );
  const lists = [{ title: 'Options', rows: optionRows }, ...(spec.lists ?? [])];
  const width = Math.max(...lists.flatMap((list) => list.rows.map(([name]) => name.length)));
  const lines = [spec.summary, '', `Usage: ${spec.usage}`];
  for (const list of lists)
    lines.push('', `${list.title}:`, ...list.rows.map(([name, description]) => `  ${name.padEnd(width)}  ${description}`));
  return lines.join('\n');
}

/** --help exits 0, a usage error exits 1. */
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

const flag = (name: string, option: CliOption) => `--${name}${option.value ? ` ${option.value}` : ''}`;

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

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { commands } from '../transforms/registry.js';
import type { CommandSpec } from '../transforms/spec.js';
import { globalOptions } from './global-options.js';
import { camel, kebab } from './option-names.js';

/** The part of an option (a command's `CliOption` or a global one) the quick parser reads. */
interface QuickOption {
  readonly type?: string;
  readonly alias?: string | readonly string[];
  readonly default?: unknown;
  readonly choices?: readonly unknown[];
  readonly coerce?: (value: never) => unknown;
}

/** A number as yargs reads it, in the plain decimal form the quick parser accepts. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Parses the common command line, `<command> [options] [files...]`, from the registry with
 * node:util's `parseArgs`, so that a run need not load yargs (~50 ms). It gives the arguments
 * yargs would give (camelCase keys, defaults, `files`) or, for anything it is not sure of,
 * undefined: the caller then hands the command line to yargs, which parses it, prints help or
 * the version, and reports every error. So it declines: no command first, `--help`/`--version`,
 * unknown or repeated options, a short option with its value attached (`-o=x`), a value out of
 * its choices, a number not in plain decimal, a value a `coerce` refuses, array options, `--`,
 * and a `true`/`false` word (yargs may take it as a flag's value). test/cli/quick-parse.test.ts
 * checks it against yargs command line by command line.
 */
export function quickParse(
  argv: readonly string[],
  specs: readonly CommandSpec[] = commands,
): { spec: CommandSpec; args: Record<string, unknown> } | undefined {
  const spec = specs.find((s) => s.name === argv[0]);
  if (spec === undefined) return undefined;
  const known = new Map<string, QuickOption>(
    Object.entries(globalOptions) as [string, QuickOption][],
  );
  for (const [name, o] of Object.entries(spec.options)) known.set(kebab(name), o);
  const config: NonNullable<ParseArgsConfig['options']> = {};
  for (const [flag, o] of known) {
    if (o.type === 'array') continue; // yargs reads the words after it as its values
    const type = o.type === 'boolean' ? 'boolean' : 'string';
    const short = typeof o.alias === 'string' && o.alias.length === 1 ? o.alias : undefined;
    config[flag] = short === undefined ? { type } : { type, short };
  }
  let tokens;
  try {
    ({ tokens } = parseArgs({
      args: argv.slice(1),
      options: config,
      strict: true,
      allowPositionals: true,
      allowNegative: true,
      tokens: true,
    }));
  } catch {
    return undefined;
  }
  const args: Record<string, unknown> = {};
  for (const [flag, o] of known) if (o.default !== undefined) args[camel(flag)] = o.default;
  const given = new Set<string>();
  const files: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'option-terminator') return undefined; // yargs keeps what follows out of files
    if (t.kind === 'positional') {
      if (t.value === 'true' || t.value === 'false') return undefined;
      files.push(t.value);
    }
    if (t.kind !== 'option') continue;
    const o = known.get(t.name) as QuickOption;
    if (given.has(t.name)) return undefined;
    // `-o=x` and `-oq`: yargs reads these as `-o x` and `-o -q`, parseArgs as the value `=x`, `q`.
    if (t.inlineValue === true && !t.rawName.startsWith('--')) return undefined;
    given.add(t.name);
    let value: unknown = t.value ?? !t.rawName.startsWith('--no-');
    if (o.type === 'number') {
      if (!DECIMAL.test(t.value as string)) return undefined;
      value = Number(t.value);
    }
    if (o.choices && !o.choices.includes(value)) return undefined;
    if (o.coerce) {
      try {
        value = o.coerce(value as never);
      } catch {
        return undefined;
      }
    }
    args[camel(t.name)] = value;
  }
  args.files = files;
  return { spec, args };
}

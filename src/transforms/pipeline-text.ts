import { parseArgs, type ParseArgsConfig } from 'node:util';
import { badOption, TxpipeError } from '../stream/errors.js';
import { nearestName } from '../stream/nearest-name.js';
import type { CliOption, CommandSpec } from './spec.js';

/** One stage of a pipeline: a command and its options (camelCase names, as the CLI parses them). */
export interface PipelineStep {
  readonly command: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

/**
 * Splits a pipeline's text (`redact | clip --limit 4KiB`) into words as a POSIX shell would
 * (single quotes, double quotes with backslash escapes, backslash outside quotes) and into stages
 * at every `|` outside quotes. Gives each stage's words; the first word is the command.
 */
export function splitPipeline(text: string): string[][] {
  const stages: string[][] = [[]];
  let word: string | undefined;
  const endWord = (): void => {
    if (word !== undefined) (stages[stages.length - 1] as string[]).push(word);
    word = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '|') {
      endWord();
      stages.push([]);
    } else if (/\s/.test(c)) {
      endWord();
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) badOption(`pipeline: unclosed ' in "${text}"`);
      word = (word ?? '') + text.slice(i + 1, close);
      i = close;
    } else if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        s += text[j];
        j++;
      }
      if (j >= text.length) badOption(`pipeline: unclosed " in "${text}"`);
      word = (word ?? '') + s;
      i = j;
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else {
      word = (word ?? '') + c;
    }
  }
  endWord();
  for (const words of stages) {
    if (words.length === 0) badOption(`pipeline: empty stage in "${text}"`);
  }
  return stages;
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (flag: string): string =>
  flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A command's option that is not there: an unknown-option error naming the nearest one. */
function noOption(spec: CommandSpec, name: string): never {
  const near = nearestName(name, Object.keys(spec.options));
  const hint = near === undefined ? '' : `; did you mean --${kebab(near)}?`;
  throw new TxpipeError(
    'ERR_TXPIPE_UNKNOWN_OPTION',
    `${spec.name} has no option --${kebab(name)}${hint}`,
  );
}

/** One option's value checked against its declaration, as the CLI checks it. */
function optionValue(command: string, name: string, o: CliOption, value: unknown): unknown {
  const flag = `${command} --${kebab(name)}`;
  if (o.type === 'number' && typeof value === 'string') {
    if (!/^-?\d+(\.\d+)?$/.test(value)) badOption(`${flag} takes a number, not "${value}"`);
    value = Number(value);
  }
  // A JSON number where the command line takes text (a size: `"limit": 4096`) is its text.
  if (o.type === 'string' && typeof value === 'number' && Number.isFinite(value)) {
    value = String(value);
  }
  if (Array.isArray(value)) badOption(`${flag} takes one value, not a list`);
  if (o.type === 'boolean' && typeof value !== 'boolean') badOption(`${flag} takes no value`);
  if (o.type === 'number' && typeof value !== 'number') badOption(`${flag} takes a number`);
  if (o.type === 'string' && typeof value !== 'string') badOption(`${flag} takes a string`);
  if (o.choices && !o.choices.includes(value as string)) {
    badOption(`${flag} takes one of ${o.choices.join(', ')}, not "${String(value)}"`);
  }
  return value;
}

/** A value through its option's `coerce`, as the CLI gives it: what it refuses, a usage error. */
function coerced(command: string, o: CliOption, value: unknown): unknown {
  try {
    return (o.coerce as (v: unknown) => unknown)(value);
  } catch (err) {
    return badOption(`${command}: ${(err as Error).message}`);
  }
}

/**
 * A stage's options with the command's defaults, every name checked against its declaration:
 * an unknown option or a value of the wrong type is a bad-option error naming the command.
 */
export function stageArgs(
  spec: CommandSpec,
  given: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    if (o.default !== undefined) args[name] = o.default;
  }
  for (const [key, value] of Object.entries(given)) {
    const name = camel(key);
    const o = spec.options[name];
    if (o === undefined) noOption(spec, name);
    if (o.type === 'array') {
      const values = Array.isArray(value) ? value : [value];
      args[name] = values.map((v) => optionValue(spec.name, name, { ...o, type: 'string' }, v));
    } else if (o.repeatable === true && Array.isArray(value)) {
      const values = value.map((v) => optionValue(spec.name, name, o, v));
      args[name] = values.length === 1 ? values[0] : values;
    } else {
      args[name] = optionValue(spec.name, name, o, value);
    }
    if (o.coerce) args[name] = coerced(spec.name, o, args[name]);
  }
  return args;
}

/** Parses one stage's words (`clip --limit 4KiB`) against its command's options. */
export function parseStage(spec: CommandSpec, words: readonly string[]): Record<string, unknown> {
  const config: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    const type = o.type === 'boolean' ? 'boolean' : 'string';
    const short = o.alias?.length === 1 ? o.alias : undefined;
    const multiple = o.type === 'array' || o.repeatable === true;
    config[kebab(name)] = { type, multiple, ...(short ? { short } : {}) };
  }
  const bare = new Map<string, string>();
  for (const [name, o] of Object.entries(spec.options)) {
    if (o.optionalValue !== undefined) {
      bare.set(`--${kebab(name)}`, `--${kebab(name)}=${o.optionalValue}`);
    }
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: words.map((w) => bare.get(w) ?? w),
      options: config,
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    const unknown = /^Unknown option '--?([^']+)'/.exec((err as Error).message);
    if (unknown) noOption(spec, camel(unknown[1] as string));
    badOption(`${spec.name}: ${(err as Error).message.split('\n')[0] ?? ''}`);
  }
  return stageArgs(spec, parsed.values as Record<string, unknown>);
}

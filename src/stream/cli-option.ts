/** One command-line option, in the subset of yargs' option shape txpipe uses. */
export interface CliOption {
  readonly type: 'string' | 'boolean' | 'number' | 'array';
  readonly describe: string;
  readonly default?: unknown;
  readonly choices?: readonly string[];
  readonly alias?: string;
  /**
   * The value a bare `--name` means. The option then takes a value only as `--name=value`, so
   * the word after a bare `--name` stays a positional (a file), never the option's value.
   */
  readonly optionalValue?: string;
  /**
   * May be given more than once (`redact --config A --config B`, `clip --field a=4 --field b=4`):
   * the command takes every value, as an array, each option word taking one value (unlike
   * `array`, which takes the words after it); given once, the value is as given. Any other option
   * that takes a value, given twice, is a usage error naming it.
   */
  readonly repeatable?: boolean;
  /** Turns the value as given into the value the command takes; throws a usage error. */
  readonly coerce?: (value: never) => unknown;
}
